import { Column, getTableName, is, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  BROWSE_SPONSORED_DEALS,
  DISCOUNT_BANDS,
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
 * newest, price or discount order, with any of the filters. Its page, its capped count and its Sponsored
 * row come back from one statement as JSON built by PostgreSQL, and the statement is written as text
 * here rather than built by the query builder on every request. Through the real stack that halved the
 * server's CPU per request (building three statements and parsing their rows cost 1.9 ms of a 2-core
 * machine's time per request at 1,000,000 deals); being named, PostgreSQL parses each distinct text once
 * per connection. The filters mean what browseFilters() means; browse-statement.test.ts compares the two
 * answers across filters, orders and pages.
 */

type BrowseQuery = z.output<typeof browseQuerySchema>;

/** What a plain browse is: no search, and an order an index walks without a distance. */
export const isPlainBrowse = (query: BrowseQuery, sort: SortOption): boolean =>
  !query.search && (sort === 'newest' || sort === 'price-low' || sort === 'price-high' || sort === 'discount');

const ORDER: Record<'newest' | 'price-low' | 'price-high' | 'discount', { key: string; cast: string; dir: 'asc' | 'desc' }> = {
  newest: { key: '"deals"."created_at"', cast: 'timestamptz', dir: 'desc' },
  'price-low': { key: '"deals"."deal_price_cents"', cast: 'int', dir: 'asc' },
  'price-high': { key: '"deals"."deal_price_cents"', cast: 'int', dir: 'desc' },
  discount: { key: '"deals"."discount_percentage"', cast: 'int', dir: 'desc' },
};

const dialect = new PgDialect();

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
  sort: 'newest' | 'price-low' | 'price-high' | 'discount';
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
}

/** Adds a value to a statement's values and names it there (`$n`, with a cast when given). */
export type Bind = (value: unknown, cast?: string) => string;

/** A statement's values, bound as its text is written. */
export function binder(): { values: unknown[]; $: Bind } {
  const values: unknown[] = [];
  return {
    values,
    $: (value, cast = '') => {
      values.push(value);
      return `$${values.length}${cast}`;
    },
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
export function filterText(query: BrowseQuery, $: Bind, now: string, omit: OmitFacets = {}): string[] {
  const filters = [`"deals"."listed_until" > ${now}`];
  if (query.type !== 'all') filters.push(`"deals"."type" = ${$(query.type)}`);
  if (query.category && !omit.category) filters.push(`"deals"."category_id" = ${$(query.category)}`);
  if (!omit.place) {
    if (query.state) filters.push(`"deals"."state" = ${$(query.state)}`);
    if (query.city) filters.push(`"deals"."city" = ${$(query.city)}`);
  }
  const price = PRICE_BANDS.find((p) => p.id === query.price);
  if (price && !omit.price) filters.push(priceBandText(price, $));
  const discount = DISCOUNT_BANDS.find((d) => d.id === query.discount);
  if (discount && !omit.discount) filters.push(`"deals"."discount_percentage" >= ${$(discount.min, '::int')}`);
  if (query.open) {
    filters.push(`coalesce("merchants"."open_week_minutes" @> local_week_minute(${now}, "merchants"."time_zone"), false)`);
  }
  return filters;
}

/** A price band, as priceBandFilter() writes it. */
export const priceBandText = (band: (typeof PRICE_BANDS)[number], $: Bind): string =>
  band.max === null
    ? `"deals"."deal_price_cents" >= ${$(band.min, '::int')}`
    : `"deals"."deal_price_cents" >= ${$(band.min, '::int')} and "deals"."deal_price_cents" < ${$(band.max, '::int')}`;

/** The statement's text and values; the text names no value, so it is the same for every request of its shape. */
export function plainBrowseStatement(b: PlainBrowse): { text: string; values: unknown[] } {
  const { values, $ } = binder();
  const { query } = b;
  const now = $(b.now.toISOString(), '::timestamptz');
  const filters = filterText(query, $, now);
  const point = b.origin ? `geo_point(${$(b.origin.lat, '::float8')}, ${$(b.origin.lng, '::float8')})` : null;
  const from = `"deals" inner join "merchants" on "merchants"."id" = "deals"."merchant_id"`;
  // As countedRows(): the business is joined only when a filter reads it, so the count can stay in the deals' indexes.
  const dealRows = query.open ? from : '"deals"';
  let counted = dealRows;
  let countWhere = filters.join(' and ');
  if (query.radius && point) {
    const metres = $(query.radius * METERS_PER_MILE, '::float8');
    const business = 'geo_point("merchants"."lat", "merchants"."lng")';
    // As countedWithin(): counted through the businesses within the radius, whose point their deals carry.
    counted = `"merchants" inner join "deals" on "deals"."merchant_id" = "merchants"."id"`;
    countWhere += ` and geo_box(${point}, ${metres}) @> ${business} and geo_metres(${point}, ${business}) <= ${metres}`;
    filters.push(`geo_box(${point}, ${metres}) @> "deals"."earth"`, `geo_metres(${point}, "deals"."earth") <= ${metres}`);
  }
  const where = filters.join(' and ');
  const distance = point ? `geo_metres("deals"."earth", ${point}) / ${$(METERS_PER_MILE, '::float8')}` : 'null::float8';
  const o = ORDER[b.sort];
  const orderBy = `${o.key} ${o.dir}, "deals"."id" ${o.dir}`;
  let rowsWhere = where;
  if (b.after) {
    rowsWhere += ` and (${o.key}, "deals"."id") ${o.dir === 'desc' ? '<' : '>'} (${$(b.after.k)}::${o.cast}, ${$(b.after.id)}::uuid)`;
  }
  if (b.skip > 0) {
    // A numbered page: the ids past the skipped cards, found by the order's index alone (decision 0050, sixth round).
    rowsWhere += ` and "deals"."id" in (select "deals"."id" from ${dealRows} where ${where} order by ${orderBy} limit ${$(b.limit, '::int')} offset ${$(b.skip, '::int')})`;
  }
  const rows = `select ${CARD_COLUMNS}, ${distance} as "distance", (${o.key})::text as "k0" from ${from} where ${rowsWhere} order by ${orderBy} limit ${$(b.limit, '::int')}`;
  const parts = [`(select coalesce(json_agg(r), '[]') from (${rows}) r)::text as rows`];
  if (b.isFirstPage) {
    const hour = $(String(Math.floor(b.now.getTime() / 3_600_000)), '::text');
    const sponsored = `select ${CARD_COLUMNS}, ${distance} as "distance" from ${from} where ${where} and "deals"."boosted_until" > ${now} order by md5("deals"."id"::text || ${hour}) limit ${BROWSE_SPONSORED_DEALS}`;
    parts.push(
      `(select count(*)::int from (select 1 from ${counted} where ${countWhere} limit ${COUNT_CAP + 1}) capped) as total`,
      `(select coalesce(json_agg(s), '[]') from (${sponsored}) s)::text as sponsored`,
    );
  }
  return { text: `select ${parts.join(', ')}`, values };
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

export async function runStatement(db: Tx, text: string, values: unknown[]): Promise<Record<string, unknown>> {
  const client = (db as { $client?: unknown }).$client as PgPool | undefined;
  if (client && typeof client.totalCount === 'number') {
    let name = named.get(text);
    if (!name && named.size < NAMED_STATEMENTS) named.set(text, (name = `plain_${named.size + 1}`));
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

/** A plain browse's cards, and on the first page its capped count and Sponsored row. */
export async function plainBrowse(db: Tx, b: PlainBrowse) {
  const { text, values } = plainBrowseStatement(b);
  const row = await runStatement(db, text, values);
  return {
    rows: (JSON.parse(row.rows as string) as PlainCard[]).map(withDates),
    sponsored: b.isFirstPage ? (JSON.parse(row.sponsored as string) as PlainCard[]).map(withDates) : null,
    total: b.isFirstPage ? Number(row.total) : null,
  };
}
