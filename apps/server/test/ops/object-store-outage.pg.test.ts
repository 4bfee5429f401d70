import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { deals } from '../../src/db/schema';
import { JOBS, startJobs } from '../../src/jobs';
import { StorageUnavailableError } from '../../src/ops/outages';
import { build } from '../build';
import { createDeal, createMerchantSession } from '../factories';
import { runsFor, waitForRuns } from '../jobs';
import { startS3Server } from '../s3-server';
import { dealInput, multipart, pngBytes } from '../uploads';

/**
 * The object store (S3) is down (docs/decisions/0046-outages.md). What a merchant sees: an upload answers a
 * clear 503 saying nothing was saved and to try again, and no deal is left half made. What a customer sees:
 * deal pages still load (their images fall back to the placeholder: the image address answers 503 at once).
 * What the clean-up job does: it fails, and pg-boss retries it once the store is back.
 */
const s3 = await startS3Server();
const t = await build({ env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lp-s3-down-')), ...s3.env } });
const DAY = 86_400_000;
const STORAGE_MESSAGE = 'Image storage is unavailable right now, so nothing was saved. Please try again in a few minutes.';

const upload = (cookie: string, data: Buffer) =>
  t.request({ method: 'POST', url: '/api/merchant/uploads/deal-images', cookie, ...multipart('photo.png', 'image/png', data) });
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('the object store down', () => {
  it('uploads answer a clear 503 and change nothing, deal pages still load, and the clean-up job retries later', async () => {
    const m = await createMerchantSession(t);
    const png = await pngBytes(800, 500);
    const saved = await upload(m.cookie, png);
    expect(saved.statusCode).toBe(201);
    const imageUrl = saved.json<{ url: string }>().url;
    const created = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({ images: [imageUrl] }),
    });
    expect(created.statusCode).toBe(201);
    // A live deal with that image, as customers see it.
    const live = await createDeal(t.database.db, m.merchant.id, { images: [imageUrl], imageUrl });
    // A day-old upload no deal uses, for the clean-up job.
    const unused = (await upload(m.cookie, png)).json<{ url: string }>().url;
    const unusedKeys = (await s3.keys(keyOf(unused).slice(0, -5))).filter((k) => k.startsWith(keyOf(unused).slice(0, -5)));
    for (const key of unusedKeys) s3.age(key, 2 * DAY);
    const keysBefore = await s3.keys();
    const dealsBefore = await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.merchantId, m.merchant.id));

    await s3.down();

    // The merchant's upload: 503, Retry-After, a message that says what happened and what to do.
    const refused = await upload(m.cookie, png);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json().error).toMatchObject({ code: 'UNAVAILABLE', message: STORAGE_MESSAGE });
    // Saving a deal checks its images in the store: the same answer, and no deal row.
    const second = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({ images: [imageUrl] }),
    });
    expect(second.statusCode).toBe(503);
    expect(second.json().error.message).toBe(STORAGE_MESSAGE);
    expect(await t.database.db.select({ id: deals.id }).from(deals).where(eq(deals.merchantId, m.merchant.id))).toEqual(dealsBefore);

    // A customer's deal page: the deal loads as always; its image address fails fast with 503 (the page shows the placeholder).
    const page = await t.request({ method: 'GET', url: `/api/deals/${live.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().deal.images).toEqual([imageUrl]);
    const image = await t.request({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(503);
    expect(image.headers['retry-after']).toBe('30');

    // The hourly clean-up job fails while the store is down; pg-boss keeps the run for a retry (1 s apart here).
    const unusedUploads = { ...JOBS.find((j) => j.name === 'unused-uploads')!, retryDelaySeconds: 1 };
    const queue = await startJobs(t.app.deps, t.database, { jobs: [unusedUploads], runSchedules: false, pollingIntervalSeconds: 0.5 });
    afterAll(() => queue.stop());
    const key = `store-down-${Date.now()}`;
    await queue.trigger('unused-uploads', key);
    // What the queue holds meanwhile: the run waiting for its retry, with the store's error.
    const failedOnce = await waitForRetry(key);
    expect(failedOnce.output).toMatchObject({ message: expect.stringContaining('image storage list') });

    await s3.up();
    const [run] = await waitForRuns(t.database.db, key);
    expect(run).toMatchObject({ state: 'completed', output: { removed: unusedKeys.length } });
    expect(run!.retryCount).toBeGreaterThanOrEqual(1);
    expect(await s3.keys()).toEqual(keysBefore.filter((k) => !unusedKeys.includes(k)));

    // Back: uploads work again.
    expect((await upload(m.cookie, png)).statusCode).toBe(201);
  });

  it('a store that fails in the middle of an upload leaves none of its sizes behind', async () => {
    await s3.up();
    const m = await createMerchantSession(t);
    const before = await s3.keys();
    const put = t.app.storage.put.bind(t.app.storage);
    let puts = 0;
    // The bucket takes two sizes, then goes away.
    t.app.storage.put = async (key, data, type) => {
      if (++puts > 2) throw new StorageUnavailableError('put', new Error('connect ECONNREFUSED'));
      return put(key, data, type);
    };
    try {
      const res = await upload(m.cookie, await pngBytes(800, 500));
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(STORAGE_MESSAGE);
    } finally {
      t.app.storage.put = put;
    }
    expect(puts).toBe(3);
    expect(await s3.keys()).toEqual(before);
  });
});

/** The run under `key` once it has failed and waits for its retry. */
function waitForRetry(key: string) {
  return vi.waitFor(
    async () => {
      const [run] = await runsFor(t.database.db, key);
      if (!run || run.state !== 'retry') throw new Error(`run ${key} is ${run?.state ?? 'missing'}`);
      return run;
    },
    { timeout: 30_000, interval: 100 },
  );
}
