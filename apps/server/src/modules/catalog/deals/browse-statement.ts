import { Column, getTableName, is, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BROWSE_SPONSORED_DEALS,
  CATEGORIES,
  DEAL_TYPE_FILTERS,
  DISCOUNT_BANDS,
  LOCATIONS,
  RADIUS_MILES,
  METERS_PER_MILE,
  PRICE_BANDS,
  type SortOption,
  type browseQuerySchema,
} from '@localperks/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { COUNT_CAP, summaryColumns } from './deals.service';

/*
 * A plain browse in one prepared statement (docs/decisions/0050-search.md, seventh round): no search, in
 * newest, price, discount or distance order, with any of the filters. Its page, its capped count and its
 * Sponsored row come back from one statement as JSON built by PostgreSQL (nearest first: a second for the
 * deals tied at the page's edge), and the statement is written as text here rather than built by the query
 * builder on every request. Through the real stack that cut the server's CPU per request by two thirds
 * (building three statements and parsing their rows cost 1.9 ms of a 2-core machine's time per request at
 * 1,000,000 deals); with its filter values in its text (ours: binder()) the statement is named, and
 * PostgreSQL parses it once per connection (runStatement()). The filters mean what browseFilters() means;
 * browse-statement.test.ts compares the two answers across filters, orders and pages.
 */

type BrowseQuery = z.output<typeof browseQuerySchema>;

/** What a plain browse is: no search, and an order an index walks (the newest, a price, a discount, the nearest). */
export const isPlainBrowse = (query: BrowseQuery, sort: SortOption): sort is PlainSort =>
  !query.search && (sort === 'newest' || sort === 'price-low' || sort === 'price-high' || sort === 'discount' || sort === 'distance');

/** The orders of a plain browse. Nearest first takes a cursor or the first page; its numbered pages go the general way. */
export type PlainSort = 'newest' | 'price-low' | 'price-high' | 'discount' | 'distance';

const ORDER: Record<Exclude<PlainSort, 'distance'>, { key: string; cast: string; dir: 'asc' | 'desc' }> = {
  newest: { key: '"deals"."created_at"', cast: 'timestamptz', dir: 'desc' },
  'price-low': { key: '"deals"."deal_price_cents"', cast: 'int', dir: 'asc' },
  'price-high': { key: '"deals"."deal_price_cents"', cast: 'int', dir: 'desc' },
  discount: { key: '"deals"."discount_percentage"', cast: 'int', dir: 'desc' },
};

const dialect = new PgDialect();

/** A dense radius's page is looked for among this many deals in the order's index before its box is read. */
const WALKED_IN_ORDER = 4000;

/** A card's columns, named as the summary names them, from the same summaryColumns the other listings select. */
const CARD_COLUMNS = Object.entries(summaryColumns)
  .map(([name, value]) => {
    if (is(value, Column)) return `"${getTableName(value.table)}"."${value.name}" as "${name}"`;
    const rendered = dialect.sqlToQuery(value);
    if (rendered.params.length) throw new Error(`summaryColumns.${name} has values: a plain browse cannot name it`);
    return `${rendered.sql} as "${name}"`;
  })
  .join(', ');

export interface PlainBrowse {
  query: BrowseQuery;
  sort: PlainSort;
  now: Date;
  /** Where distances are measured from (browse.service's originOf()), or null. */
  origin: { lat: number; lng: number } | null;
  /** The last card of the previous page ("after this card"), or null. */
  after: { k: string; id: string } | null;
  /** Cards to skip (a numbered page); 0 with a cursor. */
  skip: number;
  /** Cards to read: the page and one more, which says whether there is a next page. */
  limit: number;
  /** The first page also counts (capped) and reads the Sponsored row. */
  isFirstPage: boolean;
  /** A radius with more deals than this is dense (its order's index is walked): COUNT_CAP, smaller in a test. */
  denseAbove?: number;
}

/** Degrees of latitude per metre on the sphere geo_point() uses (mean radius 6,371,008.8 m). */
const DEGREES_PER_METRE = 180 / Math.PI / 6_371_008.8;

/**
 * A box of latitudes and longitudes holding every point within `metres` of `o` along the surface, a little larger than
 * needed (the exact distance is checked after it): the businesses there are found by merchants_lat_lng_idx. A box
 * across the 180th meridian or over a pole is bounded by latitude alone (no longitudes).
 */
export function boxAround(o: { lat: number; lng: number }, metres: number): { lat: [number, number]; lng: [number, number] | null } {
  const dLat = (metres * 1.01 + 10) * DEGREES_PER_METRE;
  const cos = Math.cos((Math.min(90, Math.abs(o.lat) + dLat) * Math.PI) / 180);
  const dLng = cos > 0.01 ? dLat / cos : 360;
  const lng: [number, number] | null = o.lng - dLng < -180 || o.lng + dLng > 180 ? null : [o.lng - dLng, o.lng + dLng];
  return { lat: [o.lat - dLat, o.lat + dLat], lng };
}

/** The distance along the surface between two points `chord` metres apart in a straight line (cube's `<->`). */
export const arcOfChord = (chord: number) => 2 * 6_371_008.8 * Math.asin(Math.min(1, chord / (2 * 6_371_008.8)));

/** A business's point, as the deals trigger computes its deals' (geo_point). */
const BUSINESS_POINT = 'geo_point("merchants"."lat", "merchants"."lng")';

/** The businesses in boxAround(), as text. */
function businessesAroundText(o: { lat: number; lng: number }, metres: number, $: Bind): string {
  const box = boxAround(o, metres);
  const lat = `"merchants"."lat" between ${$(box.lat[0], '::float8')} and ${$(box.lat[1], '::float8')}`;
  return box.lng ? `${lat} and "merchants"."lng" between ${$(box.lng[0], '::float8')} and ${$(box.lng[1], '::float8')}` : lat;
}

/** Adds a value to a statement's values and names it there (`$n`, with a cast when given). */
export type Bind = (value: unknown, cast?: string) => string;

/** A statement's values, bound as its text is written. */
export interface Binder {
  values: unknown[];
  /** A value of the request (now, a position, a cursor, a page's size): bound, `$n`. */
  $: Bind;
  /**
   * A filter's value. One of ours (a category, one of the 12 cities, a band, a radius) is written into the text, so
   * the text says which rows it reads; another is bound, and the statement is then not shareable.
   */
  filter: (value: string | number, isOurs: boolean, cast?: string) => string;
  /**
   * Every filter value is written into the text: the statement may be named (runStatement()), since a plan PostgreSQL
   * keeps for it was made for those values.
   */
  isShareable: () => boolean;
}

export function binder(): Binder {
  const values: unknown[] = [];
  let isShareable = true;
  const $: Bind = (value, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  return {
    values,
    $,
    filter(value, isOurs, cast = '') {
      if (!isOurs) {
        isShareable = false;
        return $(value, cast);
      }
      return `${typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`}${cast}`;
    },
    isShareable: () => isShareable,
  };
}

/** What the four facets may leave out (a facet's own dimension), as browseFilters()'s `omit`. */
export interface OmitFacets {
  category?: boolean;
  place?: boolean;
  price?: boolean;
  discount?: boolean;
}

/**
 * The filters of browseFilters() but the radius, as text: listed now, type, category, place, price and discount bands,
 * open now (which reads the business). `now` is the bound timestamp's name.
 */
export function filterText(query: BrowseQuery, b: Binder, now: string, omit: OmitFacets = {}): string[] {
  const filters = [`"deals"."listed_until" > ${now}`];
  if (query.type !== 'all') filters.push(`"deals"."type" = ${b.filter(query.type, DEAL_TYPE_FILTERS.includes(query.type))}`);
  if (query.category && !omit.category) {
    filters.push(
      `"deals"."category_id" = ${b.filter(
        query.category,
        CATEGORIES.some((c) => c.id === query.category),
      )}`,
    );
  }
  if (!omit.place) {
    if (query.state)
      filters.push(
        `"deals"."state" = ${b.filter(
          query.state,
          LOCATIONS.some((l) => l.state === query.state),
        )}`,
      );
    if (query.city)
      filters.push(
        `"deals"."city" = ${b.filter(
          query.city,
          LOCATIONS.some((l) => l.city === query.city),
        )}`,
      );
  }
  const price = PRICE_BANDS.find((p) => p.id === query.price);
  if (price && !omit.price) filters.push(priceBandText(price, b));
  const discount = DISCOUNT_BANDS.find((d) => d.id === query.discount);
  if (discount && !omit.discount) filters.push(`"deals"."discount_percentage" >= ${b.filter(discount.min, true)}`);
  if (query.open) {
    filters.push(`coalesce("merchants"."open_week_minutes" @> local_week_minute(${now}, "merchants"."time_zone"), false)`);
  }
  return filters;
}

/** A price band, as priceBandFilter() writes it. */
export const priceBandText = (band: (typeof PRICE_BANDS)[number], b: Binder): string =>
  band.max === null
    ? `"deals"."deal_price_cents" >= ${b.filter(band.min, true)}`
    : `"deals"."deal_price_cents" >= ${b.filter(band.min, true)} and "deals"."deal_price_cents" < ${b.filter(band.max, true)}`;

/** The statement's text and values; the text names no value, so it is the same for every request of its shape. */
export function plainBrowseStatement(b: PlainBrowse): Statement {
  const bind = binder();
  const { values, $ } = bind;
  const { query } = b;
  const now = $(b.now.toISOString(), '::timestamptz');
  const filters = filterText(query, bind, now);
  const point = b.origin ? `geo_point(${$(b.origin.lat, '::float8')}, ${$(b.origin.lng, '::float8')})` : null;
  const from = `"deals" inner join "merchants" on "merchants"."id" = "deals"."merchant_id"`;
  // As countedRows(): the business is joined only when a filter reads it, so the count can stay in the deals' indexes.
  const dealRows = query.open ? from : '"deals"';
  // Nearest first places only deals whose business has a point (counted so too, but within a radius: implied there).
  const countFilters = [...filters, ...(b.sort === 'distance' && !query.radius ? ['"deals"."earth" is not null'] : [])];
  let metres: string | null = null;
  let box: string | null = null;
  if (query.radius && point) {
    metres = bind.filter(query.radius * METERS_PER_MILE, (RADIUS_MILES as readonly number[]).includes(query.radius), '::float8');
    box = `geo_box(${point}, ${metres}) @> "deals"."earth" and geo_metres(${point}, "deals"."earth") <= ${metres}`;
    filters.push(box);
  }
  /** The capped count's rows (only the first page binds its values: a value the text does not name has no type). */
  const countedText = () => {
    if (!metres || !point || !b.origin) return `${dealRows} where ${countFilters.join(' and ')}`;
    // As countedWithin(): counted through the businesses within the radius, whose point their deals carry.
    const around = businessesAroundText(b.origin, query.radius! * METERS_PER_MILE, $);
    return `"merchants" inner join "deals" on "deals"."merchant_id" = "merchants"."id" where ${[...countFilters, around, `geo_metres(${point}, ${BUSINESS_POINT}) <= ${metres}`].join(' and ')}`;
  };
  const distance = point ? `geo_metres("deals"."earth", ${point}) / ${$(METERS_PER_MILE, '::float8')}` : 'null::float8';
  // Nearest first walks deals_earth_idx by the chord alone, which stops after the page; the id orders the ties after
  // (nearestPage()). Only deals whose business has a point are placed.
  if (b.sort === 'distance') filters.push('"deals"."earth" is not null');
  const where = filters.join(' and ');
  const o = b.sort === 'distance' ? { key: `("deals"."earth" <-> ${point!})`, cast: 'float8', dir: 'asc' as const } : ORDER[b.sort];
  const orderBy = b.sort === 'distance' ? o.key : `${o.key} ${o.dir}, "deals"."id" ${o.dir}`;
  let rowsWhere = where;
  if (b.after) {
    rowsWhere += ` and (${o.key}, "deals"."id") ${o.dir === 'desc' ? '<' : '>'} (${$(b.after.k)}::${o.cast}, ${$(b.after.id)}::uuid)`;
  }
  if (b.skip > 0) {
    // A numbered page: the ids past the skipped cards, found by the order's index alone (decision 0050, sixth round).
    rowsWhere += ` and "deals"."id" in (select "deals"."id" from ${dealRows} where ${where} order by ${orderBy} limit ${$(b.limit, '::int')} offset ${$(b.skip, '::int')})`;
  }
  const limit = $(b.limit, '::int');
  const rowsOf = (w: string) =>
    `(select coalesce(json_agg(r), '[]') from (select ${CARD_COLUMNS}, ${distance} as "distance", (${o.key})::text as "k0" from ${from} where ${w} order by ${orderBy} limit ${limit}) r)::text`;
  /*
   * Within a radius in another order than the nearest, the planner, misjudging the box (308 deals estimated where
   * 75,000 were, 1M deals within 25 miles of 60606), took every deal in it and sorted them (600 ms). Where the radius
   * holds more deals than the cap (its capped count, read first through the businesses), the order's index is walked
   * instead, at most WALKED_IN_ORDER deals, each one's distance checked: when that finds the whole page, it is the page
   * (the first matches in order); when not (a sparse radius, or one whose deals sit late in the order), the box is read.
   */
  const isDense = box !== null && b.sort !== 'distance' && b.skip === 0;
  const parts = [`${rowsOf(rowsWhere)} as rows`];
  let within = '';
  if (isDense) {
    const inOrder = rowsWhere.replace(box!, 'true');
    within = `with within as materialized (select count(*)::int as n from (select 1 from ${countedText()} limit ${COUNT_CAP + 1}) capped),
      walked as materialized (select w.id from (select "deals"."id" as id, "deals"."earth" as earth, ${o.key} as k from ${dealRows}
        where ${inOrder} order by ${orderBy} limit ${WALKED_IN_ORDER}) w
        where geo_metres(${point}, w.earth) <= ${metres} order by w.k ${o.dir}, w.id ${o.dir} limit ${limit}) `;
    parts[0] = `case when (select n from within) <= ${b.denseAbove ?? COUNT_CAP} then ${rowsOf(rowsWhere)}
      when (select count(*) from walked) = ${limit} then ${rowsOf(`"deals"."id" in (select id from walked)`)}
      else ${rowsOf(rowsWhere)} end as rows`;
  }
  if (b.isFirstPage) {
    const hour = $(String(Math.floor(b.now.getTime() / 3_600_000)), '::text');
    const sponsored = `select ${CARD_COLUMNS}, ${distance} as "distance" from ${from} where ${where} and "deals"."boosted_until" > ${now} order by md5("deals"."id"::text || ${hour}) limit ${BROWSE_SPONSORED_DEALS}`;
    parts.push(
      isDense
        ? '(select n from within) as total'
        : `(select count(*)::int from (select 1 from ${countedText()} limit ${COUNT_CAP + 1}) capped) as total`,
      `(select coalesce(json_agg(s), '[]') from (${sponsored}) s)::text as sponsored`,
    );
  }
  return { text: `${within}select ${parts.join(', ')}`, values, isShareable: bind.isShareable() };
}

/** A statement's text and values, and whether every filter value is in its text (binder()). */
export interface Statement {
  text: string;
  values: unknown[];
  isShareable: boolean;
}

/** A card as the statement's JSON carries it: the summary's row, its distance and its sort value as text. */
export interface PlainCard {
  [column: string]: unknown;
  distance: number | null;
}

const DATE_COLUMNS = ['expirationDate', 'createdAt', 'votingEndDate', 'boostedUntil'] as const;
const withDates = (card: PlainCard) => {
  for (const c of DATE_COLUMNS) if (card[c] !== null) card[c] = new Date(card[c] as string);
  return card;
};

/** Statement texts already named, and their names: a text is parsed once per connection, then only executed. */
const named = new Map<string, string>();
/** Beyond this many shapes a statement runs unnamed (parsed each time) rather than held by every connection. */
const NAMED_STATEMENTS = 500;

interface PgPool {
  totalCount: number;
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs one statement and answers its one row. A shareable one is named on PostgreSQL (parsed once per connection). Only
 * a statement whose filter values are in its text may be named: after five executions PostgreSQL may keep one plan for
 * all of a named statement's values, and a plan made without them can be right for one value and ruinous for another
 * (the facets of category 8 in a price band, bound, once category 1's had run five times: 1.9 s where a plan for its
 * values took 150 ms; decision 0050, seventh round). Unnamed, every execution is planned for its values.
 */
export async function runStatement(db: Tx, { text, values, isShareable: isNamed }: Statement): Promise<Record<string, unknown>> {
  const client = (db as { $client?: unknown }).$client as PgPool | undefined;
  if (client && typeof client.totalCount === 'number') {
    let name = isNamed ? named.get(text) : undefined;
    if (isNamed && !name && named.size < NAMED_STATEMENTS) named.set(text, (name = `plain_${named.size + 1}`));
    return (await client.query({ name, text, values })).rows[0]!;
  }
  // Embedded PGlite, or an open transaction: the same text and values through the query builder's session.
  const chunks = text.split(/\$(\d+)/);
  const query = sql.join(
    chunks.map((c, i) => (i % 2 ? sql`${values[Number(c) - 1]}` : sql.raw(c))),
    sql``,
  );
  const [row] = await sqlRows<Record<string, unknown>>(db, query);
  return row!;
}

/**
 * The deals tied at the distance `edge` (cube's chord, as the database wrote it) after the nearer ones of a page: the
 * deals at the points at that distance, in id order, up to `k`. Points are businesses' (ZIP centres often hold many),
 * each read by deals_earth_id_idx in id order; there is nearly always one. Not filtered by the radius: a point at the
 * page's edge is within the radius its nearer rows were found in.
 */
export function tiesStatement(b: PlainBrowse, edge: string, k: number): Statement {
  const bind = binder();
  const { values, $ } = bind;
  const origin = b.origin!;
  const now = $(b.now.toISOString(), '::timestamptz');
  const filters = filterText(b.query, bind, now);
  const point = `geo_point(${$(origin.lat, '::float8')}, ${$(origin.lng, '::float8')})`;
  if (b.after) filters.push(`(("deals"."earth" <-> ${point}), "deals"."id") > (${$(b.after.k)}::float8, ${$(b.after.id)}::uuid)`);
  const at = `${BUSINESS_POINT} <-> ${point}`;
  const points = `select distinct ${BUSINESS_POINT} as pt from "merchants" where ${businessesAroundText(origin, arcOfChord(Number(edge)), $)} and (${at}) = ${$(edge, '::float8')}`;
  const limit = $(k, '::int');
  const tied = `select ${CARD_COLUMNS}, geo_metres("deals"."earth", ${point}) / ${$(METERS_PER_MILE, '::float8')} as "distance", ("deals"."earth" <-> ${point})::text as "k0"
    from "deals" inner join "merchants" on "merchants"."id" = "deals"."merchant_id"
    where ${filters.join(' and ')} and "deals"."earth" = pts.pt order by "deals"."id" limit ${limit}`;
  return {
    text: `select coalesce(json_agg(t), '[]')::text as rows from (select d.* from (${points}) pts cross join lateral (${tied}) d order by d."id" limit ${limit}) t`,
    values,
    isShareable: bind.isShareable(),
  };
}

/** Nearest first, the id breaking ties: the walked rows nearer than the last, then the ties at its distance (as nearestFirst() in browse.service). */
/**
 * Rows walked nearest first by the chord alone (`k0`, as the database wrote it: float8 text reads back exactly), put in
 * the order of the distance then the id's bytes. Fewer than `n`: they are all there is (`edge` null). Else the rows
 * nearer than the last one are the page's first, and the places left go to the deals tied at its distance, `edge`.
 */
export function nearerThanEdge<R extends { id: string }>(walked: R[], n: number): { nearer: R[]; edge: string | null } {
  const d = (r: R) => Number((r as unknown as { k0: string }).k0);
  const inOrder = (x: R, y: R) => d(x) - d(y) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  if (walked.length < n) return { nearer: walked.sort(inOrder), edge: null };
  const edge = (walked.at(-1) as unknown as { k0: string }).k0;
  return { nearer: walked.filter((r) => d(r) < Number(edge)).sort(inOrder), edge };
}

async function nearestPage(db: Tx, b: PlainBrowse, walked: PlainCard[]): Promise<PlainCard[]> {
  const { nearer, edge } = nearerThanEdge(walked as (PlainCard & { id: string })[], b.limit);
  if (edge === null) return nearer;
  const row = await runStatement(db, tiesStatement(b, edge, b.limit - nearer.length));
  return [...nearer, ...(JSON.parse(row.rows as string) as PlainCard[]).map(withDates)];
}

/** A plain browse's cards, and on the first page its capped count and Sponsored row. */
export async function plainBrowse(db: Tx, b: PlainBrowse) {
  const row = await runStatement(db, plainBrowseStatement(b));
  const rows = (JSON.parse(row.rows as string) as PlainCard[]).map(withDates);
  return {
    rows: b.sort === 'distance' ? await nearestPage(db, b, rows) : rows,
    sponsored: b.isFirstPage ? (JSON.parse(row.sponsored as string) as PlainCard[]).map(withDates) : null,
    total: b.isFirstPage ? Number(row.total) : null,
  };
}
