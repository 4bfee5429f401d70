import { beforeAll, describe, expect, it } from 'vitest';
import { browseQuerySchema } from '@localperks/shared';
import { build } from '../../../../test/build';
import { fixedClock } from '../../../../test/clock';
import { createDeal, createDealWithOptions, createMerchant } from '../../../../test/factories';
import { dealFacets } from '../search/facets.service';
import { listDeals } from './browse.service';
import { isPlainBrowse, plainBrowseStatement } from './browse-statement';

/*
 * A plain browse (no search; newest, price or discount order) is answered by one prepared statement written as
 * text (browse-statement.ts). It must answer exactly what the general path answers (browse.service.ts): the same
 * cards in the same order, the same count and Sponsored row, the same pages by number and by cursor, across every
 * filter. Each query below is asked both ways, on a catalogue with ties in every order.
 */

const t = await build();
const db = t.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date();
const deps = { db, clock: fixedClock(now), storage: t.app.deps.storage };

beforeAll(async () => {
  const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '00:00', closes: '00:00' }));
  const { merchant: open } = await createMerchant(db, {
    businessName: 'Always Open Diner',
    openingHours: allWeek,
    timeZone: 'America/Chicago',
    addressLine1: '1 Test St',
    zip: '60606',
    lat: 41.8827,
    lng: -87.6378,
  });
  const { merchant: unknownHours } = await createMerchant(db, {
    businessName: 'Hours Unknown Spa',
    addressLine1: '2 Test St',
    zip: '60614',
    lat: 41.9214,
    lng: -87.6513,
  });
  const { merchant: austin } = await createMerchant(db, { businessName: 'Austin Place', city: 'Austin', state: 'TX' });
  const merchants = [open, unknownHours, austin];
  const prices = [2_000, 4_500, 4_500, 9_000, 15_000, 30_000];
  for (let i = 0; i < 36; i++) {
    const m = merchants[i % 3]!;
    const o = {
      title: `Plain deal ${i}`,
      categoryId: 1 + (i % 4),
      city: m.city,
      state: m.state,
      originalPriceCents: i % 2 ? 10_000 : 40_000,
      dealPriceCents: prices[i % 6]!,
      discountPercentage: Math.round((1 - prices[i % 6]! / (i % 2 ? 10_000 : 40_000)) * 100),
      // Nine instants for 36 deals: ties in date order, broken by the id.
      createdAt: new Date(now.getTime() - (i % 9) * HOUR),
      ...(i % 7 === 0 ? { boostedUntil: new Date(now.getTime() + DAY) } : {}),
      ...(i % 13 === 5 ? { expirationDate: new Date(now.getTime() - DAY) } : {}),
      ...(i % 11 === 0
        ? { type: 'perkboost' as const, status: 'pending' as const, votesRequired: 10, votingEndDate: new Date(now.getTime() + DAY) }
        : {}),
    };
    if (i % 5 === 0) {
      await createDealWithOptions(
        db,
        m.id,
        [
          { title: 'One', originalPriceCents: o.originalPriceCents, dealPriceCents: o.dealPriceCents },
          { title: 'Two', originalPriceCents: o.originalPriceCents, dealPriceCents: o.dealPriceCents + 500 },
        ],
        o,
      );
    } else await createDeal(db, m.id, o);
  }
});

const QUERIES = [
  '',
  'category=2',
  'state=IL&city=Chicago',
  'state=TX',
  'price=25-50',
  'price=100-plus',
  'discount=50',
  'type=perkboost',
  'open=1',
  'zip=60606',
  'zip=60606&radius=1',
  'category=1&state=IL&city=Chicago&open=1',
];
const SORTS = ['', 'sort=price-low', 'sort=price-high', 'sort=discount', 'sort=newest'];

const parse = (qs: string) => browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
const both = (qs: string) => bothWith(qs, {});
/** The query asked on the plain path (with `how`) and on the general one. */
const bothWith = async (qs: string, how: { denseAbove?: number }) => {
  const query = parse(qs);
  const [plain, general] = await Promise.all([listDeals(deps, query, how), listDeals(deps, query, { plain: false })]);
  return { plain, general };
};
/** Cursor after cursor to the end from `first`, each step the same both ways (cards and next cursor); the steps taken. */
const cursorChain = async (qs: string, first: string | null, how: { denseAbove?: number } = {}) => {
  let steps = 0;
  let next = first;
  while (next) {
    const step = await bothWith(`${qs}&after=${next}`, how);
    expect(step.plain, `${qs} after ${next}`).toEqual(step.general);
    next = step.plain.nextCursor;
    steps++;
  }
  return steps;
};

describe('a plain browse in one statement', () => {
  it('answers what the general path answers: every filter and order, pages by number and by cursor', async () => {
    let compared = 0;
    for (const filter of QUERIES) {
      for (const sortBy of SORTS) {
        const qs = [filter, sortBy, 'pageSize=5'].filter(Boolean).join('&');
        expect(isPlainBrowse(parse(qs), parse(qs).sort ?? 'newest')).toBe(true);
        const first = await both(qs);
        expect(first.plain, qs).toEqual(first.general);
        for (const page of [2, 4, 9]) {
          const numbered = await both(`${qs}&page=${page}`);
          expect(numbered.plain, `${qs}&page=${page}`).toEqual(numbered.general);
        }
        // Cursor after cursor to the end: the same cards, and the same next cursor, each step.
        compared += (await cursorChain(qs, first.plain.nextCursor)) + 4;
      }
    }
    // A radius holding more deals than the cap walks its order's index instead of the box (three make it dense here).
    for (const sortBy of SORTS) {
      const qs = ['zip=60606&radius=5', sortBy, 'pageSize=5'].filter(Boolean).join('&');
      const dense = await bothWith(qs, { denseAbove: 3 });
      expect(dense.plain, `${qs} (dense)`).toEqual(dense.general);
      expect(dense.plain.deals.length).toBe(5);
      compared += await cursorChain(qs, dense.plain.nextCursor, { denseAbove: 3 });
    }
    // Nearest first (ties of twelve deals at each business's point), from a ZIP centre and a position, within a radius.
    for (const qs of ['zip=60606&sort=distance', 'zip=60606&radius=5&sort=distance', 'near=41.9,-87.64&sort=distance&category=2']) {
      const pageSized = `${qs}&pageSize=5`;
      const first = await both(pageSized);
      expect(first.plain, pageSized).toEqual(first.general);
      expect(first.plain.deals.length).toBeGreaterThan(0);
      compared += await cursorChain(pageSized, first.plain.nextCursor);
    }
    // The catalogue is big enough that the pages above were not all empty.
    expect(compared).toBeGreaterThan(QUERIES.length * SORTS.length * 4);
    const all = await both('pageSize=48');
    expect(all.plain.deals.length).toBeGreaterThan(25);
    expect(all.plain.sponsored.length).toBeGreaterThan(0);
    expect(all.plain.deals.some((d) => d.optionCount > 1)).toBe(true);
  });

  it('counts the same facets as the query builder for every filter', async () => {
    for (const filter of [...QUERIES.filter((q) => !q.includes('radius')), 'type=standard&discount=25&price=100-plus']) {
      const query = parse(filter);
      const [plain, general] = await Promise.all([dealFacets(deps, query), dealFacets(deps, query, { plain: false })]);
      expect(plain, filter).toEqual(general);
    }
    // Not all zero: the catalogue above is counted.
    const all = await dealFacets(deps, parse(''));
    expect(all.categories.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(25);
  });

  it('writes our filters into its text and binds the values of the request; a value not ours is bound and not shared', () => {
    const statement = (qs: string, at = now) =>
      plainBrowseStatement({
        query: parse(qs),
        sort: 'newest',
        now: at,
        origin: null,
        after: null,
        skip: 0,
        limit: 13,
        isFirstPage: true,
      });
    const chicago = statement('category=1&state=IL&city=Chicago');
    const tomorrow = statement('category=1&state=IL&city=Chicago', new Date(now.getTime() + DAY));
    // The same filters an hour or a day later: the same text (PostgreSQL parses it once per connection), other values.
    expect(tomorrow.text).toBe(chicago.text);
    expect(tomorrow.values).not.toEqual(chicago.values);
    expect(chicago.isShareable).toBe(true);
    expect(chicago.text).toContain(`"deals"."city" = 'Chicago'`);
    // Other filters of ours: another text, planned for its own values.
    expect(statement('category=3&state=TX&city=Austin').text).not.toBe(chicago.text);
    // A place we do not serve is bound, never written: the statement is then planned anew each time.
    const elsewhere = statement(`state=ZZ&city=${encodeURIComponent("O'Hare'); drop table deals; --")}`);
    expect(elsewhere.isShareable).toBe(false);
    expect(elsewhere.text).not.toContain('Hare');
    expect(elsewhere.values).toContain("O'Hare'); drop table deals; --");
  });

  it('is not taken for a search', () => {
    expect(isPlainBrowse(parse('search=pizza'), 'relevance')).toBe(false);
    expect(isPlainBrowse(parse('search=pizza&sort=newest'), 'newest')).toBe(false);
    expect(isPlainBrowse(parse('search=pizza&zip=60606&sort=distance'), 'distance')).toBe(false);
  });
});
