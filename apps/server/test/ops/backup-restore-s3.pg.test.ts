import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as backup } from '../../src/cli/db-backup';
import { main as restore } from '../../src/cli/db-restore';
import type { BackupManifest } from '../../src/ops/backup';
import { build } from '../build';
import { createMerchantSession } from '../factories';
import { startS3Server } from '../s3-server';
import { emptyDatabase, uploadDealImage } from './backups';

/**
 * `npm run db:backup` with the images in an S3 bucket (docs/decisions/0043-backups.md): the bucket keeps the bytes,
 * so the backup lists its objects with their size and checksum (ETag), and `npm run db:restore` checks that the
 * bucket still has every one of them. (Images on the local disk travel inside the backup: backup-restore.test.ts.)
 */
const s3 = await startS3Server();
const t = await build({ env: s3.env });
const url = (t.database as { url?: string }).url!;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-backup-s3-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));
const cliEnv = (env: Record<string, string>) => ({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...s3.env, ...env });

describe('backup and restore with the images in an S3 bucket', () => {
  it('lists every object with its size and checksum, and a restore fails when one is gone from the bucket', async () => {
    const merchant = await createMerchantSession(t);
    await uploadDealImage(t, merchant.cookie);
    const keys = await s3.keys('deals/');
    expect(keys.length).toBeGreaterThan(0);

    expect(await backup(['--out', out], { env: cliEnv({ DATABASE_URL: url }), readDotEnv: false })).toBe(0);
    const [file] = fs.readdirSync(out).filter((f) => f.endsWith('.tar'));
    const tar = path.join(out, file!);
    // No image bytes in the backup: the bucket's list, each object's size and MD5 (its ETag), as the bucket holds it.
    expect(execFileSync('tar', ['-tf', tar], { encoding: 'utf8' }).split('\n').filter(Boolean).sort()).toEqual([
      './',
      './database.pgdump',
      './manifest.json',
    ]);
    const manifest = JSON.parse(execFileSync('tar', ['-xOf', tar, './manifest.json'], { encoding: 'utf8' })) as BackupManifest;
    const expected = await Promise.all(
      keys.map(async (key) => {
        const { data } = await s3.object(key);
        return { key, size: data.length, etag: `"${createHash('md5').update(data).digest('hex')}"` };
      }),
    );
    expect(manifest.uploads).toEqual({ storage: 's3', objects: expected });

    // Restored into an empty database, with every object still in the bucket: it matches.
    const first = await emptyDatabase(url);
    expect(await restore([tar], { env: cliEnv({ DATABASE_URL: first.url }), readDotEnv: false })).toBe(0);
    // An object deleted from the bucket since: the restore says the backup does not match.
    await s3.remove(keys[0]!);
    const second = await emptyDatabase(url);
    expect(await restore([tar], { env: cliEnv({ DATABASE_URL: second.url }), readDotEnv: false })).toBe(1);
    await first.drop();
    await second.drop();
  }, 60_000);
});
