import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from './build';
import { createDeal, createMerchant } from './factories';

// Production-like: listings are cached for a while (tests elsewhere turn the cache off).
const t = await build({ env: { BROWSE_CACHE_MS: '60000' } });

describe('cached browse answers', () => {
  it('answers a repeated address from the cache with the same headers, and still validates new addresses', async () => {
    const { merchant } = await createMerchant(t.database.db);
    await createDeal(t.database.db, merchant.id, { title: 'First fitness deal', categoryId: 4 });
    const first = await t.request({ method: 'GET', url: '/api/deals?category=4' });
    expect(first.statusCode).toBe(200);
    await createDeal(t.database.db, merchant.id, { title: 'Second fitness deal', categoryId: 4 });
    const again = await t.request({ method: 'GET', url: '/api/deals?category=4' });
    // Within the cache time the same address gets the same answer, security headers included.
    expect(again.body).toBe(first.body);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['cache-control']).toBe('public, max-age=15');
    expect(again.json().deals.map((d: { title: string }) => d.title)).toEqual(['First fitness deal']);
    // The cached answer is compressed too, when the browser accepts it (deals.routes.ts keeps its compressed forms).
    for (let i = 0; i < 6; i++) await createDeal(t.database.db, merchant.id, { title: `Yoga deal ${i}`, categoryId: 5 });
    const plain = await t.request({ method: 'GET', url: '/api/deals?category=5' });
    for (const encoding of ['br', 'gzip']) {
      const cached = await t.request({ method: 'GET', url: '/api/deals?category=5', headers: { 'accept-encoding': encoding } });
      expect(cached.headers['content-encoding']).toBe(encoding);
      expect(cached.headers.vary).toBe('accept-encoding');
      expect(cached.headers['cache-control']).toBe('public, max-age=15');
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(cached.rawPayload) : zlib.gunzipSync(cached.rawPayload)).toString();
      expect(text).toBe(plain.body);
    }
    // Another address is a new query; a bad one is refused as ever.
    expect((await t.request({ method: 'GET', url: '/api/deals?category=4&sort=discount' })).json().deals).toHaveLength(2);
    expect((await t.request({ method: 'GET', url: '/api/deals?category=99' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/deals?category=99' })).statusCode).toBe(400);
  });
});
