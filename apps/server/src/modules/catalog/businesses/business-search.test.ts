import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS, type BusinessSearchResult, type BrowseResult, type HomeData } from '@localperks/shared';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createDeal, createMerchant } from '../../../../test/factories';
import { deals, merchants } from '../../../db/schema';

const clock = mutableClock(Date.now());
const t = await build({ clock });
const { db } = t.database;

async function get<T>(url: string) {
  const res = await t.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const searchBusinesses = (qs: string) => get<BusinessSearchResult>(`/api/businesses?${qs}`);
const names = (r: BusinessSearchResult) => r.businesses.map((b) => b.name);
const dealTitles = async (search: string) =>
  (await get<BrowseResult>(`/api/deals?search=${encodeURIComponent(search)}`)).deals.map((d) => d.title).sort();

describe('deal search matches business names', () => {
  it('finds a business’s live deals by its name, case-insensitively, and follows a rename', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Marigold Noodle Bar' });
    await createDeal(db, merchant.id, { title: 'Two Bowls of Ramen', description: 'Rich broth.' });
    await createDeal(db, merchant.id, { title: 'Dumpling Platter', description: 'Steamed or fried.' });
    await createDeal(db, merchant.id, { title: 'Old Lunch Special', expirationDate: new Date(Date.now() - DAY_MS) });

    expect(await dealTitles('marigold noodle')).toEqual(['Dumpling Platter', 'Two Bowls of Ramen']);
    expect(await dealTitles('NOODLE BAR')).toEqual(['Dumpling Platter', 'Two Bowls of Ramen']);
    // Title and description still match as before.
    expect(await dealTitles('rich broth')).toEqual(['Two Bowls of Ramen']);

    await db.update(merchants).set({ businessName: 'Saffron Ramen House' }).where(eq(merchants.id, merchant.id));
    expect(await dealTitles('saffron ramen house')).toEqual(['Dumpling Platter', 'Two Bowls of Ramen']);
    expect(await dealTitles('marigold')).toEqual([]);
  });

  it('keeps the search text the database’s own: a deal’s edited title is found, a written search_text is replaced', async () => {
    const { merchant } = await createMerchant(db, { businessName: 'Juniper Cycle Works' });
    const deal = await createDeal(db, merchant.id, { title: 'Tune-up Special', searchText: 'something unrelated' });
    expect(await dealTitles('juniper cycle')).toEqual(['Tune-up Special']);
    expect(await dealTitles('something unrelated')).toEqual([]);
    await db.update(deals).set({ title: 'Full Service Overhaul' }).where(eq(deals.id, deal.id));
    expect(await dealTitles('full service overhaul')).toEqual(['Full Service Overhaul']);
    expect(await dealTitles('juniper cycle')).toEqual(['Full Service Overhaul']);
  });
});

describe('GET /api/businesses', () => {
  it('finds approved businesses by name or description, case-insensitively, with their card fields', async () => {
    const { merchant: enhanced } = await createMerchant(db, {
      businessName: 'Brightwater Tea Room',
      description: 'Loose-leaf teas and scones in a sunny corner of Lincoln Park.',
      subscriptionPlan: 'advertise_messaging',
      hasSubscription: true,
      logoUrl: '/uploads/brightwater-logo.webp',
    });
    await createDeal(db, enhanced.id, { title: 'Afternoon Tea for Two' });
    await createDeal(db, enhanced.id, { title: 'Paused tea', status: 'paused' });
    await createMerchant(db, {
      businessName: 'Corner Scone Bakery',
      description: 'Brightwater-style scones baked daily.',
      subscriptionPlan: 'advertise_only',
      logoUrl: '/uploads/not-shown.webp',
    });

    const r = await searchBusinesses('search=BRIGHTWATER');
    // The name match ranks above the description-only match.
    expect(names(r)).toEqual(['Brightwater Tea Room', 'Corner Scone Bakery']);
    expect(r.businesses[0]).toEqual({
      name: 'Brightwater Tea Room',
      slug: 'brightwater-tea-room',
      city: 'Chicago',
      state: 'IL',
      descriptionExcerpt: 'Loose-leaf teas and scones in a sunny corner of Lincoln Park.',
      isEnhanced: true,
      logoUrl: '/uploads/brightwater-logo.webp',
      isBoosted: false,
      liveDealCount: 1,
    });
    // The free plan has the basic listing: no logo, even if one is stored.
    expect(r.businesses[1]).toMatchObject({ isEnhanced: false, logoUrl: null, liveDealCount: 0 });
    expect(r).toMatchObject({ total: 2, page: 1 });
    // The enhanced profile comes with the plan (one rule with the business page: hasEnhancedProfile).
    await db.update(merchants).set({ subscriptionPlan: 'advertise_only' }).where(eq(merchants.id, enhanced.id));
    expect((await searchBusinesses('search=brightwater tea')).businesses[0]).toMatchObject({ isEnhanced: false, logoUrl: null });
  });

  it('ranks the closest name matches first: the name itself, then names starting with it, then words of it', async () => {
    for (const businessName of ['The Kestrel Lounge', 'Kestrelton Pizza', 'Kestrel', 'Bakestrel Cafe', 'Kestrel Books'])
      await createMerchant(db, { businessName });
    expect(names(await searchBusinesses('search=kestrel'))).toEqual([
      'Kestrel',
      'Kestrel Books',
      'Kestrelton Pizza',
      'The Kestrel Lounge',
      'Bakestrel Cafe',
    ]);
  });

  it('filters by state and city (city case-insensitively)', async () => {
    await createMerchant(db, { businessName: 'Pelican Surf Shop Austin', city: 'Austin', state: 'TX' });
    await createMerchant(db, { businessName: 'Pelican Surf Shop Dallas', city: 'Dallas', state: 'TX' });
    await createMerchant(db, { businessName: 'Pelican Surf Shop Miami', city: 'Miami', state: 'FL' });
    expect(names(await searchBusinesses('search=pelican surf&state=tx'))).toEqual(['Pelican Surf Shop Austin', 'Pelican Surf Shop Dallas']);
    expect(names(await searchBusinesses('search=pelican surf&state=TX&city=dallas'))).toEqual(['Pelican Surf Shop Dallas']);
    expect(names(await searchBusinesses('search=pelican surf&city=Miami'))).toEqual(['Pelican Surf Shop Miami']);
    expect(names(await searchBusinesses('search=pelican surf&state=MA'))).toEqual([]);
    // Blank filters are no filters.
    expect((await searchBusinesses('search=pelican surf&state=&city=')).total).toBe(3);
  });

  it('lists approved businesses only: not waiting for approval, not suspended', async () => {
    await createMerchant(db, { businessName: 'Osprey Listed Diner' });
    await createMerchant(db, { businessName: 'Osprey Pending Diner', approved: false });
    const { merchant: suspended } = await createMerchant(db, { businessName: 'Osprey Suspended Diner' });
    expect(names(await searchBusinesses('search=osprey'))).toEqual(['Osprey Listed Diner', 'Osprey Suspended Diner']);
    await db.update(merchants).set({ approved: false }).where(eq(merchants.id, suspended.id));
    expect(names(await searchBusinesses('search=osprey'))).toEqual(['Osprey Listed Diner']);
  });

  it('lists a boosted business first while its listing boost runs, and in its usual place after', async () => {
    await createMerchant(db, { businessName: 'Wren Alpha Florist' });
    await createMerchant(db, { businessName: 'Wren Beta Florist' });
    const { merchant: boosted } = await createMerchant(db, {
      businessName: 'Wren Gamma Florist',
      listingBoostedUntil: new Date(clock.now().getTime() + 3 * DAY_MS),
    });
    const before = await searchBusinesses('search=wren');
    expect(names(before)).toEqual(['Wren Gamma Florist', 'Wren Alpha Florist', 'Wren Beta Florist']);
    expect(before.businesses.map((b) => b.isBoosted)).toEqual([true, false, false]);
    const home = await get<HomeData>('/api/home');
    expect(home.featuredBusinesses.map((b) => b.slug)).toContain(boosted.slug);

    clock.advance(3 * DAY_MS + 1000);
    const after = await searchBusinesses('search=wren');
    expect(names(after)).toEqual(['Wren Alpha Florist', 'Wren Beta Florist', 'Wren Gamma Florist']);
    expect(after.businesses.every((b) => !b.isBoosted)).toBe(true);
    expect((await get<HomeData>('/api/home')).featuredBusinesses.map((b) => b.slug)).not.toContain(boosted.slug);
  });

  it('pages through the results with the total', async () => {
    for (const n of [1, 2, 3, 4, 5]) await createMerchant(db, { businessName: `Heron Page Studio ${n}`, city: 'Boston', state: 'MA' });
    const page1 = await searchBusinesses('search=heron page&pageSize=2');
    const page3 = await searchBusinesses('search=heron page&pageSize=2&page=3');
    expect(names(page1)).toEqual(['Heron Page Studio 1', 'Heron Page Studio 2']);
    expect(names(await searchBusinesses('search=heron page&pageSize=2&page=2'))).toEqual(['Heron Page Studio 3', 'Heron Page Studio 4']);
    expect(names(page3)).toEqual(['Heron Page Studio 5']);
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page3).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect((await searchBusinesses('search=heron page&pageSize=2&page=9')).businesses).toEqual([]);
  });

  it('answers bad parameters with a 400 naming the field', async () => {
    for (const [qs, field] of [
      ['state=ZZ', 'state'],
      ['state=Illinois', 'state'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=1000', 'pageSize'],
      [`search=${'x'.repeat(101)}`, 'search'],
      [`city=${'y'.repeat(61)}`, 'city'],
      ['search=%00', 'search'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/businesses?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: { code: string; fields?: Record<string, string> } }>().error.fields, qs).toHaveProperty(field);
    }
  });
});
