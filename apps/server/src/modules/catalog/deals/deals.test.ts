import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createBoostDeal, createDeal, createMerchant } from '../../../../test/factories';

// Listings and limits are read on the app's clock, held at one instant unless a test moves it.
const clock = mutableClock(Date.now());
const NOW = clock.now().getTime();
const t = await build({ clock });
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { merchant } = await createMerchant(t.database.db, { businessName: 'Lakeview Eats' });
  const mk = async (key: string, o: Parameters<typeof createDeal>[2]) => (ids[key] = (await createDeal(t.database.db, merchant.id, o)).id);
  await mk('sushi', {
    title: 'Sushi Omakase for Two',
    description: 'Twelve courses of nigiri.',
    categoryId: 1,
    dealPriceCents: 9000,
    originalPriceCents: 15000,
    createdAt: new Date(NOW - 5 * DAY),
  });
  await mk('yoga', {
    title: 'Ten Yoga Classes',
    description: 'Vinyasa and yin in a SUNNY studio.',
    categoryId: 4,
    city: 'Austin',
    state: 'TX',
    dealPriceCents: 4000,
    originalPriceCents: 12000,
    createdAt: new Date(NOW - 3 * DAY),
  });
  await mk('spa', {
    title: 'Spa Day',
    description: 'Massage and sauna 100% relaxing',
    categoryId: 5,
    city: 'Houston',
    state: 'TX',
    dealPriceCents: 20000,
    originalPriceCents: 25000,
    createdAt: new Date(NOW - 1 * DAY),
  });
  await mk('old', { title: 'Expired Sushi', description: 'Gone.', expirationDate: new Date(NOW - DAY) });
  await mk('paused', { title: 'Paused sushi', status: 'paused' });
  ids.boost = (
    await createBoostDeal(t.database.db, merchant.id, 50, 10, {
      title: 'Boosted Bowling Night',
      createdAt: new Date(NOW - 10 * DAY),
    })
  ).id;
  ids.boostOver = (
    await createBoostDeal(t.database.db, merchant.id, 50, 10, { title: 'Voting over', votingEndDate: new Date(NOW - 1000) })
  ).id;
});

const browse = async (qs: string) => {
  const res = await t.request({ method: 'GET', url: `/api/deals?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deals: { id: string; title: string }[]; total: number | null; hasMore: boolean; page: number }>();
};
const titles = (r: { deals: { title: string }[] }) => r.deals.map((d) => d.title);

describe('browse API', () => {
  it('lists only non-expired, visible deals; newest means newest, crowd-vote deals in their own place', async () => {
    const r = await browse('');
    // The crowd-vote deal is the oldest: it is not pinned above newer deals (issue 38).
    expect(titles(r)).toEqual(['Spa Day', 'Ten Yoga Classes', 'Sushi Omakase for Two', 'Boosted Bowling Night']);
    expect(r.total).toBe(4);
  });

  it('searches title or description, case-insensitively, with LIKE characters taken literally', async () => {
    expect(titles(await browse('search=SUSHI'))).toEqual(['Sushi Omakase for Two']);
    expect(titles(await browse('search=sunny'))).toEqual(['Ten Yoga Classes']);
    expect(titles(await browse('search=100%25'))).toEqual(['Spa Day']);
    expect(titles(await browse('search=%25'))).toEqual(['Spa Day']);
  });

  it('filters by type, category, state and city', async () => {
    expect(titles(await browse('type=perkboost'))).toEqual(['Boosted Bowling Night']);
    expect(titles(await browse('type=standard')).length).toBe(3);
    expect(titles(await browse('category=4'))).toEqual(['Ten Yoga Classes']);
    expect(titles(await browse('state=TX')).sort()).toEqual(['Spa Day', 'Ten Yoga Classes']);
    expect(titles(await browse('state=TX&city=Austin'))).toEqual(['Ten Yoga Classes']);
  });

  it('sorts by price and discount', async () => {
    expect(titles(await browse('sort=price-low&type=standard'))).toEqual(['Ten Yoga Classes', 'Sushi Omakase for Two', 'Spa Day']);
    expect(titles(await browse('sort=price-high&type=standard'))).toEqual(['Spa Day', 'Sushi Omakase for Two', 'Ten Yoga Classes']);
    expect(titles(await browse('sort=discount&type=standard'))).toEqual(['Ten Yoga Classes', 'Sushi Omakase for Two', 'Spa Day']);
  });

  it('paginates with a total and hasMore', async () => {
    const p1 = await browse('pageSize=3');
    const p2 = await browse('pageSize=3&page=2');
    expect(p1.hasMore).toBe(true);
    expect(p1.total).toBe(4);
    expect(p2.hasMore).toBe(false);
    // Later pages skip the count: the first page already told it.
    expect(p2.total).toBeNull();
    expect([...titles(p1), ...titles(p2)]).toHaveLength(4);
    expect(new Set([...titles(p1), ...titles(p2)]).size).toBe(4);
  });

  it('refuses bad filters with a clear 400', async () => {
    const res = await t.request({ method: 'GET', url: '/api/deals?sort=cheapest&category=12' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['category', 'sort']);
  });
});

describe('deal page API', () => {
  it('returns the full deal with merchant and fine print; unknown or paused deals are 404', async () => {
    const res = await t.request({ method: 'GET', url: `/api/deals/${ids.sushi}` });
    expect(res.json().deal).toMatchObject({
      title: 'Sushi Omakase for Two',
      merchantName: 'Lakeview Eats',
      discountPercentage: 40,
      dealPriceCents: 9000,
    });
    expect((await t.request({ method: 'GET', url: `/api/deals/${ids.paused}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/deals/0b9f8a1e-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/deals/not-a-uuid' })).statusCode).toBe(400);
  });
});

describe('home API', () => {
  it('features up to 3 active deals and up to 2 pending boosted deals still voting', async () => {
    const res = (await t.request({ method: 'GET', url: '/api/home' })).json();
    expect(res.featured.length).toBe(3);
    expect(res.featured.every((d: { status: string }) => d.status === 'active')).toBe(true);
    expect(res.crowdVote.map((d: { title: string }) => d.title)).toEqual(['Boosted Bowling Night']);
  });
});

describe('merchant signup section', () => {
  it('records the lead and mails free/premium/close, but not commission', async () => {
    for (const optionType of ['free', 'premium', 'close', 'commission']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/merchant-leads',
        payload: { email: `${optionType}@shop.example`, optionType },
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await t.lastMail('free@shop.example'))?.kind).toBe('merchant_lead_free');
    expect((await t.lastMail('close@shop.example'))?.kind).toBe('merchant_lead_close');
    expect(await t.lastMail('commission@shop.example')).toBeUndefined();
    const bad = await t.request({ method: 'POST', url: '/api/merchant-leads', payload: { email: '' } });
    expect(bad.json().error.fields).toEqual({ optionType: 'Please select an option', email: 'Email required' });
  });

  it('counts its limit (10 an hour per network) on the app’s clock', async () => {
    const send = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/merchant-leads',
        remoteAddress: '203.0.113.77',
        payload: { email: `lead-${i}@shop.example`, optionType: 'commission' },
      });
    try {
      for (let i = 0; i < 10; i++) expect((await send(i)).statusCode).toBe(201);
      const refused = await send(10);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      // An hour later by the clock the first hits have left the window.
      clock.advance(HOUR);
      expect((await send(11)).statusCode).toBe(201);
    } finally {
      clock.set(NOW);
    }
  });
});
