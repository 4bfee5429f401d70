import { and, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  BROWSE_MESSAGES as M,
  BROWSE_SPONSORED_DEALS,
  DISCOUNT_BANDS,
  LOCATIONS,
  METERS_PER_MILE,
  PRICE_BANDS,
  distanceKm,
  type BrowseResult,
  type SortOption,
  browseQuerySchema,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { deals, merchants } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { geocodeZip } from '../location/geocode';
import { arcOfChord, boxAround, isPlainBrowse, nearerThanEdge, plainBrowse } from './browse-statement';
import { matchesQuery, nearestWords, prepareSearch, tsQueryText, type PreparedSearch } from '../search/search-query';
import {
  COUNT_CAP,
  boostedNow,
  escapeLike,
  hourlyRotation,
  summaryColumns,
  toSummary,
  visibleNow,
  type DealReadDeps,
} from './deals.service';

/*
 * Browse and search (GET /api/deals; docs/decisions/0050-search.md). A listing is a sequence of
 * segments, each one index-ordered query: one for a browse or a chosen sort; for a search ordered by
 * relevance, one per relevance band (the words in the title, then title or business name, then
 * category, then anywhere; each with the words as typed before their synonyms). A page reads the
 * segments in turn until it has its rows, so it never sorts the whole match. Deep pages continue
 * "after this card" (keyset, `after`): a cursor names the segment and the sort values of the last
 * card, so deals added meanwhile neither repeat nor push cards out. Paid boosts are not placed in the
 * list: page 1 carries them apart, as the row labelled Sponsored (docs/decisions/0041), best relevance
 * band first.
 */

export type BrowseQuery = z.output<typeof browseQuerySchema>;

export interface Origin {
  lat: number;
  lng: number;
  label: string;
}

/** Where distances are measured from: the position given, or the ZIP code's centre; null without either. */
export function originOf(query: Pick<BrowseQuery, 'near' | 'zip'>): Origin | null {
  if (query.near) return { ...query.near, label: 'your location' };
  if (!query.zip) return null;
  const z = geocodeZip(query.zip);
  if (!z) throw new AppError('VALIDATION', M.zipUnknown, { zip: M.zipUnknown });
  return { lat: z.lat, lng: z.lng, label: `${z.zip} (${z.city}, ${z.state})` };
}

const pointOf = (o: Origin) => sql`geo_point(${o.lat}::float8, ${o.lng}::float8)`;

/**
 * The filters every segment shares: visible now, type, category, place, price and discount bands,
 * radius (an index lookup: geo_box, then the exact distance), open now (the business's hours in its
 * own time zone: merchants.open_week_minutes, migration 0044).
 */
export function browseFilters(
  query: BrowseQuery,
  now: Date,
  origin: Origin | null,
  omit: { category?: boolean; place?: boolean; price?: boolean; discount?: boolean } = {},
): SQL[] {
  const filters: SQL[] = [visibleNow(now)];
  if (query.type !== 'all') filters.push(eq(deals.type, query.type));
  if (query.category && !omit.category) filters.push(eq(deals.categoryId, query.category));
  if (!omit.place) {
    if (query.state) filters.push(eq(deals.state, query.state));
    if (query.city) filters.push(eq(deals.city, query.city));
  }
  const price = PRICE_BANDS.find((b) => b.id === query.price);
  if (price && !omit.price) filters.push(priceBandFilter(price));
  const discount = DISCOUNT_BANDS.find((b) => b.id === query.discount);
  if (discount && !omit.discount) filters.push(gte(deals.discountPercentage, discount.min));
  if (query.radius && origin) {
    const meters = query.radius * METERS_PER_MILE;
    filters.push(sql`geo_box(${pointOf(origin)}, ${meters}::float8) @> ${deals.earth}`);
    filters.push(sql`geo_metres(${pointOf(origin)}, ${deals.earth}) <= ${meters}::float8`);
  }
  if (query.open) filters.push(openNow(now));
  return filters;
}

export const priceBandFilter = (b: (typeof PRICE_BANDS)[number]): SQL =>
  b.max === null ? gte(deals.dealPriceCents, b.min) : and(gte(deals.dealPriceCents, b.min), lt(deals.dealPriceCents, b.max))!;

/**
 * The business is open at `now` by its hours in its own time zone; unknown hours are not "open". Wrapped in
 * coalesce so the planner does not take the range statistics' guess (2 of 500 businesses open, where a quarter
 * were): with that guess it read every deal of every open business and sorted them (23,350 rows, 55 ms at
 * 100,000 deals); with a neutral one it walks the newest deals and checks their business (401 rows).
 */
export const openNow = (now: Date): SQL =>
  sql`coalesce(${merchants.openWeekMinutes} @> local_week_minute(${now.toISOString()}::timestamptz, ${merchants.timeZone}), false)`;

/**
 * The rows a count reads: the deals alone, joined to their business only when a filter reads the business (open
 * now). Every deal has a business, so the join adds nothing else, and without it a capped count is an index-only
 * scan (0.2 ms for 1,001 deals at 100,000, against 8 ms through the join: docs/decisions/0050-search.md).
 */
export const countedRows = (query: BrowseQuery): SQL =>
  query.open ? sql`${deals} inner join ${merchants} on ${merchants.id} = ${deals.merchantId}` : sql`${deals}`;

/** A business's point, computed as a deal's is (the deals trigger). */
const businessPoint = sql`geo_point(${merchants.lat}, ${merchants.lng})`;

/** The businesses in boxAround() (merchants_lat_lng_idx). */
export function businessesAround(o: Origin, metres: number): SQL {
  const box = boxAround(o, metres);
  const lat = sql`${merchants.lat} between ${box.lat[0]}::float8 and ${box.lat[1]}::float8`;
  return box.lng ? sql`${lat} and ${merchants.lng} between ${box.lng[0]}::float8 and ${box.lng[1]}::float8` : lat;
}

/**
 * Within a radius, the deals are counted through the businesses there (a box of latitudes and longitudes, then each one's
 * live deals by deals_merchant_listed_idx): a deal's place is its business's point. Counted through the deals' own index,
 * every deal in the box was read before the first 1,001 (83,400 at 1M deals within 10 miles of 60606: 32 ms; decision
 * 0050, seventh round). Null without a radius.
 */
export function countedWithin(query: BrowseQuery, now: Date, origin: Origin | null): { from: SQL; where: SQL } | null {
  if (!query.radius || !origin) return null;
  const metres = query.radius * METERS_PER_MILE;
  return {
    from: sql`${merchants} inner join ${deals} on ${deals.merchantId} = ${merchants.id}`,
    where: and(
      businessesAround(origin, metres),
      sql`geo_metres(${pointOf(origin)}, ${businessPoint}) <= ${metres}::float8`,
      ...browseFilters({ ...query, radius: undefined }, now, origin),
    )!,
  };
}

/** A search with no word at all (only symbols) still matches its text literally. */
const matchesText = (text: string): SQL => sql`${deals.searchText} like lower(${`%${escapeLike(text)}%`})`;

/** Any match of the search, wherever its words are (the count and the facets use it). */
export function searchFilter(search: PreparedSearch): SQL {
  return search.words.length ? matchesQuery(tsQueryText(search.expanded)) : matchesText(search.text);
}

/**
 * The relevance bands of a search, best first: each matches where the previous ones did not. With
 * synonyms, the words as typed come before their synonyms at each weight.
 */
function relevanceBands(search: PreparedSearch): SQL[] {
  if (!search.words.length) return [matchesText(search.text)];
  const bands: SQL[] = [];
  let before: SQL | null = null;
  for (const weights of ['A', 'AB', 'ABC', '']) {
    const exact = matchesQuery(tsQueryText(search.exact, weights));
    bands.push(before ? and(exact, sql`not (${before})`)! : exact);
    if (search.hasSynonyms) {
      const expanded = matchesQuery(tsQueryText(search.expanded, weights));
      bands.push(and(expanded, sql`not (${before ? or(before, exact)! : exact})`)!);
      before = expanded;
    } else before = exact;
  }
  return bands;
}

interface OrderKey {
  expr: SQL;
  cast: string;
}
interface Ordering {
  keys: OrderKey[];
  dir: 'asc' | 'desc';
}

/** Each order walks an index (forwards or backwards), the id breaking ties, so a page stops after its rows. */
function orderingOf(sort: SortOption, origin: Origin | null): Ordering {
  switch (sort) {
    case 'price-low':
      return { keys: [{ expr: sql`${deals.dealPriceCents}`, cast: 'int' }], dir: 'asc' };
    case 'price-high':
      return { keys: [{ expr: sql`${deals.dealPriceCents}`, cast: 'int' }], dir: 'desc' };
    case 'discount':
      return { keys: [{ expr: sql`${deals.discountPercentage}`, cast: 'int' }], dir: 'desc' };
    case 'distance':
      // The chord through the earth (cube's `<->`) orders as the distance does, and walks deals_earth_idx nearest first.
      return { keys: [{ expr: sql`(${deals.earth} <-> ${pointOf(origin!)})`, cast: 'float8' }], dir: 'asc' };
    default:
      // Newest means newest (docs/decisions/0041; deals_created_live_idx); relevance orders so within a band.
      return { keys: [{ expr: sql`${deals.createdAt}`, cast: 'timestamptz' }], dir: 'desc' };
  }
}

interface Cursor {
  /** The segment of the last card, and its sort values as the database wrote them, then its id. */
  s: number;
  k: string[];
  id: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string, ordering: Ordering, segments: number): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString()) as Cursor;
    const isValid =
      Number.isInteger(c.s) &&
      c.s >= 0 &&
      c.s < segments &&
      Array.isArray(c.k) &&
      c.k.length === ordering.keys.length &&
      c.k.every((k) => typeof k === 'string' && k.length < 100) &&
      /^[0-9a-f-]{36}$/.test(c.id);
    if (isValid) return c;
  } catch {
    // answered below
  }
  throw new AppError('VALIDATION', M.cursorInvalid, { after: M.cursorInvalid });
}

/** Rows after the cursor's card in the ordering: one row comparison, which the ordering's index serves. */
function afterCursor(ordering: Ordering, c: Cursor): SQL {
  const left = sql.join([...ordering.keys.map((k) => k.expr), sql`${deals.id}`], sql`, `);
  const right = sql.join([...ordering.keys.map((k, i) => sql`${c.k[i]}::${sql.raw(k.cast)}`), sql`${c.id}::uuid`], sql`, `);
  return sql`(${left}) ${sql.raw(ordering.dir === 'desc' ? '<' : '>')} (${right})`;
}

/** Searches matching at most this many deals are read in one pass, their relevance bands computed per row. */
const ONE_PASS_MATCHES = COUNT_CAP;

/**
 * `how.plain: false` keeps a plain browse on the general path, and `how.denseAbove` makes a smaller radius dense (the
 * plain statement then walks its order's index): browse-statement.test.ts compares the paths.
 */
export async function listDeals(
  deps: DealReadDeps,
  query: BrowseQuery,
  how: { plain?: boolean; denseAbove?: number } = {},
): Promise<BrowseResult> {
  const { db } = deps;
  const now = deps.clock.now();
  const origin = originOf(query);
  if ((query.sort === 'distance' || query.radius) && !origin) {
    throw new AppError('VALIDATION', M.needsLocation, { [query.sort === 'distance' ? 'sort' : 'radius']: M.needsLocation });
  }
  const search = query.search ? await prepareSearch(db, query.search) : null;
  const sort: SortOption = query.sort && !(query.sort === 'relevance' && !search) ? query.sort : search ? 'relevance' : 'newest';
  const ordering = orderingOf(sort, origin);
  const need = query.pageSize + 1;
  /** What every path's answer is built with (browseResult()). */
  const read = { now, origin, sort, ordering, search };
  // One prepared statement, written as text (browse-statement.ts): the cheapest path, and the most asked for. Nearest
  // first takes it for the first page and "after this card"; its numbered pages go the general way.
  if (how.plain !== false && isPlainBrowse(query, sort) && (sort !== 'distance' || query.after || query.page === 1)) {
    const cursor = query.after ? decodeCursor(query.after, ordering, 1) : null;
    const isFirstPage = !cursor && query.page === 1;
    const plain = await plainBrowse(db, {
      query,
      sort,
      now,
      origin,
      after: cursor ? { k: cursor.k[0]!, id: cursor.id } : null,
      skip: cursor ? 0 : (query.page - 1) * query.pageSize,
      limit: need,
      isFirstPage,
      denseAbove: how.denseAbove,
    });
    const rows = plain.rows as unknown as (SummaryWithDistance & { k0: string })[];
    return browseResult(deps, db, query, {
      ...read,
      rows: rows.map((r) => ({ ...r, segment: 0 })),
      sponsored: (plain.sponsored ?? []) as unknown as SummaryWithDistance[],
      counted: plain.total,
      isFirstPage,
    });
  }
  const filters = browseFilters(query, now, origin);
  // Distance order places only deals whose business has a point.
  if (sort === 'distance') filters.push(sql`${deals.earth} is not null`);
  const base = and(...filters)!;

  const segments = search ? (sort === 'relevance' ? relevanceBands(search) : [searchFilter(search)]) : [sql`true`];

  const distance = origin
    ? sql<number | null>`geo_metres(${deals.earth}, ${pointOf(origin)}) / ${METERS_PER_MILE}::float8`
    : sql<null>`null`;
  const keyColumns = Object.fromEntries(ordering.keys.map((k, i) => [`k${i}`, sql<string>`(${k.expr})::text`]));
  const orderBy = [...ordering.keys.map((k) => sql`${k.expr} ${sql.raw(ordering.dir)}`), sql`${deals.id} ${sql.raw(ordering.dir)}`];
  const select = (where: SQL) =>
    db
      .select({ ...summaryColumns, distance, ...keyColumns })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(and(base, where))
      .orderBy(...orderBy);
  /**
   * Nearest first, the id breaking ties, in two index reads (docs/decisions/0050-search.md). Ordered by the distance
   * alone, the GiST index walks nearest first and stops after `n` rows; with the id in the ORDER BY it cannot, and
   * the planner reads and sorts every deal in the radius (7,550 at 100,000 deals). Deals of one business share
   * its point, so the n-th row may sit among ties: the rows nearer than it are the page's, and the places left
   * are filled from the ties at its distance, by id, read through the box around that distance.
   */
  const nearestFirst = async (where: SQL, n: number) => {
    const byDistance = ordering.keys[0]!.expr;
    const walked = await db
      .select({ ...summaryColumns, distance, ...keyColumns })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(and(base, where))
      .orderBy(byDistance)
      .limit(n);
    const { nearer, edge } = nearerThanEdge(walked, n);
    if (edge === null) return nearer;
    // The ties are the deals at the points at that distance: with ZIP-centre places, often one point shared by many
    // businesses. Read by point in id order (deals_earth_id_idx), they stop at the page's end; read through the box, every
    // deal at the point was read and sorted (2,000 at 1M deals, 20 ms; decision 0050, seventh round).
    const points = await sqlRows<{ pt: string }>(
      db,
      sql`select distinct ${businessPoint}::text as pt from ${merchants} where ${businessesAround(origin!, arcOfChord(Number(edge)))} and (${businessPoint} <-> ${pointOf(origin!)}) = ${edge}::float8`,
    );
    if (!points.length) return nearer;
    const ties = await db
      .select({ ...summaryColumns, distance, ...keyColumns })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(
        and(
          // Without the radius's box, which the planner would walk instead (every deal at the point, then sorted): a point
          // at the edge's distance is within the radius the walked rows were found in.
          ...browseFilters({ ...query, radius: undefined }, now, origin),
          where,
          points.length === 1
            ? sql`${deals.earth} = ${points[0]!.pt}::cube`
            : sql`${deals.earth} in (${sql.join(
                points.map((p) => sql`${p.pt}::cube`),
                sql`, `,
              )})`,
        ),
      )
      .orderBy(deals.id)
      .limit(n - nearer.length);
    return [...nearer, ...ties];
  };
  /**
   * A numbered page's deals: the ids past the skipped ones, found by the order's index alone. Skipped in the full
   * select, every skipped row had its card built first (its business joined, its options counted): page 200 at 1M
   * deals built 2,401 cards for 13 (15 ms; decision 0050, sixth round).
   */
  const skipped = (where: SQL, n: number, skip: number) =>
    sql`${deals.id} in (select ${deals.id} from ${countedRows(query)} where ${and(base, where)} order by ${sql.join(orderBy, sql`, `)} limit ${n} offset ${skip})`;
  const within = countedWithin(query, now, origin);
  const countUpTo = async (where: SQL, cap: number) => {
    const [r] = await sqlRows<{ n: number }>(
      db,
      within
        ? sql`select count(*)::int as n from (select 1 from ${within.from} where ${and(within.where, where)} limit ${cap}) capped`
        : sql`select count(*)::int as n from (select 1 from ${countedRows(query)} where ${and(base, where)} limit ${cap}) capped`,
    );
    return Number(r?.n ?? 0);
  };

  const cursor = query.after ? decodeCursor(query.after, ordering, segments.length) : null;
  const isFirstPage = !cursor && query.page === 1;
  // Only the first page counts (capped: "1,000+") and reads the Sponsored row, beside the rows, never the whole catalogue.
  const counting = isFirstPage ? started(countUpTo(search ? searchFilter(search) : sql`true`, COUNT_CAP + 1)) : null;
  const sponsoring = isFirstPage ? started(Promise.resolve(sponsoredRow(deps, base, segments, now, distance))) : null;

  let skip = cursor ? 0 : (query.page - 1) * query.pageSize;
  const rows: (Awaited<ReturnType<ReturnType<typeof select>['limit']>>[number] & { segment: number })[] = [];
  /*
   * A search with few matches (up to ONE_PASS_MATCHES, by its capped count) is read in one pass: every match
   * through the text index, its relevance band computed per row, sorted by band then newest. Walking the bands
   * in date order reads the whole catalogue for each band that is empty (a business name: 1.6 s a band at
   * 1,000,000 deals, docs/decisions/0050-search.md, fifth round); a small match sorts in memory in well under that.
   */
  const isOnePass =
    search !== null &&
    segments.length > 1 &&
    sort === 'relevance' &&
    (await (counting ?? countUpTo(searchFilter(search), ONE_PASS_MATCHES + 1))) <= ONE_PASS_MATCHES;
  if (isOnePass) {
    const band = sql<number>`(case ${sql.join(
      segments.map((w, i) => sql`when ${w} then ${sql.raw(String(i))}`),
      sql` `,
    )} else ${sql.raw(String(segments.length))} end)`;
    const after = cursor
      ? sql`(${band} > ${sql.raw(String(cursor.s))} or (${band} = ${sql.raw(String(cursor.s))} and ${afterCursor(ordering, cursor)}))`
      : sql`true`;
    const got = await db
      .select({ ...summaryColumns, distance, ...keyColumns, band })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(and(base, or(...segments), after))
      .orderBy(band, ...orderBy)
      .limit(need)
      .offset(skip);
    rows.push(...got.map(({ band: b, ...r }) => ({ ...r, segment: Number(b) })));
  }
  for (let s = cursor?.s ?? 0; !isOnePass && s < segments.length && rows.length < need; s++) {
    const where = cursor && s === cursor.s ? and(segments[s], afterCursor(ordering, cursor))! : segments[s]!;
    if (skip > 0) {
      // Page numbers (the first pages): whole segments before the page are counted, not read.
      const n = await countUpTo(where, skip + 1);
      if (n <= skip) {
        skip -= n;
        continue;
      }
    }
    const got =
      sort === 'distance' && skip === 0
        ? await nearestFirst(where, need - rows.length)
        : skip > 0
          ? await select(and(where, skipped(where, need - rows.length, skip))!).limit(need - rows.length)
          : await select(where).limit(need - rows.length);
    skip = 0;
    rows.push(...got.map((r) => ({ ...r, segment: s })));
  }

  return browseResult(deps, db, query, {
    ...read,
    rows,
    sponsored: sponsoring ? await sponsoring : [],
    counted: counting ? await counting : null,
    isFirstPage,
  });
}

interface ReadPage {
  now: Date;
  origin: Origin | null;
  sort: SortOption;
  ordering: Ordering;
  search: PreparedSearch | null;
  /** The cards read (one more than the page when there is a next page), each with its segment and sort values. */
  rows: (SummaryWithDistance & { segment: number })[];
  sponsored: SummaryWithDistance[];
  counted: number | null;
  isFirstPage: boolean;
}

/** The answer for the cards read: the page, whether there is more and its cursor, and on an empty first page what else to try. */
async function browseResult(deps: DealReadDeps, db: Tx, query: BrowseQuery, read: ReadPage): Promise<BrowseResult> {
  const { now, origin, sort, ordering, search, rows, counted, isFirstPage } = read;
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  const hasMore = rows.length > query.pageSize;
  // A row's extras (its distance, and in the listing its segment and sort value: orderingOf() has one key) are not the card's.
  const card = ({ distance: miles, segment: _s, k0: _k, ...r }: SummaryWithDistance & { segment?: number; k0?: string }) => {
    const summary: BrowseResult['deals'][number] = toSummary(r, deps.storage.publicUrl, now);
    if (origin) summary.distanceMiles = miles === null ? null : Number(miles);
    return summary;
  };
  const result: BrowseResult = {
    deals: page.map(card),
    sponsored: read.sponsored.map(card),
    total: counted === null ? null : Math.min(counted, COUNT_CAP),
    totalIsCapped: counted !== null && counted > COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
    hasMore,
    nextCursor:
      hasMore && last
        ? encodeCursor({
            s: last.segment,
            k: ordering.keys.map((_, i) => (last as unknown as Record<string, string>)[`k${i}`]!),
            id: last.id,
          })
        : null,
    sort,
    origin,
    didYouMean: null,
    nearbyCities: [],
  };
  if (isFirstPage && page.length === 0) {
    result.didYouMean = search ? await spellingSuggestion(db, query, now, origin, search) : null;
    result.nearbyCities = await nearbyCities(db, query, now, origin, search);
  }
  return result;
}

/**
 * A query started now, beside the rows, and awaited once they are read. If reading the rows fails first, the
 * request answers that error, and this one's own failure must not be left unhandled: that would end the process.
 */
function started<T>(query: Promise<T>): Promise<T> {
  query.catch(() => {});
  return query;
}

type SummaryWithDistance = Awaited<ReturnType<typeof sponsoredRow>>[number];

/**
 * The Sponsored row (docs/decisions/0041): matching deals with a paid boost running, few by nature
 * (partial index deals_boosted_idx), up to BROWSE_SPONSORED_DEALS. For a search, those of the best
 * relevance band come first; within a band the order rotates every hour, so every boost gets its turn.
 */
function sponsoredRow(deps: DealReadDeps, base: SQL, segments: SQL[], now: Date, distance: SQL<number | null>) {
  const order = [hourlyRotation(now)];
  if (segments.length > 1) {
    const cases = segments.map((s, i) => sql`when ${s} then ${sql.raw(String(i))}`);
    order.unshift(sql`case ${sql.join(cases, sql` `)} else ${sql.raw(String(segments.length))} end`);
  }
  return deps.db
    .select({ ...summaryColumns, distance })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(and(base, or(...segments), boostedNow(now)))
    .orderBy(...order)
    .limit(BROWSE_SPONSORED_DEALS);
}

/**
 * "Did you mean": each word the catalogue does not know, replaced by its nearest known word (looser
 * than the corrections a search applies by itself), offered only when that search finds deals here.
 */
async function spellingSuggestion(
  db: Tx,
  query: BrowseQuery,
  now: Date,
  origin: Origin | null,
  search: PreparedSearch,
): Promise<string | null> {
  const best: { input: string; word: string }[] = [];
  for (const input of search.unknown) {
    const [nearest] = await nearestWords(db, input, 1, { min: 0.2, strict: true });
    if (nearest) best.push({ input, word: nearest.word });
  }
  if (!best.length) return null;
  const words = search.words.map((w) => best.find((b) => b.input === w)?.word ?? w);
  const candidate = words.join(' ');
  const groups = words.map((w) => [{ word: w, prefix: false }]);
  const found = await countIn(db, query, and(...browseFilters(query, now, origin), matchesQuery(tsQueryText(groups)))!, 1);
  return found > 0 ? candidate : null;
}

async function countIn(db: Tx, query: BrowseQuery, where: SQL, cap: number): Promise<number> {
  const [r] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${countedRows(query)} where ${where} limit ${cap}) capped`,
  );
  return Number(r?.n ?? 0);
}

/** With nothing found in a place: the nearest of the 12 cities (to that place) that have matching deals. */
async function nearbyCities(db: Tx, query: BrowseQuery, now: Date, origin: Origin | null, search: PreparedSearch | null) {
  const here = origin ?? LOCATIONS.find((l) => l.state === query.state && l.city === query.city) ?? null;
  if (!here && !query.state) return [];
  const where = and(
    ...browseFilters({ ...query, radius: undefined }, now, null, { place: true }),
    search ? searchFilter(search) : undefined,
  )!;
  // Without a search, one index probe per city (its newest matching deal, through the place indexes): exact, where
  // reading the first 2,000 matches anywhere read 1,778 pages of the table for a category with none in the city asked
  // (1M deals, 7.5 ms; decision 0050, sixth round). A search reads its matches through the text index, as before.
  const others = LOCATIONS.filter((l) => !(l.state === query.state && l.city === query.city));
  const places = search
    ? await sqlRows<{ state: string; city: string }>(
        db,
        sql`select distinct state, city from (select ${deals.state} as state, ${deals.city} as city from ${countedRows(query)} where ${where} limit 2000) found`,
      )
    : await sqlRows<{ state: string; city: string }>(
        db,
        sql`select c.state, c.city from (values ${sql.join(
          others.map((l) => sql`(${l.state}::text, ${l.city}::text)`),
          sql`, `,
        )}) c(state, city) where exists (select 1 from ${countedRows(query)} where ${deals.state} = c.state and ${deals.city} = c.city and ${where})`,
      );
  const from = here ?? LOCATIONS.find((l) => l.state === query.state)!;
  return places
    .map((p) => ({ ...p, loc: LOCATIONS.find((l) => l.state === p.state && l.city === p.city) }))
    .filter((p) => p.loc && !(p.state === query.state && p.city === query.city))
    .map((p) => ({ city: p.city, state: p.state, miles: Math.round((distanceKm(from, p.loc!) * 1000) / METERS_PER_MILE) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, 3);
}
