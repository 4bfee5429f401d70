import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CATEGORIES, METERS_PER_MILE, distanceKm } from '@localperks/shared';
import { merchants } from '../../../db/schema';
import { build, rowsOf } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';

// Friday 3 January 2025, 22:30 UTC: 16:30 in Chicago (CST), 17:30 in New York (EST), 14:30 in Los Angeles (PST).
const FRIDAY_1630_CHICAGO = Date.parse('2025-01-03T22:30:00Z');
const clock = mutableClock(FRIDAY_1630_CHICAGO);
const t = await build({ clock });
const db = t.database.db;

// Known points: the centre of ZIP 11201 (Brooklyn Heights) as the dataset has it, and three businesses around it.
const ZIP_11201 = { lat: 40.694, lng: -73.9903 };
const PLACES = {
  heights: { lat: 40.6955, lng: -73.9915 }, // ~0.1 mi
  manhattan: { lat: 40.7128, lng: -74.006 }, // ~1.5 mi
  queens: { lat: 40.7282, lng: -73.7949 }, // ~10.5 mi
  boston: { lat: 42.3601, lng: -71.0589 }, // ~190 mi
};
const miles = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => (distanceKm(a, b) * 1000) / METERS_PER_MILE;
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [key, point] of Object.entries(PLACES)) {
    const { merchant } = await createMerchant(db, {
      businessName: `${key} business`,
      addressLine1: '1 Test St',
      zip: '11201',
      city: key === 'boston' ? 'Boston' : 'Brooklyn',
      state: key === 'boston' ? 'MA' : 'NY',
      timeZone: 'America/New_York',
      ...point,
    });
    ids[key] = (await createDeal(db, merchant.id, { title: `Deal near ${key}`, city: 'Brooklyn', state: 'NY' })).id;
  }
  // A business with no address yet: listed, but never placed by distance.
  const { merchant } = await createMerchant(db, { businessName: 'Nowhere yet' });
  ids.nowhere = (await createDeal(db, merchant.id, { title: 'Deal with no place', city: 'Brooklyn', state: 'NY' })).id;
});

const browse = async (qs: string) => {
  const res = await t.request({ method: 'GET', url: `/api/deals?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ deals: { id: string; title: string; distanceMiles?: number | null }[]; origin: { label: string } | null }>();
};

describe('distance and radius', () => {
  it('sorts by distance from a ZIP code’s centre, nearest first, with the miles on every card', async () => {
    const r = await browse('zip=11201&sort=distance');
    expect(r.deals.map((d) => d.id)).toEqual([ids.heights, ids.manhattan, ids.queens, ids.boston]);
    expect(r.origin?.label).toBe('11201 (Brooklyn, NY)');
    for (const [i, key] of (['heights', 'manhattan', 'queens', 'boston'] as const).entries()) {
      // The database's sphere and the haversine's are the same (mean radius); rounding aside, equal.
      expect(r.deals[i]!.distanceMiles!).toBeCloseTo(miles(ZIP_11201, PLACES[key]), 0);
    }
  });

  it('keeps only deals within the radius (1, 5, 10, 25 miles) of a position', async () => {
    const near = `${ZIP_11201.lat},${ZIP_11201.lng}`;
    const within = async (radius: number) => (await browse(`near=${near}&radius=${radius}&sort=distance`)).deals.map((d) => d.id);
    expect(await within(1)).toEqual([ids.heights]);
    expect(await within(5)).toEqual([ids.heights, ids.manhattan]);
    expect(await within(10)).toEqual([ids.heights, ids.manhattan]);
    expect(await within(25)).toEqual([ids.heights, ids.manhattan, ids.queens]);
    // Without distance sort, a radius still filters, and every card carries its distance (null: no address).
    const all = await browse(`near=${near}`);
    expect(all.deals.find((d) => d.id === ids.nowhere)?.distanceMiles).toBeNull();
    expect(all.deals.find((d) => d.id === ids.queens)?.distanceMiles).toBeGreaterThan(10);
  });

  it('answers a clear 400 for an unknown ZIP code, a bad position, an odd radius, or distance without a location', async () => {
    const fields = async (qs: string) => (await t.request({ method: 'GET', url: `/api/deals?${qs}` })).json().error.fields;
    expect(await fields('zip=00000')).toEqual({ zip: 'We could not find this ZIP code. Check it and try again.' });
    expect(await fields('zip=abc')).toEqual({ zip: 'Enter a 5-digit ZIP code.' });
    expect(await fields('near=north')).toEqual({ near: 'The position must be "latitude,longitude".' });
    expect(Object.keys(await fields('zip=11201&radius=3'))).toEqual(['radius']);
    expect(await fields('sort=distance')).toEqual({
      sort: 'Choose a location (your position or a ZIP code) to sort or filter by distance.',
    });
  });

  it('reads distance through the GiST index of the deals’ points, not a scan', async () => {
    // With too few rows the planner may still prefer a scan: forbid it to see that the index serves both.
    await t.database.db.execute(sql`set enable_seqscan = off`);
    const forced = await rowsOf<Record<string, string>>(
      t.database,
      sql`explain select id from deals where geo_box(geo_point(40.694, -73.9903), 8046.72) @> earth order by earth <-> geo_point(40.694, -73.9903) limit 12`,
    );
    await t.database.db.execute(sql`reset enable_seqscan`);
    expect(forced.map((r) => Object.values(r)[0]).join('\n')).toContain('deals_earth_idx');
  });
});

describe('open now', () => {
  const hoursBiz: Record<string, string> = {};
  beforeAll(async () => {
    const mk = async (key: string, state: string, timeZone: string, openingHours: { day: number; opens: string; closes: string }[]) => {
      const { merchant } = await createMerchant(db, { businessName: `Hours ${key}`, state, city: 'X', timeZone, openingHours });
      hoursBiz[key] = (await createDeal(db, merchant.id, { title: `Hours deal ${key}`, categoryId: 3 })).id;
    };
    const weekdays = (opens: string, closes: string) => [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes }));
    // Friday evening until 02:00 on Saturday, in Chicago.
    await mk('chicagoLate', 'IL', 'America/Chicago', [{ day: 5, opens: '18:00', closes: '02:00' }]);
    // 9 to 5 on weekdays, in Chicago and in New York: the same hours, an hour apart.
    await mk('chicagoDay', 'IL', 'America/Chicago', weekdays('09:00', '17:00'));
    await mk('newYorkDay', 'NY', 'America/New_York', weekdays('09:00', '17:00'));
    // Saturday night into Sunday morning: the week wraps.
    await mk('laWeekend', 'CA', 'America/Los_Angeles', [{ day: 6, opens: '20:00', closes: '03:00' }]);
    // No hours given: unknown, never "open", still listed.
    await mk('unknown', 'IL', 'America/Chicago', []);
  });
  const openAt = async (iso: string) => {
    clock.set(Date.parse(iso));
    try {
      const ids = new Set((await browse('open=1&category=3&pageSize=48')).deals.map((d) => d.id));
      return Object.keys(hoursBiz)
        .filter((k) => ids.has(hoursBiz[k]!))
        .sort();
    } finally {
      clock.set(FRIDAY_1630_CHICAGO);
    }
  };

  it('reads each business’s hours in its own time zone', async () => {
    // 16:30 in Chicago is 17:30 in New York: the Chicago shop is open, the New York one has closed.
    expect(await openAt('2025-01-03T22:30:00Z')).toEqual(['chicagoDay']);
    // 09:30 in New York is 08:30 in Chicago.
    expect(await openAt('2025-01-03T14:30:00Z')).toEqual(['newYorkDay']);
  });

  it('counts hours that run past midnight, into the next day and across the end of the week', async () => {
    // Saturday 01:30 in Chicago: Friday's evening hours still run.
    expect(await openAt('2025-01-04T07:30:00Z')).toEqual(['chicagoLate']);
    // Saturday 02:30 in Chicago: closed.
    expect(await openAt('2025-01-04T08:30:00Z')).toEqual([]);
    // Sunday 02:00 in Los Angeles: Saturday night's hours, wrapped past the end of the week.
    expect(await openAt('2025-01-05T10:00:00Z')).toEqual(['laWeekend']);
  });

  it('lists a business with unknown hours without the filter', async () => {
    const all = (await browse('category=3&pageSize=48')).deals.map((d) => d.id);
    expect(all).toContain(hoursBiz.unknown);
  });
});

describe('addresses', () => {
  it('geocodes a registration’s ZIP code offline to its centre, and a bad ZIP code is a 400 on its field', async () => {
    const email = `geo-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const form = {
      email,
      password: 'Merch4ntPass',
      confirmPassword: 'Merch4ntPass',
      businessName: 'Heights Bakery',
      description: 'Bread and pastries baked every morning.',
      website: '',
      phone: '(718) 555-0142',
      city: 'Brooklyn',
      state: 'NY',
      addressLine1: '150 Montague St',
      zip: '11201',
      plan: 'deals_messaging',
      acceptTerms: true,
    };
    const bad = await t.request({ method: 'POST', url: '/api/merchants/register', payload: { ...form, zip: '99999' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ zip: 'We could not find this ZIP code. Check it and try again.' });
    expect((await t.request({ method: 'POST', url: '/api/merchants/register', payload: form })).statusCode).toBe(201);
    await t.app.afterResponse.settled();
    const [m] = await db.select().from(merchants).where(eq(merchants.businessName, 'Heights Bakery'));
    expect(m).toMatchObject({
      addressLine1: '150 Montague St',
      zip: '11201',
      lat: ZIP_11201.lat,
      lng: ZIP_11201.lng,
      timeZone: 'America/New_York',
    });
  });

  it('lets a merchant add or refine the address; its deals move with it and the pages show it', async () => {
    const m = await createMerchantSession(t, { businessName: 'Refined Cafe' });
    const deal = await createDeal(db, m.merchant.id, { title: 'Refined coffee' });
    const put = (payload: object) => t.request({ method: 'PUT', url: '/api/merchant/address', cookie: m.cookie, payload });
    const body = { addressLine1: '20 W Kinzie St', addressLine2: 'Suite 2', city: 'Chicago', state: 'IL', zip: '60654' };

    const centre = await put(body);
    expect(centre.statusCode, centre.body).toBe(200);
    const refined = await put({ ...body, lat: 41.8892, lng: -87.6283 });
    expect(refined.json().place).toEqual({ ...body, lat: 41.8892, lng: -87.6283 });
    expect((await put({ ...body, lat: 40.7, lng: -74 })).json().error.fields).toEqual({
      lat: 'This point is more than 30 miles from the ZIP code. Check the coordinates.',
    });
    expect((await put({ ...body, lat: 41.9 })).json().error.fields).toEqual({ lng: 'Enter both latitude and longitude, or neither.' });

    const page = (await t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).json().deal;
    expect(page.place).toEqual({ ...body, lat: 41.8892, lng: -87.6283 });
    const near = await browse('near=41.8892,-87.6283&radius=1&sort=distance');
    expect(near.deals.map((d) => d.id)).toEqual([deal.id]);
    // The position asked from is rounded to 3 decimals (about 100 m; browseQuerySchema): 33 m from the door.
    expect(near.deals[0]!.distanceMiles).toBeLessThan(0.05);
  });
});

describe('the database’s category names', () => {
  it('are the shared CATEGORIES, weighted C in the search document', async () => {
    const rows = await rowsOf<{ name: string }>(t.database, sql`select category_name(i) as name from generate_series(1, 8) i`);
    expect(rows.map((r) => r.name)).toEqual(CATEGORIES.map((c) => c.name));
  });
});

// Last: its business would show in the listings the tests above compare.
describe('distance pages', () => {
  it('pages nearest first through deals at one distance: each once, the id breaking ties, across page edges', async () => {
    // Five deals of one business share its point (~1.5 mi from 11201's centre), between two other businesses; and a
    // second business at the very same point (one ZIP centre, two businesses): its deals tie with the first's.
    const atTiesPoint = async (businessName: string, addressLine1: string) =>
      (
        await createMerchant(db, {
          businessName,
          addressLine1,
          zip: '11201',
          city: 'Brooklyn',
          state: 'NY',
          timeZone: 'America/New_York',
          lat: 40.7128,
          lng: -74.0061,
        })
      ).merchant;
    const merchant = await atTiesPoint('Ties business', '2 Test St');
    const neighbour = await atTiesPoint('Ties neighbour', '4 Test St');
    const tied: string[] = [];
    for (let i = 0; i < 5; i++)
      tied.push((await createDeal(db, merchant.id, { title: `Tied deal ${i}`, city: 'Brooklyn', state: 'NY' })).id);
    for (let i = 0; i < 2; i++)
      tied.push((await createDeal(db, neighbour.id, { title: `Tied neighbour deal ${i}`, city: 'Brooklyn', state: 'NY' })).id);
    const expected = [ids.heights!, ids.manhattan!, ...tied.sort(), ids.queens!];
    for (const pageSize of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const qs: string = `zip=11201&radius=25&sort=distance&pageSize=${pageSize}${after ? `&after=${after}` : ''}`;
        const res = await t.request({ method: 'GET', url: `/api/deals?${qs}` });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<{ deals: { id: string }[]; nextCursor: string | null; total: number | null }>();
        // The first page counts the deals within the radius (through the businesses there): exactly these.
        if (!after) expect(page.total, `pageSize ${pageSize}`).toBe(expected.length);
        seen.push(...page.deals.map((d) => d.id));
        after = page.nextCursor;
      } while (after && seen.length < 20);
      expect(seen, `pageSize ${pageSize}`).toEqual(expected);
    }
  });

  it('breaks a tie between two places at the very same distance by the id, across page edges', async () => {
    // Mirror images across the origin's meridian: (0, 1) and (0, -1) are exactly as far from (0, 0).
    const at = async (name: string, lat: number, lng: number, n: number) => {
      const { merchant } = await createMerchant(db, { businessName: name, city: 'Null Island', state: 'NY', lat, lng });
      const made: string[] = [];
      for (let i = 0; i < n; i++) made.push((await createDeal(db, merchant.id, { title: `${name} ${i}`, categoryId: 6 })).id);
      return made;
    };
    const nearest = await at('Half east', 0, 0.5, 1);
    const tied = [...(await at('One east', 0, 1, 3)), ...(await at('One west', 0, -1, 3))].sort();
    const farther = await at('Two east', 0, 2, 1);
    const expected = [...nearest, ...tied, ...farther];
    for (const pageSize of [2, 3, 5]) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const qs: string = `near=0,0&sort=distance&category=6&pageSize=${pageSize}${after ? `&after=${after}` : ''}`;
        const res = await t.request({ method: 'GET', url: `/api/deals?${qs}` });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<{ deals: { id: string }[]; nextCursor: string | null }>();
        seen.push(...page.deals.map((d) => d.id));
        after = page.nextCursor;
      } while (after && seen.length < expected.length);
      expect(seen.slice(0, expected.length), `pageSize ${pageSize}`).toEqual(expected);
    }
  });
});
