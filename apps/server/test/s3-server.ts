import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import S3rver from 's3rver';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-compatible server on loopback (s3rver, objects in a temporary folder) with one bucket,
 * stopped after the file's tests. `env` is the S3_* configuration that points the app at it.
 * docs/decisions/0012-object-storage.md says why s3rver.
 */
export async function startS3Server(bucket = 'lp-images') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-s3rver-'));
  const serve = (port: number) =>
    new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  afterAll(async () => {
    await server?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    // s3rver's built-in credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  // The test's own view of the bucket, independent of the app's storage code.
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  afterAll(() => client.destroy());
  return {
    env,
    /** The store goes away: nothing listens on its port (connections are refused) until `up()`. */
    async down() {
      await server?.close();
      server = null;
    },
    /** The store comes back on the same port with the same objects (nothing to do when it is up). */
    async up() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    /** Every key in the bucket under a prefix. */
    async keys(prefix = '') {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    /** An object as the bucket holds it. */
    async object(key: string) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { data: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType, cacheControl: res.CacheControl };
    },
    /** Removes an object from the bucket, as someone deleting it by hand would. */
    async remove(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    /** Makes an object look written `ms` ago (s3rver reports its file's modification time as LastModified). */
    age(key: string, ms: number) {
      const file = path.join(directory, bucket, `${key}._S3rver_object`);
      const at = new Date(Date.now() - ms);
      fs.utimesSync(file, at, at);
    },
  };
}
