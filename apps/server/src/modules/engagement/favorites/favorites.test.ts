import { describe, expect, it } from 'vitest';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createDeal, createMerchant } from '../../../../test/factories';

// Reads the real time until a test sets it (and puts it back).
const clock = mutableClock();
const t = await build({ clock });

describe('favourites on the server', () => {
  it('adds, lists and removes favourites for the signed-in customer only', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const a = await createDeal(t.database.db, merchant.id);
    const b = await createDeal(t.database.db, merchant.id);
    const me = await t.loginAs('customer');
    const other = await t.loginAs('customer');
    expect((await t.request({ method: 'PUT', url: `/api/favorites/${a.id}`, cookie: me.cookie })).json().dealIds).toEqual([a.id]);
    await t.request({ method: 'PUT', url: `/api/favorites/${a.id}`, cookie: me.cookie }); // idempotent
    await t.request({ method: 'PUT', url: `/api/favorites/${b.id}`, cookie: me.cookie });
    expect((await t.request({ method: 'GET', url: '/api/favorites', cookie: me.cookie })).json().dealIds.sort()).toEqual(
      [a.id, b.id].sort(),
    );
    expect((await t.request({ method: 'GET', url: '/api/favorites', cookie: other.cookie })).json().dealIds).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/favorites/${a.id}`, cookie: me.cookie })).json().dealIds).toEqual([b.id]);
    const missing = await t.request({ method: 'PUT', url: '/api/favorites/0b9f8a1e-0000-4000-8000-000000000000', cookie: me.cookie });
    expect(missing.statusCode).toBe(404);
  });

  it('merges the browser list at sign-in, ignoring unknown deals and duplicates', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const a = await createDeal(t.database.db, merchant.id);
    const b = await createDeal(t.database.db, merchant.id);
    const me = await t.loginAs('customer');
    await t.request({ method: 'PUT', url: `/api/favorites/${a.id}`, cookie: me.cookie });
    const res = await t.request({
      method: 'POST',
      url: '/api/favorites/merge',
      cookie: me.cookie,
      payload: { dealIds: [b.id, b.id, a.id, '0b9f8a1e-0000-4000-8000-000000000000'] },
    });
    expect(res.json().dealIds.sort()).toEqual([a.id, b.id].sort());
    const bad = await t.request({ method: 'POST', url: '/api/favorites/merge', cookie: me.cookie, payload: { dealIds: ['nope'] } });
    expect(bad.statusCode).toBe(400);
  });

  it('takes only deals listed at the clock’s time', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createDeal(t.database.db, merchant.id, { expirationDate: new Date('2031-06-01T00:00:00Z') });
    const me = await t.loginAs('customer');
    const put = () => t.request({ method: 'PUT', url: `/api/favorites/${deal.id}`, cookie: me.cookie });
    const merge = () => t.request({ method: 'POST', url: '/api/favorites/merge', cookie: me.cookie, payload: { dealIds: [deal.id] } });
    try {
      clock.set('2031-06-01T00:01:00Z');
      expect((await put()).statusCode).toBe(404);
      expect((await merge()).json().dealIds).toEqual([]);
      clock.set('2031-05-31T23:59:00Z');
      expect((await merge()).json().dealIds).toEqual([deal.id]);
      expect((await put()).statusCode).toBe(200);
    } finally {
      clock.useRealTime();
    }
  });

  it('is for customer accounts', async () => {
    const { cookie } = await t.loginAs('merchant');
    expect((await t.request({ method: 'GET', url: '/api/favorites', cookie })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/favorites' })).statusCode).toBe(401);
  });
});
