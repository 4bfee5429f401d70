import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config';
import { StorageUnavailableError } from '../ops/outages';

/** What GET /uploads/* sends: the bytes as a stream, or "not modified" for a matching If-None-Match. */
export type StoredObject =
  | { notModified: false; body: Readable; contentType: string; contentLength: number | undefined; etag: string | undefined }
  | { notModified: true; etag: string | undefined };

/**
 * Where uploaded files live: on disk under `DATA_DIR/uploads` (the default, one instance), or in an
 * S3-compatible bucket (several instances, no shared disk). Chosen once at start-up from the
 * configuration (docs/decisions/0012-object-storage.md). Keys are relative paths made by the server
 * (never by the client), e.g. `deals/<uuid>.webp`; a key is written once and never changes.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, "not modified" when `ifNoneMatch` names its ETag, or null when there is no such file. */
  get(key: string, opts?: { ifNoneMatch?: string }): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key under a folder (e.g. `deals`), with when it was last written. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
  /**
   * The URL a browser loads an image from, given the one stored in the database. Stored URLs stay
   * `/uploads/<key>` whatever the storage, so moving to a CDN needs no data migration; with
   * `S3_PUBLIC_URL` they become `<S3_PUBLIC_URL>/<key>`. Other URLs (the demo catalogue's
   * `/images/…`) are returned unchanged.
   */
  readonly publicUrl: ImageUrl;
  /** The inverse of publicUrl for a URL the client sends back (a deal's images): `/uploads/<key>`, or the URL unchanged. */
  readonly storedUrl: ImageUrl;
}

/** Turns an image URL as stored into the one the API returns (FileStorage.publicUrl). */
export type ImageUrl = (storedUrl: string) => string;
/** No mapping: for callers (tests, benches) that want the stored URLs. */
export const sameImageUrl: ImageUrl = (url) => url;

export const UPLOADS_PATH = '/uploads/';

/** Uploaded objects never change under their key: browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The storage of uploaded files for this configuration: the S3 bucket when configured, else `DATA_DIR/uploads` on disk. */
export async function uploadStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'uploads'));
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|avif|png|jpe?g)$/;
/** Our keys are short (`deals/<uuid>-sm.webp`); a longer name from a URL would only meet ENAMETOOLONG on disk. */
const KEY_MAX_LENGTH = 200;
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
const typeOf = (key: string) => TYPES[key.split('.').pop()!] ?? 'application/octet-stream';

export function isStorageKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key);
}

function assertKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
}

/** publicUrl/storedUrl for a storage whose objects are served from `base` (undefined: through this server). */
function urlMapping(base: string | undefined): Pick<FileStorage, 'publicUrl' | 'storedUrl'> {
  if (!base) return { publicUrl: sameImageUrl, storedUrl: sameImageUrl };
  return {
    publicUrl: (url) =>
      url.startsWith(UPLOADS_PATH) && isStorageKey(url.slice(UPLOADS_PATH.length)) ? `${base}/${url.slice(UPLOADS_PATH.length)}` : url,
    storedUrl: (url) =>
      url.startsWith(`${base}/`) && isStorageKey(url.slice(base.length + 1)) ? `${UPLOADS_PATH}${url.slice(base.length + 1)}` : url,
  };
}

/** If-None-Match matches this ETag (a list, weak or strong, or `*`). */
function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

export function diskStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'disk',
    ...urlMapping(undefined),
    async put(key, data) {
      const file = fileFor(key);
      // Write then rename: a reader never sees half a file. A disk that refuses (full, read-only) is an outage.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw new StorageUnavailableError('write', err);
      }
    },
    async get(key, opts = {}) {
      if (!isStorageKey(key)) return null;
      const file = fileFor(key);
      const stat = await fs.stat(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
        throw new StorageUnavailableError('read', err);
      });
      if (!stat?.isFile()) return null;
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (etagMatches(opts.ifNoneMatch, etag)) return { notModified: true, etag };
      return { notModified: false, body: createReadStream(file), contentType: typeOf(key), contentLength: stat.size, etag };
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      return fs
        .stat(fileFor(key))
        .then((s) => s.isFile())
        .catch(() => false);
    },
    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },
    async list(prefix) {
      const dir = path.join(root, prefix);
      const names = await fs.readdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      const out: { key: string; modifiedAt: Date }[] = [];
      for (const name of names) {
        const key = `${prefix}/${name.split(path.sep).join('/')}`;
        if (!isStorageKey(key)) continue; // folders, half-written .tmp files
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) out.push({ key, modifiedAt: stat.mtime });
      }
      return out;
    },
  };
}

/** The HTTP status of an S3 service error (the SDK's S3ServiceException carries it in `$metadata`). */
const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * An S3-compatible bucket through the AWS SDK v3 (AWS S3, Cloudflare R2, MinIO…). Objects are written
 * with their content type and the immutable cache header, so a CDN in front of the bucket serves them
 * right without this server.
 */
export async function s3Storage(config: S3Config, client?: S3Client): Promise<FileStorage> {
  // Loaded only when a bucket is configured: the SDK adds about a second and 25 MB to a start on disk.
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK waits for ever by default: a bucket that accepts connections but does not answer would hold
      // an upload (and its merchant) until the browser gives up. 3 s to connect, 15 s for an answer, then
      // the SDK's own retries (3 attempts), then a 503.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    });
  const Bucket = config.bucket;
  /** Any failure but the answers handled below (404, 304) means the bucket cannot serve: an outage (ops/outages.ts). */
  const unavailable = (operation: string, err: unknown) => new StorageUnavailableError(`${operation} (bucket ${Bucket})`, err);
  return {
    kind: 's3',
    ...urlMapping(config.publicUrl),
    async put(key, data, contentType) {
      assertKey(key);
      // A single PUT is atomic in S3: a reader sees the whole object or none.
      await s3
        .send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }))
        .catch((err: unknown) => {
          throw unavailable('put', err);
        });
    },
    async get(key, opts = {}) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: opts.ifNoneMatch }));
        if (!res.Body) return null;
        return {
          notModified: false,
          // In Node the SDK's body is an http.IncomingMessage: streamed to the client, never buffered here.
          body: res.Body as Readable,
          contentType: res.ContentType ?? typeOf(key),
          contentLength: res.ContentLength,
          etag: res.ETag,
        };
      } catch (err) {
        const status = statusOf(err);
        // The request named the object's ETag; echo it back when it was a single tag.
        if (status === 304)
          return {
            notModified: true,
            etag: /^(W\/)?"[^",]*"$/.test(opts.ifNoneMatch?.trim() ?? '') ? opts.ifNoneMatch!.trim() : undefined,
          };
        if (status === 404) return null;
        throw unavailable('get', err);
      }
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      try {
        await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw unavailable('head', err);
      }
    },
    async delete(key) {
      assertKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
        throw unavailable('delete', err);
      });
    },
    async list(prefix) {
      const out: { key: string; modifiedAt: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/`, ContinuationToken })).catch((err: unknown) => {
          throw unavailable('list', err);
        });
        for (const o of page.Contents ?? []) {
          if (o.Key && isStorageKey(o.Key)) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return out;
    },
  };
}
