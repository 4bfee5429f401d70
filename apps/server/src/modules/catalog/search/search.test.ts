import { beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { deals } from '../../../db/schema';
import { createDeal, createMerchant } from '../../../../test/factories';

const t = await build();
const db = t.database.db;
const HOUR = 3_600_000;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const { merchant: chicago } = await createMerchant(db, { businessName: 'Lakeview Eats' });
  const { merchant: parlor } = await createMerchant(db, { businessName: 'Roma Pizzeria', city: 'Austin', state: 'TX' });
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  const mk = async (key: string, merchantId: string, o: Parameters<typeof createDeal>[2]) =>
    (ids[key] = (await createDeal(db, merchantId, o)).id);
  // The catalogue of the issue: the right answers are older than the distractors, so date order would fail.
  await mk('pizza', chicago.id, {
    title: 'Deep-Dish Pizza Dinner for Four',
    description: 'A whole deep-dish pie with salad and drinks.',
    categoryId: 1,
    createdAt: at(50),
  });
  await mk('massage', chicago.id, {
    title: '60-Minute Hot Stone Massage',
    description: 'Warm basalt stones and a calm room.',
    categoryId: 5,
    dealPriceCents: 7000,
    createdAt: at(40),
  });
  await mk('yoga', chicago.id, { title: 'Ten Hot Yoga Classes', description: 'Heated vinyasa flow.', categoryId: 4, createdAt: at(30) });
  await mk('facial', chicago.id, {
    title: 'Deluxe Hydradermabrasion Facial with Lymphatic Drainage',
    description: 'Includes a short neck and shoulder massage.',
    categoryId: 5,
    createdAt: at(2),
  });
  await mk('bowling', chicago.id, {
    title: 'Two Hours of Bowling for Six',
    description: 'Lanes, shoes and a large pizza to share.',
    categoryId: 3,
    createdAt: at(1),
  });
  await mk('spa', chicago.id, { title: 'Day Spa Escape', description: 'Sauna and steam.', categoryId: 5, createdAt: at(20) });
  await mk('breakfast', chicago.id, {
    title: 'Bottomless Breakfast for Two',
    description: 'Pancakes and coffee.',
    categoryId: 1,
    createdAt: at(10),
  });
  await mk('cruise', parlor.id, {
    title: 'Lakeview Lunch Cruise',
    description: 'Two hours on the water.',
    categoryId: 6,
    city: 'Austin',
    state: 'TX',
    createdAt: at(60),
  });
  await mk('roma', parlor.id, {
    title: 'Family Dinner Special',
    description: 'Pasta and salad, as good as in Lakeview.',
    categoryId: 1,
    city: 'Austin',
    state: 'TX',
    createdAt: at(5),
  });
});

const search = async (q: string, extra = '') => {
  const res = await t.request({ method: 'GET', url: `/api/deals?search=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    deals: { id: string; title: string }[];
    total: number;
    sort: string;
    didYouMean: string | null;
    nearbyCities: { city: string }[];
  }>();
};
const firstIds = async (q: string, n = 5) => (await search(q)).deals.slice(0, n).map((d) => d.id);

describe('relevance', () => {
  it('puts a title match before a description match, whatever their dates', async () => {
    const massage = await search('massage');
    expect(massage.sort).toBe('relevance');
    expect(massage.deals[0]!.id).toBe(ids.massage);
    expect(massage.deals.map((d) => d.id)).toContain(ids.facial);
    expect((await search('pizza')).deals[0]!.id).toBe(ids.pizza);
  });

  it('ranks the business name after the title and before the description', async () => {
    // "Lakeview" is in one (older) title, in the name of the business of seven deals, and in one description.
    const r = (await search('lakeview')).deals.map((d) => d.id);
    expect(r[0]).toBe(ids.cruise);
    expect(r.at(-1)).toBe(ids.roma);
    expect(r).toHaveLength(9);
  });

  it('shows paid boosts in the Sponsored row best relevance band first, and leaves the list in relevance order', async () => {
    // Title match, title synonym (spa), description match: the order of their bands, not of the hourly rotation.
    const boosted = [ids.massage!, ids.spa!, ids.facial!];
    const boost = (until: Date | null) => db.update(deals).set({ boostedUntil: until }).where(inArray(deals.id, boosted));
    await boost(new Date(Date.now() + 24 * HOUR));
    try {
      const res = await t.request({ method: 'GET', url: '/api/deals?search=massage' });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<{ deals: { id: string }[]; sponsored: { id: string }[] }>();
      expect(r.sponsored.map((d) => d.id)).toEqual(boosted);
      // Each keeps its own place in the list: the facial's description match stays after the spa's title synonym.
      const listed = r.deals.map((d) => d.id);
      expect(listed[0]).toBe(ids.massage);
      expect(listed.indexOf(ids.spa!)).toBeLessThan(listed.indexOf(ids.facial!));
    } finally {
      await boost(null);
    }
  });

  it('still applies a sort that is chosen', async () => {
    const r = await search('massage', '&sort=newest');
    expect(r.sort).toBe('newest');
    expect(r.deals[0]!.id).toBe(ids.facial);
  });
});

describe('typos and synonyms', () => {
  it('finds pizza for "piza", massage for "masage" and yoga for "yogo", each within the first 5', async () => {
    expect(await firstIds('piza')).toContain(ids.pizza);
    expect((await search('piza')).deals[0]!.id).toBe(ids.pizza);
    expect(await firstIds('masage')).toContain(ids.massage);
    expect(await firstIds('yogo')).toContain(ids.yoga);
  });

  it('finds synonyms (massage ↔ spa, brunch ↔ breakfast) after the words as typed', async () => {
    const spa = (await search('spa')).deals.map((d) => d.id);
    expect(spa[0]).toBe(ids.spa);
    expect(spa).toContain(ids.massage);
    expect((await search('brunch')).deals.map((d) => d.id)).toEqual([ids.breakfast]);
  });

  it('finds a word joined to a number by a hyphen ("covid-19", "route-66"), written either way', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Route-66 Diner' });
    const deal = await createDeal(db, merchant.id, {
      title: 'Top-10 Milkshakes Flight',
      description: 'Ten small shakes, covid-19 safe booths.',
    });
    for (const q of ['top-10 milkshakes', 'top 10 milkshakes', 'route 66', 'route-66 diner', 'covid 19 booths']) {
      expect(
        (await search(q)).deals.map((d: { id: string }) => d.id),
        q,
      ).toContain(deal.id);
    }
  });

  it('suggests a spelling and nearby cities when nothing is found', async () => {
    const far = await search('dinner', '&state=TX&city=Dallas');
    expect(far.deals).toEqual([]);
    // Austin has a dinner deal, and is the nearest city that has one.
    expect(far.nearbyCities[0]).toMatchObject({ city: 'Austin', state: 'TX' });
    const typo = await search('lymphatix drainag', '&category=5');
    expect(typo.deals.map((d) => d.id)).toEqual([ids.facial]);
  });

  it('offers a spelling ("did you mean") only on an empty first page, and only one that finds deals there', async () => {
    // "brekfst" is too far from "breakfast" (similarity 0.29) for the search to correct it by itself.
    const empty = await search('brekfst');
    expect(empty.deals).toEqual([]);
    expect(empty.didYouMean).toBe('breakfast');
    // In Austin "breakfast" finds nothing either: no suggestion that leads to another empty page.
    expect((await search('brekfst', '&state=TX&city=Austin')).didYouMean).toBeNull();
    // A search that finds deals (here by its own correction, "masage" -> massage) has no suggestion.
    const found = await search('masage');
    expect(found.deals.map((d) => d.id)).toContain(ids.massage);
    expect(found.didYouMean).toBeNull();
  });
});

describe('facets', () => {
  const facets = async (qs: string) => {
    const res = await t.request({ method: 'GET', url: `/api/deals/facets?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      categories: { id: number; count: number; capped: boolean }[];
      cities: { city: string; state: string; count: number }[];
      prices: { id: string; count: number }[];
      discounts: { id: string; count: number }[];
    }>();
  };
  /** The listing's total with `set` chosen on top of `qs` (a facet's value replaces the same filter's). */
  const total = async (qs: string, set: Record<string, string | number>) => {
    const params = new URLSearchParams(qs);
    for (const [k, v] of Object.entries(set)) params.set(k, String(v));
    const res = await t.request({ method: 'GET', url: `/api/deals?${params.toString()}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };

  for (const qs of ['', 'search=dinner', 'search=massage&state=IL&city=Chicago', 'category=5']) {
    it(`equal the totals of the filtered lists (${qs || 'all deals'})`, async () => {
      const f = await facets(qs);
      for (const c of f.categories) expect(c.count, `category ${c.id}`).toBe(await total(qs, { category: c.id }));
      for (const c of f.cities.filter((x) => ['Chicago', 'Austin', 'Dallas'].includes(x.city)))
        expect(c.count, c.city).toBe(await total(qs, { state: c.state, city: c.city }));
      for (const p of f.prices) expect(p.count, `price ${p.id}`).toBe(await total(qs, { price: p.id }));
      for (const d of f.discounts) expect(d.count, `discount ${d.id}`).toBe(await total(qs, { discount: d.id }));
      expect(f.categories.some((c) => c.count > 0)).toBe(true);
    });
  }
});

describe('suggestions', () => {
  const suggest = async (q: string) => {
    const res = await t.request({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ deals: { id: string }[]; businesses: { name: string }[]; categories: { name: string }[] }>();
  };

  it('offers deals, businesses and categories for the words typed so far, misspelt or not', async () => {
    const piz = await suggest('piz');
    expect(piz.deals.map((d) => d.id)).toContain(ids.pizza);
    expect(piz.businesses.map((b) => b.name)).toEqual(['Roma Pizzeria']);
    expect((await suggest('masag')).deals.map((d) => d.id)).toContain(ids.massage);
    expect((await suggest('gym')).categories.map((c) => c.name)).toEqual(['Fitness']);
    expect((await suggest('lakeview')).businesses.map((b) => b.name)).toEqual(['Lakeview Eats']);
    const many = await suggest('for');
    expect(many.deals.length).toBeLessThanOrEqual(5);
    expect(many.businesses.length).toBeLessThanOrEqual(3);
  });
});

describe('keyset pages', () => {
  it('neither repeat nor skip a deal while deals are added between page loads', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Keyset Kitchen', city: 'Miami', state: 'FL' });
    const before = new Set<string>();
    for (let i = 0; i < 7; i++)
      before.add(
        (
          await createDeal(db, merchant.id, {
            title: `Keyset deal ${i}`,
            city: 'Miami',
            state: 'FL',
            createdAt: new Date(Date.now() - (i + 1) * HOUR),
          })
        ).id,
      );
    const page = async (after?: string) => {
      const res = await t.request({ method: 'GET', url: `/api/deals?state=FL&city=Miami&pageSize=3${after ? `&after=${after}` : ''}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ deals: { id: string }[]; nextCursor: string | null; hasMore: boolean }>();
    };
    const seen: string[] = [];
    let p = await page();
    seen.push(...p.deals.map((d) => d.id));
    for (let round = 0; p.nextCursor; round++) {
      // Newer deals arrive between page loads: they would push an offset page's cards forward.
      await createDeal(db, merchant.id, { title: `Arrived ${round}`, city: 'Miami', state: 'FL' });
      p = await page(p.nextCursor);
      seen.push(...p.deals.map((d) => d.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...before]);
    const bad = await t.request({ method: 'GET', url: '/api/deals?after=not-a-cursor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ after: 'This page link is no longer valid. Start again from the first page.' });
  });

  it('keeps page numbers working for the first pages', async () => {
    const p1 = (await t.request({ method: 'GET', url: '/api/deals?pageSize=4' })).json();
    const p2 = (await t.request({ method: 'GET', url: '/api/deals?pageSize=4&page=2' })).json();
    const viaCursor = (await t.request({ method: 'GET', url: `/api/deals?pageSize=4&after=${p1.nextCursor}` })).json();
    expect(p2.deals.map((d: { id: string }) => d.id)).toEqual(viaCursor.deals.map((d: { id: string }) => d.id));
  });

  it('pages a search across its relevance bands the same by cursor, by page number and in one page', async () => {
    type Page = { deals: { id: string }[]; nextCursor: string | null };
    const get = async (qs: string) => {
      const res = await t.request({ method: 'GET', url: `/api/deals?search=pizza&${qs}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Page>();
    };
    const whole = (await get('pageSize=48')).deals.map((d) => d.id);
    // Title, business name and description matches: more than one band.
    expect(whole.slice(0, 3)).toEqual(expect.arrayContaining([ids.pizza]));
    expect(whole).toContain(ids.bowling);
    const byCursor: string[] = [];
    let p = await get('pageSize=1');
    byCursor.push(...p.deals.map((d) => d.id));
    while (p.nextCursor) {
      p = await get(`pageSize=1&after=${p.nextCursor}`);
      byCursor.push(...p.deals.map((d) => d.id));
    }
    expect(byCursor).toEqual(whole);
    const byNumber: string[] = [];
    for (let n = 1; n <= whole.length; n++) byNumber.push(...(await get(`pageSize=1&page=${n}`)).deals.map((d) => d.id));
    expect(byNumber).toEqual(whole);
  });
});

// Last: its deals in other cities would change the catalogue the tests above read.
describe('nearby cities', () => {
  it('offers the nearest cities with deals of a category that has none in the city asked, ended deals aside', async () => {
    // Category 6: the cruise in Austin, one in Miami, and one in Houston (nearer Dallas than Austin is) that has ended.
    const { merchant: houston } = await createMerchant(db, { businessName: 'Bayou Boats', city: 'Houston', state: 'TX' });
    await createDeal(db, houston.id, {
      title: 'Ended Bayou Cruise',
      categoryId: 6,
      city: 'Houston',
      state: 'TX',
      expirationDate: new Date(Date.now() - 2 * 24 * HOUR),
    });
    const { merchant: miami } = await createMerchant(db, { businessName: 'Biscayne Sails', city: 'Miami', state: 'FL' });
    await createDeal(db, miami.id, { title: 'Biscayne Sunset Sail', categoryId: 6, city: 'Miami', state: 'FL' });
    const res = await t.request({ method: 'GET', url: '/api/deals?category=6&state=TX&city=Dallas' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ deals: unknown[]; nearbyCities: { city: string; state: string; miles: number }[] }>();
    expect(body.deals).toEqual([]);
    expect(body.nearbyCities.map((c) => `${c.city}, ${c.state}`)).toEqual(['Austin, TX', 'Miami, FL']);
    expect(body.nearbyCities[0]!.miles).toBeLessThan(body.nearbyCities[1]!.miles);
    // In a city that has them, none is offered.
    const here = await t.request({ method: 'GET', url: '/api/deals?category=6&state=TX&city=Austin' });
    expect(here.json<{ deals: { id: string }[]; nearbyCities: unknown[] }>()).toMatchObject({ nearbyCities: [] });
  });
});
