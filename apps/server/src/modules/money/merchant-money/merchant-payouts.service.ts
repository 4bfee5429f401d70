import { and, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  MERCHANT_MONEY_MESSAGES as MM,
  MERCHANT_PAYOUTS_PAGE_SIZE,
  STATEMENT_LINE_KINDS,
  STATEMENT_LINE_LABELS,
  PAYOUT_STATEMENT_PAGE_SIZE,
  maskVoucherCode,
  payoutPeriodFor,
  lineTitle,
  payoutStatus,
  utcDay,
  type LedgerLinesTotals,
  type MerchantPayout,
  type MerchantPayoutsPage,
  type PayoutStatement,
  type StatementLine,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { centsSum, readCents } from '../../../db/cents';
import { ledgerEntries, merchantPayouts, purchases } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { PAYOUT_LINE_KINDS } from '../ledger/ledger.service';
import { stateOf } from '../payouts/payouts.service';
import { merchantOfUser } from './merchant-billing.service';

/**
 * What the platform pays a merchant (docs/product/design.md §8), as the merchant sees it: their payouts, the open
 * period's running total, and each payout's statement. Every figure is read from the one ledger
 * (docs/product/design.md §14, docs/decisions/0018-one-ledger.md) and the payout row the payout job wrote from it:
 * sales, refunds (with the commission reversed), deductions, dispute fees, carried in and forward.
 */

type PayoutRow = typeof merchantPayouts.$inferSelect;

const toPayout = (p: PayoutRow, today: string, commissionReversedCents: number, isHeld = false): MerchantPayout => ({
  id: p.id,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  payoutDate: p.payoutDate,
  totalPurchases: p.totalPurchases,
  grossCents: p.grossCents,
  promotionsCents: p.promotionsCents,
  commissionCents: p.commissionCents,
  refundsCents: p.refundsCents,
  commissionReversedCents,
  deductionsCents: p.deductionsCents,
  disputeFeesCents: p.disputeFeesCents,
  carriedInCents: p.carriedInCents,
  carriedForwardCents: p.carriedForwardCents,
  netCents: p.netCents,
  status: payoutStatus({ ...p, isHeld }, today),
  paidAt: p.paidAt?.toISOString() ?? null,
  state: stateOf(p),
  transferId: p.transferId,
  failureReason: stateOf(p) === 'failed' ? p.failureReason : null,
  paidVia: p.isPaid ? p.paidVia : null,
});

/** The kind of a ledger entry counts only where it is one of these (the payout's lines, never charges or payouts). */
const isLine = inArray(ledgerEntries.kind, [...PAYOUT_LINE_KINDS]);
const sumOf = (kinds: string[], negate = false) =>
  centsSum(
    sql`${sql.raw(negate ? '-' : '')}sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind}::text in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}))`,
  );

/** The ledger lines `where` selects, summed the way the payout job sums them (payouts.service closePayoutPeriods). */
async function lineTotals(db: Tx, where: SQL | undefined): Promise<LedgerLinesTotals> {
  const [t] = await db
    .select({
      sales: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'sale'))::int`,
      refunds: sql<number>`(count(*) filter (where ${ledgerEntries.kind} = 'refund'))::int`,
      // A merchant's own promo code lowers their gross (docs/decisions/0048), as in the payout job.
      grossCents: sumOf(['sale', 'refund', 'promotion', 'promotion_reversal']),
      promotionsCents: sumOf(['promotion', 'promotion_reversal'], true),
      refundsCents: sumOf(['refund'], true),
      commissionCents: sumOf(['commission', 'commission_reversal'], true),
      commissionReversedCents: sumOf(['commission_reversal']),
      deductionsCents: sumOf(['deduction'], true),
      disputeFeesCents: sumOf(['dispute_fee'], true),
    })
    .from(ledgerEntries)
    .where(and(isLine, where));
  const totals = {
    totalPurchases: (t?.sales ?? 0) - (t?.refunds ?? 0),
    grossCents: t?.grossCents ?? 0,
    promotionsCents: t?.promotionsCents ?? 0,
    refundsCents: t?.refundsCents ?? 0,
    commissionCents: t?.commissionCents ?? 0,
    commissionReversedCents: t?.commissionReversedCents ?? 0,
    deductionsCents: t?.deductionsCents ?? 0,
    disputeFeesCents: t?.disputeFeesCents ?? 0,
  };
  return { ...totals, netCents: totals.grossCents - totals.commissionCents - totals.deductionsCents - totals.disputeFeesCents };
}

/** The newest payout period of the merchant's before `periodStart` (null: none), the lower bound of a payout's lines. */
async function previousPayoutStart(db: Tx, merchantId: string, periodStart: string): Promise<string | null> {
  const [row] = await db
    .select({ start: sql<string | null>`max(${merchantPayouts.periodStart})::text` })
    .from(merchantPayouts)
    .where(and(eq(merchantPayouts.merchantId, merchantId), sql`${merchantPayouts.periodStart} < ${periodStart}::date`));
  return row?.start ?? null;
}

/**
 * The ledger lines a payout is made of: the merchant's entries of its period and of any earlier
 * period no earlier payout took (the same rule as the payout job).
 */
const linesOfPayout = (merchantId: string, periodStart: string, previousStart: string | null) =>
  and(
    eq(ledgerEntries.merchantId, merchantId),
    lte(ledgerEntries.periodStart, periodStart),
    previousStart ? gt(ledgerEntries.periodStart, previousStart) : undefined,
  );

/** The merchant's payouts, newest period first, with the open period so far and what is still owed. */
export async function listMerchantPayouts(deps: Pick<Deps, 'db' | 'clock'>, userId: string, page: number): Promise<MerchantPayoutsPage> {
  const now = deps.clock.now();
  const today = utcDay(now);
  const m = await merchantOfUser(deps.db, userId);
  const pageSize = MERCHANT_PAYOUTS_PAGE_SIZE;
  const mine = eq(merchantPayouts.merchantId, m.id);
  const period = payoutPeriodFor(now);
  const [rows, [total], [owed], [last]] = await Promise.all([
    deps.db
      .select()
      .from(merchantPayouts)
      .where(mine)
      .orderBy(desc(merchantPayouts.periodStart), desc(merchantPayouts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(merchantPayouts).where(mine),
    deps.db
      .select({ n: count(), net: centsSum(sql`sum(${merchantPayouts.netCents})`) })
      .from(merchantPayouts)
      .where(and(mine, eq(merchantPayouts.isPaid, false))),
    deps.db
      .select({ start: merchantPayouts.periodStart, carriedForwardCents: merchantPayouts.carriedForwardCents })
      .from(merchantPayouts)
      .where(mine)
      .orderBy(desc(merchantPayouts.periodStart))
      .limit(1),
  ]);
  // The open period: every line no payout has taken yet, up to today's period (a period in its closing grace counts here too).
  const current = await lineTotals(deps.db, linesOfPayout(m.id, period.start, last?.start ?? null));
  const reversed = await reversalsByPayout(deps.db, m.id, rows);
  return {
    // Held while the business is suspended (docs/decisions/0063-suspensions-and-bans.md).
    items: rows.map((p) => toPayout(p, today, reversed.get(p.id) ?? 0, m.suspendedAt !== null)),
    total: total?.n ?? 0,
    page,
    pageSize,
    currentPeriod: { period, ...current, carriedInCents: last?.carriedForwardCents ?? 0 },
    outstanding: { payouts: owed?.n ?? 0, netCents: owed?.net ?? 0 },
  };
}

/** Commission reversed on each payout's lines (one query for a page of payouts). */
async function reversalsByPayout(db: Tx, merchantId: string, rows: PayoutRow[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const ids = rows.map((r) => r.id);
  const found = await db.execute(sql`
    with p as (
      select id, period_start,
             lag(period_start) over (partition by merchant_id order by period_start) as previous_start
      from merchant_payouts where merchant_id = ${merchantId}
    )
    select p.id, coalesce(sum(e.amount_cents), 0)::bigint as reversed
    from p
    join ledger_entries e on e.merchant_id = ${merchantId} and e.kind = 'commission_reversal'
      and e.period_start <= p.period_start and (p.previous_start is null or e.period_start > p.previous_start)
    where p.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by p.id`);
  const out = new Map<string, number>();
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
  for (const r of (found as unknown as { rows: { id: string; reversed: unknown }[] }).rows) out.set(r.id, readCents(r.reversed));
  return out;
}

/** One of the merchant's payouts; another merchant's is not found (404, never 403). */
async function ownPayout(db: Tx, merchantId: string, payoutId: string): Promise<PayoutRow> {
  const [p] = await db
    .select()
    .from(merchantPayouts)
    .where(and(eq(merchantPayouts.id, payoutId), eq(merchantPayouts.merchantId, merchantId)));
  if (!p) throw new AppError('NOT_FOUND', MM.payoutNotFound);
  return p;
}

/**
 * A statement line groups the entries of one event: a sale with its commission
 * (`sale:<purchase>`, `commission:<purchase>`), a refund or deduction with its reversal
 * (`refund:<purchase>`, `refund:<purchase>:reversal`), or an entry on its own: a dispute fee, the
 * discount of the merchant's own promo code (`promotion:<purchase>`) and its giving back on a refund
 * (`refund:<purchase>:promotion`), so that promotions are a line of their own (docs/decisions/0048).
 */
const lineKey = sql<string>`case
  when ${ledgerEntries.kind} in ('sale', 'commission') then 'sale:' || ${ledgerEntries.purchaseId}::text
  when ${ledgerEntries.kind} in ('refund', 'deduction', 'commission_reversal') then 'refund:' || ${ledgerEntries.purchaseId}::text
  else ${ledgerEntries.sourceKey} end`;

/** The kinds of a statement line's amount (its commission is the rest). */
const AMOUNT_KINDS = sql.raw(STATEMENT_LINE_KINDS.map((k) => `'${k}'`).join(', '));

async function statementLines(db: Tx, where: SQL | undefined, page?: { page: number; pageSize: number }): Promise<StatementLine[]> {
  const occurredAt = sql<Date | string>`min(${ledgerEntries.occurredAt})`;
  const query = db
    .select({
      key: lineKey,
      kind: sql<string>`min(${ledgerEntries.kind}::text) filter (where ${ledgerEntries.kind} in (${AMOUNT_KINDS}))`,
      occurredAt,
      dealTitle: sql<string | null>`min(${purchases.dealTitle})`,
      optionTitle: sql<string | null>`min(${purchases.optionTitle})`,
      code: sql<string | null>`min(${purchases.redemptionCode})`,
      amountCents: centsSum(sql`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in (${AMOUNT_KINDS}))`),
      commissionCents: centsSum(
        sql`sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('commission', 'commission_reversal'))`,
      ),
    })
    .from(ledgerEntries)
    .leftJoin(purchases, eq(purchases.id, ledgerEntries.purchaseId))
    .where(and(isLine, where))
    .groupBy(lineKey)
    .orderBy(occurredAt, lineKey);
  const rows = page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
  return rows.map((r) => {
    const { amountCents, commissionCents } = r;
    return {
      id: r.key,
      kind: (r.kind ?? 'sale') as StatementLine['kind'],
      occurredAt: new Date(r.occurredAt).toISOString(),
      dealTitle: r.dealTitle === null ? null : lineTitle(r.dealTitle, r.optionTitle),
      voucherCode: r.code ? maskVoucherCode(r.code) : null,
      amountCents,
      commissionCents,
      netCents: amountCents + commissionCents,
    };
  });
}

async function countLines(db: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${lineKey})::int` })
    .from(ledgerEntries)
    .where(and(isLine, where));
  return Number(row?.n ?? 0);
}

/** A payout's statement: its ledger lines, oldest first, page by page, and their sums. */
export async function payoutStatement(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  payoutId: string,
  page: number,
): Promise<PayoutStatement> {
  const m = await merchantOfUser(deps.db, userId);
  const payout = await ownPayout(deps.db, m.id, payoutId);
  const where = linesOfPayout(m.id, payout.periodStart, await previousPayoutStart(deps.db, m.id, payout.periodStart));
  const pageSize = PAYOUT_STATEMENT_PAGE_SIZE;
  const [items, total, totals] = await Promise.all([
    statementLines(deps.db, where, { page, pageSize }),
    countLines(deps.db, where),
    lineTotals(deps.db, where),
  ]);
  return {
    payout: toPayout(payout, utcDay(deps.clock.now()), totals.commissionReversedCents, m.suspendedAt !== null),
    businessName: m.businessName,
    lines: { items, total, page, pageSize },
    totals,
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A text cell a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe. */
const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/**
 * The statement as CSV: every ledger line of the payout, what the previous payout carried in and
 * this one carries forward, and a total line equal to the payout's net. Amounts are signed from the
 * merchant's payout (amount + commission = net). A text cell a spreadsheet would run as a formula
 * (a deal title is the merchant's own text) is written with a leading apostrophe; amounts are
 * numbers we format, so a negative one stays a plain number.
 */
export async function payoutStatementCsv(
  deps: Pick<Deps, 'db'>,
  userId: string,
  payoutId: string,
): Promise<{ filename: string; csv: string }> {
  const m = await merchantOfUser(deps.db, userId);
  const payout = await ownPayout(deps.db, m.id, payoutId);
  const where = linesOfPayout(m.id, payout.periodStart, await previousPayoutStart(deps.db, m.id, payout.periodStart));
  const [lines, totals] = await Promise.all([statementLines(deps.db, where), lineTotals(deps.db, where)]);
  const records = [
    ['Date (UTC)', 'Type', 'Deal', 'Voucher', 'Amount', 'Commission', 'Net'],
    ...lines.map((l) => [
      l.occurredAt.slice(0, 16).replace('T', ' '),
      STATEMENT_LINE_LABELS[l.kind],
      text(l.dealTitle ?? ''),
      l.voucherCode ?? '',
      dollars(l.amountCents),
      dollars(l.commissionCents),
      dollars(l.netCents),
    ]),
  ];
  if (payout.carriedInCents) records.push(['', 'Carried in', 'From the previous payout', '', '', '', dollars(-payout.carriedInCents)]);
  if (payout.carriedForwardCents)
    records.push(['', 'Carried forward', 'To the next payout', '', '', '', dollars(payout.carriedForwardCents)]);
  records.push([
    'Total',
    `${totals.totalPurchases} sales`,
    '',
    '',
    dollars(totals.grossCents),
    dollars(-totals.commissionCents),
    dollars(payout.netCents),
  ]);
  return {
    filename: `localperks-statement-${payout.periodStart}-to-${payout.periodEnd}.csv`,
    csv: stringify(records, { record_delimiter: 'windows' }),
  };
}
