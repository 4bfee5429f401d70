import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { BROWSE_MESSAGES as M, CATEGORIES, DISCOUNT_BANDS, LOCATIONS, PRICE_BANDS, type DealFacets } from '@localperks/shared';
import { deals } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { sqlRows } from '../../../lib/sql-rows';
import { browseFilters, countedRows, originOf, priceBandFilter, searchFilter, type BrowseQuery } from '../deals/browse.service';
import type { DealReadDeps } from '../deals/deals.service';
import { prepareSearch } from './search-query';
import { binder, filterText, priceBandText, runStatement, type OmitFacets, type Statement } from '../deals/browse-statement';

/*
 * Facet counts (GET /api/deals/facets; docs/decisions/0050-search.md): for each category, city, price
 * range and discount, how many deals the current query would list with that value chosen, every
 * other filter kept. No count reads the whole catalogue: each is exact up to FACET_COUNT_CAP and then
 * "1,000+" (`capped`).
 */

export const FACET_COUNT_CAP = 1000;
/** A search's matches are read once, up to this many, and counted in memory; more make the counts "at least". */
const SEARCH_SAMPLE_CAP = 2000;

type Omit4 = { category?: boolean; place?: boolean; price?: boolean; discount?: boolean };

/** `how.plain: false` keeps the catalogue's facets on the query builder: browse-statement.test.ts compares the two. */
export async function dealFacets(deps: DealReadDeps, query: BrowseQuery, how: { plain?: boolean } = {}): Promise<DealFacets> {
  const { db } = deps;
  const now = deps.clock.now();
  const origin = originOf(query);
  if (query.radius && !origin) throw new AppError('VALIDATION', M.needsLocation, { radius: M.needsLocation });
  const search = query.search ? await prepareSearch(db, query.search) : null;
  const where = (omit: Omit4, extra: SQL) =>
    and(...browseFilters(query, now, origin, omit), search ? searchFilter(search) : undefined, extra)!;

  if (!search && !query.radius && how.plain !== false) {
    // The catalogue's facets, in one prepared statement written as text (as a plain browse: browse-statement.ts).
    return facetsOf(await runStatement(db, plainFacetsStatement(query, now)));
  }
  if (!search) {
    // Each value's own capped count: index-only walks of (dimension, listed_until) for the plain catalogue.
    const counts: SQL[] = [
      ...CATEGORIES.map((c) => cappedCount(query, where({ category: true }, eq(deals.categoryId, c.id)))),
      ...LOCATIONS.map((l) => cappedCount(query, where({ place: true }, and(eq(deals.state, l.state), eq(deals.city, l.city))!))),
      ...PRICE_BANDS.map((b) => cappedCount(query, where({ price: true }, priceBandFilter(b)))),
      ...DISCOUNT_BANDS.map((b) => cappedCount(query, where({ discount: true }, gte(deals.discountPercentage, b.min)))),
    ];
    const [row] = await sqlRows<Record<string, number>>(
      db,
      sql`select ${sql.join(
        counts.map((c, i) => sql`${c} as ${sql.identifier(`c${i}`)}`),
        sql`, `,
      )}`,
    );
    return facetsOf(row);
  }

  // A search: its matches (every filter but the four facets) read once, then counted per facet.
  const rows = await sqlRows<{ c: number; s: string; t: string; p: number; d: number }>(
    db,
    sql`select ${deals.categoryId} as c, ${deals.state} as s, ${deals.city} as t, ${deals.dealPriceCents} as p, ${deals.discountPercentage} as d
        from ${countedRows(query)}
        where ${where({ category: true, place: true, price: true, discount: true }, sql`true`)} limit ${SEARCH_SAMPLE_CAP + 1}`,
  );
  const isCapped = rows.length > SEARCH_SAMPLE_CAP;
  const price = PRICE_BANDS.find((b) => b.id === query.price);
  const discount = DISCOUNT_BANDS.find((b) => b.id === query.discount);
  const keeps = {
    category: (r: (typeof rows)[number]) => !query.category || r.c === query.category,
    place: (r: (typeof rows)[number]) => (!query.state || r.s === query.state) && (!query.city || r.t === query.city),
    price: (r: (typeof rows)[number]) => !price || (r.p >= price.min && (price.max === null || r.p < price.max)),
    discount: (r: (typeof rows)[number]) => !discount || r.d >= discount.min,
  };
  const countWhere = (except: keyof typeof keeps, match: (r: (typeof rows)[number]) => boolean) => {
    const n = rows
      .slice(0, SEARCH_SAMPLE_CAP)
      .filter((r) => match(r) && (Object.keys(keeps) as (keyof typeof keeps)[]).every((k) => k === except || keeps[k](r))).length;
    return { count: Math.min(n, FACET_COUNT_CAP), capped: isCapped || n > FACET_COUNT_CAP };
  };
  return {
    categories: CATEGORIES.map((c) => ({ id: c.id, ...countWhere('category', (r) => r.c === c.id) })),
    cities: LOCATIONS.map((l) => ({ city: l.city, state: l.state, ...countWhere('place', (r) => r.s === l.state && r.t === l.city) })),
    prices: PRICE_BANDS.map((b) => ({ id: b.id, ...countWhere('price', (r) => r.p >= b.min && (b.max === null || r.p < b.max)) })),
    discounts: DISCOUNT_BANDS.map((b) => ({ id: b.id, ...countWhere('discount', (r) => r.d >= b.min) })),
  };
}

/** The facets from one row of capped counts named c0, c1, …: categories, cities, price bands, discount bands in turn. */
function facetsOf(row: Record<string, unknown> | undefined): DealFacets {
  const n = (i: number) => Number(row?.[`c${i}`] ?? 0);
  const entry = (i: number) => ({ count: Math.min(n(i), FACET_COUNT_CAP), capped: n(i) > FACET_COUNT_CAP });
  let i = 0;
  return {
    categories: CATEGORIES.map((c) => ({ id: c.id, ...entry(i++) })),
    cities: LOCATIONS.map((l) => ({ city: l.city, state: l.state, ...entry(i++) })),
    prices: PRICE_BANDS.map((b) => ({ id: b.id, ...entry(i++) })),
    discounts: DISCOUNT_BANDS.map((b) => ({ id: b.id, ...entry(i++) })),
  };
}

/**
 * The catalogue's facets (no search, no radius) as one statement's text: the same capped counts as below, written
 * without the query builder (which cost 2.4 ms of CPU a request for the 28 counts at 1M deals),  and with the filters' values
 * in its text when they are ours, the same text for every request of the same filters, so PostgreSQL parses it once per
 * connection (runStatement()).
 */
export function plainFacetsStatement(query: BrowseQuery, now: Date): Statement {
  const bind = binder();
  const at = bind.$(now.toISOString(), '::timestamptz');
  const from = query.open ? `"deals" inner join "merchants" on "merchants"."id" = "deals"."merchant_id"` : '"deals"';
  const count = (omit: OmitFacets, value: string) =>
    `(select count(*)::int from (select 1 from ${from} where ${[...filterText(query, bind, at, omit), value].join(' and ')} limit ${FACET_COUNT_CAP + 1}) capped)`;
  const ours = (v: string | number) => bind.filter(v, true);
  const counts = [
    ...CATEGORIES.map((c) => count({ category: true }, `"deals"."category_id" = ${ours(c.id)}`)),
    ...LOCATIONS.map((l) => count({ place: true }, `"deals"."state" = ${ours(l.state)} and "deals"."city" = ${ours(l.city)}`)),
    ...PRICE_BANDS.map((b) => count({ price: true }, priceBandText(b, bind))),
    ...DISCOUNT_BANDS.map((b) => count({ discount: true }, `"deals"."discount_percentage" >= ${ours(b.min)}`)),
  ];
  return { text: `select ${counts.map((c, i) => `${c} as c${i}`).join(', ')}`, values: bind.values, isShareable: bind.isShareable() };
}

/** Matching deals counted up to one past the cap, as a scalar subquery. */
const cappedCount = (query: BrowseQuery, where: SQL): SQL =>
  sql`(select count(*)::int from (select 1 from ${countedRows(query)} where ${where} limit ${FACET_COUNT_CAP + 1}) capped)`;
