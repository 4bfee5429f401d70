import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { JOBS } from '../src/jobs';
import { build, ORIGIN } from './build';
import { createMerchantSession } from './factories';
import { startS3Server } from './s3-server';
import { dealInput, multipart, pngBytes } from './uploads';

// Two instances on one PostgreSQL database and one bucket, each with a data folder of its own (no
// shared disk): what one instance stores, the other serves and cleans up.
const s3 = await startS3Server();
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `lp-${name}-`));
const first = await build({ env: { DATA_DIR: tmp('s3-one'), ...s3.env } });
const database = await openDatabase({ url: (first.database as { url?: string }).url! });
const second = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0', DATA_DIR: tmp('s3-two'), ...s3.env }),
  database,
  logger: false,
});
await second.ready();
afterAll(async () => {
  await second.close();
  await database.close();
});
const DAY = 86_400_000;

describe('two instances sharing one bucket', () => {
  it('serve an image uploaded through the other: same bytes, content type and cache headers', async () => {
    const m = await createMerchantSession(first);
    const res = await first.request({
      method: 'POST',
      url: '/api/merchant/uploads/deal-images',
      cookie: m.cookie,
      ...multipart('photo.png', 'image/png', await pngBytes()),
    });
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl } = res.json();

    const viaFirst = await first.request({ method: 'GET', url });
    const viaSecond = await second.inject({ method: 'GET', url });
    expect(viaSecond.statusCode).toBe(200);
    expect(viaSecond.rawPayload.equals(viaFirst.rawPayload)).toBe(true);
    expect(viaSecond.rawPayload.equals((await s3.object(url.replace('/uploads/', ''))).data)).toBe(true);
    expect(viaSecond.headers['content-type']).toBe('image/webp');
    expect(viaSecond.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(viaSecond.headers.etag).toBe(viaFirst.headers.etag);
    expect((await second.inject({ method: 'GET', url, headers: { 'if-none-match': viaFirst.headers.etag as string } })).statusCode).toBe(
      304,
    );
    expect((await second.inject({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(200);

    // The other instance accepts it in a deal (it checks the bucket, not its own disk); sessions are in the database.
    const created = await second.inject({
      method: 'POST',
      url: '/api/merchant/deals',
      headers: { origin: ORIGIN, cookie: m.cookie },
      payload: dealInput({ images: [url] }),
    });
    expect(created.statusCode).toBe(201);
  });

  it('clean up an unused image uploaded through the other instance', async () => {
    const m = await createMerchantSession(first);
    const res = await first.request({
      method: 'POST',
      url: '/api/merchant/uploads/deal-images',
      cookie: m.cookie,
      ...multipart('photo.png', 'image/png', await pngBytes(300, 200)),
    });
    const { url, thumbnailUrl } = res.json();
    const keys = [url, thumbnailUrl].map((u: string) => u.replace('/uploads/', ''));
    for (const key of keys) s3.age(key, DAY + 60_000);

    await JOBS.find((j) => j.name === 'unused-uploads')!.run(second.deps);
    const left = await s3.keys('deals/');
    for (const key of keys) expect(left).not.toContain(key);
    expect((await first.request({ method: 'GET', url })).statusCode).toBe(404);
  });
});
