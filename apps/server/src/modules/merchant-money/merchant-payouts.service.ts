import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  MERCHANT_MONEY_MESSAGES as MM,
  MERCHANT_PAYOUTS_PAGE_SIZE,
  PAYOUT_STATEMENT_PAGE_SIZE,
  maskVoucherCode,
  payoutPeriodFor,
  payoutPeriodWindow,
  payoutStatus,
  utcDay,
  type MerchantPayout,
  type MerchantPayoutsPage,
  type PayoutStatement,
  type StatementSale,
} from '@localperks/shared';
import type { Tx } from '../../db/client';
import { merchantPayouts, purchases } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { merchantOfUser } from './merchant-billing.service';

/**
 * What the platform pays a merchant (DESIGN.md 8), as the merchant sees it: their payouts, the open
 * period's running total, and each payout's statement (the period's sales). Every payout and
 * statement figure a merchant is shown is read here, so that refunds and deductions (the ledger,
 * DESIGN.md 14) change one module.
 */

type PayoutRow = typeof merchantPayouts.$inferSelect;

const toPayout = (p: PayoutRow, today: string): MerchantPayout => ({
  id: p.id,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  payoutDate: p.payoutDate,
  totalPurchases: p.totalPurchases,
  grossCents: p.grossCents,
  commissionCents: p.commissionCents,
  netCents: p.netCents,
  status: payoutStatus(p, today),
  paidAt: p.paidAt?.toISOString() ?? null,
});

/** Count, gross, commission and net of the sales `where` selects, summed by the database. */
async function salesTotals(db: Tx, where: SQL | undefined) {
  const [t] = await db
    .select({
      totalPurchases: count(),
      grossCents: sql<number>`coalesce(sum(${purchases.priceCents}), 0)::int`,
      commissionCents: sql<number>`coalesce(sum(${purchases.commissionCents}), 0)::int`,
    })
    .from(purchases)
    .where(where);
  const grossCents = Number(t?.grossCents ?? 0);
  const commissionCents = Number(t?.commissionCents ?? 0);
  return { totalPurchases: t?.totalPurchases ?? 0, grossCents, commissionCents, netCents: grossCents - commissionCents };
}

/** The sales of one merchant in a period: the same window the payout job closes (payouts.service). */
const salesOfPeriod = (merchantId: string, period: { start: string; end: string }) => {
  const w = payoutPeriodWindow({ ...period, payoutDate: period.end });
  return and(eq(purchases.merchantId, merchantId), gte(purchases.purchasedAt, w.from), lt(purchases.purchasedAt, w.to));
};

/** The merchant's payouts, newest period first, with the open period so far and what is still owed. */
export async function listMerchantPayouts(deps: Pick<Deps, 'db' | 'clock'>, userId: string, page: number): Promise<MerchantPayoutsPage> {
  const now = deps.clock.now();
  const today = utcDay(now);
  const m = await merchantOfUser(deps.db, userId);
  const pageSize = MERCHANT_PAYOUTS_PAGE_SIZE;
  const mine = eq(merchantPayouts.merchantId, m.id);
  const period = payoutPeriodFor(now);
  const [rows, [total], [owed], current] = await Promise.all([
    deps.db
      .select()
      .from(merchantPayouts)
      .where(mine)
      .orderBy(desc(merchantPayouts.periodStart), desc(merchantPayouts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(merchantPayouts).where(mine),
    deps.db
      .select({ n: count(), net: sql<number>`coalesce(sum(${merchantPayouts.netCents}), 0)::int` })
      .from(merchantPayouts)
      .where(and(mine, eq(merchantPayouts.isPaid, false))),
    salesTotals(deps.db, salesOfPeriod(m.id, period)),
  ]);
  return {
    items: rows.map((p) => toPayout(p, today)),
    total: total?.n ?? 0,
    page,
    pageSize,
    currentPeriod: { period, ...current },
    outstanding: { payouts: owed?.n ?? 0, netCents: Number(owed?.net ?? 0) },
  };
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

const saleColumns = {
  id: purchases.id,
  purchasedAt: purchases.purchasedAt,
  dealTitle: purchases.dealTitle,
  code: purchases.redemptionCode,
  priceCents: purchases.priceCents,
  commissionCents: purchases.commissionCents,
};

const toSale = (s: {
  id: string;
  purchasedAt: Date;
  dealTitle: string;
  code: string;
  priceCents: number;
  commissionCents: number;
}): StatementSale => ({
  id: s.id,
  purchasedAt: s.purchasedAt.toISOString(),
  dealTitle: s.dealTitle,
  voucherCode: maskVoucherCode(s.code),
  priceCents: s.priceCents,
  commissionCents: s.commissionCents,
  netCents: s.priceCents - s.commissionCents,
});

/** A payout's statement: the period's sales, oldest first, page by page, and their sums. */
export async function payoutStatement(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  payoutId: string,
  page: number,
): Promise<PayoutStatement> {
  const m = await merchantOfUser(deps.db, userId);
  const payout = await ownPayout(deps.db, m.id, payoutId);
  const where = salesOfPeriod(m.id, { start: payout.periodStart, end: payout.periodEnd });
  const pageSize = PAYOUT_STATEMENT_PAGE_SIZE;
  const [rows, totals] = await Promise.all([
    deps.db
      .select(saleColumns)
      .from(purchases)
      .where(where)
      .orderBy(asc(purchases.purchasedAt), asc(purchases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    salesTotals(deps.db, where),
  ]);
  return {
    payout: toPayout(payout, utcDay(deps.clock.now())),
    businessName: m.businessName,
    sales: { items: rows.map(toSale), total: totals.totalPurchases, page, pageSize },
    totals,
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The statement as CSV: every sale of the period and a total line. A cell a spreadsheet would run
 * as a formula (starting with = + - @, tab or carriage return: a deal title is the merchant's own
 * text) is written with a leading apostrophe (csv-stringify's escape_formulas).
 */
export async function payoutStatementCsv(
  deps: Pick<Deps, 'db'>,
  userId: string,
  payoutId: string,
): Promise<{ filename: string; csv: string }> {
  const m = await merchantOfUser(deps.db, userId);
  const payout = await ownPayout(deps.db, m.id, payoutId);
  const where = salesOfPeriod(m.id, { start: payout.periodStart, end: payout.periodEnd });
  const [rows, totals] = await Promise.all([
    deps.db.select(saleColumns).from(purchases).where(where).orderBy(asc(purchases.purchasedAt), asc(purchases.id)),
    salesTotals(deps.db, where),
  ]);
  const records = [
    ['Date (UTC)', 'Deal', 'Voucher', 'Price', 'Commission', 'Net'],
    ...rows
      .map(toSale)
      .map((s) => [
        s.purchasedAt.slice(0, 16).replace('T', ' '),
        s.dealTitle,
        s.voucherCode,
        dollars(s.priceCents),
        dollars(s.commissionCents),
        dollars(s.netCents),
      ]),
    ['Total', `${totals.totalPurchases} sales`, '', dollars(totals.grossCents), dollars(totals.commissionCents), dollars(totals.netCents)],
  ];
  return {
    filename: `localperks-statement-${payout.periodStart}-to-${payout.periodEnd}.csv`,
    csv: stringify(records, { escape_formulas: true, record_delimiter: 'windows' }),
  };
}
