import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MERCHANT_DEAL_MESSAGES as M, responsiveImage } from '@localperks/shared';
import { deals } from '../src/db/schema';
import { JOBS } from '../src/jobs';
import { build, type TestApp } from './build';
import { createDeal, createMerchantSession } from './factories';
import { startS3Server } from './s3-server';
import { dealInput, multipart, pngBytes } from './uploads';

// Images in an S3-compatible bucket (docs/decisions/0012-object-storage.md), on each database kind.
const s3 = await startS3Server();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-s3-'));
const t = await build({ env: { DATA_DIR: dataDir, ...s3.env } });
const CDN = 'https://cdn.test.example/lp';
const cdn = await build({ env: { DATA_DIR: dataDir, ...s3.env, S3_PUBLIC_URL: `${CDN}/` } });
const DAY = 86_400_000;

const upload = (app: TestApp, cookie: string, data: Buffer) =>
  app.request({ method: 'POST', url: '/api/merchant/uploads/deal-images', cookie, ...multipart('photo.png', 'image/png', data) });

const validDeal = (images: string[]) => dealInput({ images });

const keyOf = (url: string) => url.replace(/^.*\/(deals\/[0-9a-f-]{36}(-sm|-\d+)?\.webp)$/, '$1');

describe('uploaded images in object storage', () => {
  it('go to the bucket, not the local disk, and are served through the server with long cache headers and ETag/304', async () => {
    const m = await createMerchantSession(t);
    const res = await upload(t, m.cookie, await pngBytes());
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl, width, height } = res.json();
    expect(url).toMatch(/^\/uploads\/deals\/[0-9a-f-]{36}\.webp$/);
    expect(thumbnailUrl).toBe(url.replace('.webp', '-sm.webp'));
    expect({ width, height }).toEqual({ width: 1200, height: 750 });

    // The original, the responsive widths its srcset names, and the thumbnail.
    const sized = responsiveImage(url, 'deal')
      .sources[0]!.srcSet.split(', ')
      .map((s) => keyOf(s.split(' ')[0]!));
    expect(sized).toHaveLength(3);
    expect(await s3.keys(`${keyOf(url).slice(0, -5)}`)).toEqual([...sized, keyOf(thumbnailUrl)].sort());
    for (const [i, w] of [400, 800].entries()) {
      const variant = await t.request({ method: 'GET', url: `/uploads/${sized[i]!}` });
      expect(variant.statusCode).toBe(200);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(w);
    }
    const stored = await s3.object(keyOf(url));
    expect(stored.contentType).toBe('image/webp');
    // Written with its cache header, so a CDN in front of the bucket serves it right too.
    expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(stored.data)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp((await t.request({ method: 'GET', url: thumbnailUrl })).rawPayload).metadata()).width).toBe(480);
    expect((await t.request({ method: 'GET', url: '/uploads/deals/00000000-0000-4000-8000-000000000000.webp' })).statusCode).toBe(404);

    // A deal may use it (its existence is checked in the bucket); an image never uploaded is refused.
    const created = await t.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: validDeal([url]) });
    expect(created.statusCode).toBe(201);
    expect(created.json().deal).toMatchObject({ imageUrl: url, images: [url] });
    const missing = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: validDeal(['/uploads/deals/00000000-0000-4000-8000-000000000000.webp']),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(M.imageInvalid);
  });

  it('with S3_PUBLIC_URL: the API hands out the CDN’s URLs, stores them as /uploads paths, and takes them back', async () => {
    const m = await createMerchantSession(cdn);
    const res = await upload(cdn, m.cookie, await pngBytes(800, 600));
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(new RegExp(`^${CDN}/deals/[0-9a-f-]{36}\\.webp$`));
    expect(thumbnailUrl).toBe(url.replace('.webp', '-sm.webp'));
    expect((await s3.object(keyOf(url))).data.length).toBeGreaterThan(0);
    // The page may load images from the CDN.
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.test\.example(;|$)/);

    const created = await cdn.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: validDeal([url]) });
    expect(created.statusCode).toBe(201);
    const deal = created.json().deal;
    expect(deal).toMatchObject({ imageUrl: url, images: [url] });
    const [row] = await cdn.database.db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row).toMatchObject({ imageUrl: `/uploads/${keyOf(url)}`, images: [`/uploads/${keyOf(url)}`] });

    // Every API answer that shows the deal points at the CDN.
    expect((await cdn.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal).toMatchObject({
      imageUrl: url,
      images: [url],
    });
    const browse = (await cdn.request({ method: 'GET', url: '/api/deals?city=Chicago&state=IL' })).json();
    expect(browse.deals.find((d: { id: string }) => d.id === deal.id).imageUrl).toBe(url);
    const own = (await cdn.request({ method: 'GET', url: `/api/merchant/deals/${deal.id}`, cookie: m.cookie })).json();
    expect(own).toMatchObject({ imageUrl: url, images: [url] });
    // Saving the deal again sends the CDN URL back: it is accepted as the same image.
    const edited = await cdn.request({
      method: 'PUT',
      url: `/api/merchant/deals/${deal.id}`,
      cookie: m.cookie,
      payload: validDeal(own.images),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().deal.images).toEqual([url]);

    // A look-alike on another host is not our image.
    const elsewhere = url.replace('https://cdn.test.example', 'https://evil.example');
    const refused = await cdn.request({ method: 'POST', url: '/api/merchant/deals', cookie: m.cookie, payload: validDeal([elsewhere]) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(M.imageInvalid);
  });

  it('the unused-uploads job deletes a day-old unused image from the bucket and keeps the ones deals use', async () => {
    const m = await createMerchantSession(t);
    const unused = (await upload(t, m.cookie, await pngBytes(300, 200))).json();
    const used = (await upload(t, m.cookie, await pngBytes(300, 200))).json();
    await createDeal(t.database.db, m.merchant.id, { images: [used.url], imageUrl: used.url });
    const keys = [unused.url, unused.thumbnailUrl, used.url, used.thumbnailUrl].map(keyOf);
    for (const key of keys) s3.age(key, DAY + 60_000);

    const job = JOBS.find((j) => j.name === 'unused-uploads')!;
    const result = (await job.run(t.app.deps)) as { removed: number };
    expect(result.removed).toBe(2);
    const left = await s3.keys('deals/');
    expect(left).not.toContain(keyOf(unused.url));
    expect(left).not.toContain(keyOf(unused.thumbnailUrl));
    expect(left).toContain(keyOf(used.url));
    expect(left).toContain(keyOf(used.thumbnailUrl));
    expect((await t.request({ method: 'GET', url: unused.url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: used.url })).statusCode).toBe(200);
  });
});
