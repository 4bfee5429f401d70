import { expect } from 'vitest';
import { admin } from '../global-postgres';
import type { TestApp } from '../build';
import { multipart, pngBytes } from '../uploads';

/** A new, empty database on the test PostgreSQL server of `sourceUrl` (not a clone of the migrated template), to restore into. */
export async function emptyDatabase(sourceUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `restored_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin(sourceUrl, `create database ${name} template template0`);
  const target = new URL(sourceUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(sourceUrl, `drop database if exists ${name} with (force)`) };
}

/** A merchant uploads a deal image (stored in the app's storage: DATA_DIR/uploads or the bucket). */
export async function uploadDealImage(t: TestApp, cookie: string): Promise<void> {
  const upload = await t.request({
    method: 'POST',
    url: '/api/merchant/uploads/deal-images',
    cookie,
    ...multipart('photo.png', 'image/png', await pngBytes(640, 400)),
  });
  expect(upload.statusCode).toBe(201);
}
