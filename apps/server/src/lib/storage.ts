import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. One implementation stores them on disk under `DATA_DIR/uploads`; an
 * object store (S3 and the like) can take its place for several instances without shared disks.
 * Keys are relative paths made by the server (never by the client), e.g. `deals/<uuid>.webp`.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes and content type, or null when there is no such file. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key under a folder (e.g. `deals`), with when it was last written. */
  list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]>;
}

/** The storage of uploaded files for this configuration: `DATA_DIR/uploads` on disk. */
export function uploadStorage(dataDir: string): FileStorage {
  return diskStorage(path.join(dataDir, 'uploads'));
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.(webp|png|jpe?g)$/;
/** Our keys are short (`deals/<uuid>-sm.webp`); a longer name from a URL would only meet ENAMETOOLONG on disk. */
const KEY_MAX_LENGTH = 200;
const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export function isStorageKey(key: string): boolean {
  return key.length <= KEY_MAX_LENGTH && KEY.test(key);
}

export function diskStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const data = await fs.readFile(fileFor(key));
        return { data, contentType: TYPES[key.split('.').pop()!] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
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
