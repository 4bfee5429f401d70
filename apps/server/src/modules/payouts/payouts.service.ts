import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  PAYOUT_MESSAGES,
  isPayoutOverdue,
  payoutPeriodFor,
  payoutPeriodWindow,
  type AdminPayout,
  type AdminPayoutsPage,
  type PayoutPeriod,
  type PayoutSummary,
  utcDay,
} from '@localperks/shared';
import type { Deps } from '../../lib/deps';
import { merchantPayouts, merchants, purchases, users } from '../../db/schema';
import { deliverQueuedMail } from '../../lib/deliver-mail';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../admin/audit';
import { payoutPaidEmail } from './payouts.emails';
import { LOCK_IDS } from '../../lib/lock-ids';

/**
 * A period is closed this long after its last day ends, so that a purchase whose transaction began
 * just before midnight (its purchased_at is the transaction's start) has committed by then.
 */
export const PAYOUT_CLOSE_GRACE_MS = 15 * 60_000;

type Rows<T> = { rows: T[] };

const nextPeriod = (p: PayoutPeriod) => payoutPeriodFor(payoutPeriodWindow(p).to);

/**
 * Closes every finished semi-monthly period that has sales (DESIGN.md 8): one payout row per
 * merchant with its purchase count, gross, commission and net from `purchases`. Exactly once, even
 * with several instances: the run holds an advisory lock, and (merchant, period start) is unique
 * with `on conflict do nothing`, so a period already closed is never counted again. Sends no mail.
 *
 * It starts from the newest period already closed (re-checked, as closing is idempotent) or, on a
 * database with no payouts yet, from the first sale.
 */
export async function closePayoutPeriods(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ ran: boolean; created: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_IDS.payoutRun}) as locked`)) as unknown as Rows<{
      locked: boolean;
    }>;
    if (!lock.rows[0]?.locked) return { ran: false, created: 0 };
    const closeBefore = payoutPeriodWindow(payoutPeriodFor(new Date(now.getTime() - PAYOUT_CLOSE_GRACE_MS))).from;
    const [latest] = await tx.select({ start: sql<string | null>`max(${merchantPayouts.periodStart})::text` }).from(merchantPayouts);
    let from: Date;
    if (latest?.start) {
      from = new Date(`${latest.start}T00:00:00Z`);
    } else {
      const [first] = await tx
        .select({ at: sql<string | null>`min(${purchases.purchasedAt})::text` })
        .from(purchases)
        .where(lt(purchases.purchasedAt, closeBefore));
      if (!first?.at) return { ran: true, created: 0 };
      from = new Date(first.at);
    }
    let created = 0;
    for (let period = payoutPeriodFor(from); payoutPeriodWindow(period).to <= closeBefore; period = nextPeriod(period)) {
      const w = payoutPeriodWindow(period);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
      const inserted = (await tx.execute(sql`
        insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents)
        select merchant_id, ${period.start}::date, ${period.end}::date, ${period.payoutDate}::date,
               count(*)::int, sum(price_cents)::int, sum(commission_cents)::int, (sum(price_cents) - sum(commission_cents))::int
        from purchases
        where purchased_at >= ${w.from.toISOString()}::timestamptz and purchased_at < ${w.to.toISOString()}::timestamptz
        group by merchant_id
        on conflict (merchant_id, period_start) do nothing
        returning id`)) as unknown as Rows<{ id: string }>;
      created += inserted.rows.length;
    }
    return { ran: true, created };
  });
}

/**
 * All payouts page by page (merchant-admin.md §7): the overdue ones first (unpaid and past their
 * payout date), then the rest; newest period first within each.
 */
export async function listPayouts(deps: Pick<Deps, 'db' | 'clock'>, page: number): Promise<AdminPayoutsPage> {
  const { db } = deps;
  const now = deps.clock.now();
  const pageSize = ADMIN_PAYOUTS_PAGE_SIZE;
  const isOverdue = sql`(not ${merchantPayouts.isPaid} and ${merchantPayouts.payoutDate} < ${utcDay(now)}::date)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ payout: merchantPayouts, merchantName: merchants.businessName })
      .from(merchantPayouts)
      .leftJoin(merchants, eq(merchants.id, merchantPayouts.merchantId))
      .orderBy(desc(isOverdue), desc(merchantPayouts.periodStart), merchants.businessName, merchantPayouts.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(merchantPayouts),
  ]);
  return { items: rows.map((r) => toPayout(r.payout, r.merchantName, now)), total: total?.n ?? 0, page, pageSize };
}

const toPayout = (p: typeof merchantPayouts.$inferSelect, merchantName: string | null, now: Date): AdminPayout => ({
  id: p.id,
  merchantId: p.merchantId,
  merchantName,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  payoutDate: p.payoutDate,
  totalPurchases: p.totalPurchases,
  grossCents: p.grossCents,
  commissionCents: p.commissionCents,
  netCents: p.netCents,
  isPaid: p.isPaid,
  isOverdue: isPayoutOverdue(p, now),
  paidAt: p.paidAt ? p.paidAt.toISOString() : null,
});

/** Current Period Summary: the open period's sales so far, and closed payouts still to pay. */
export async function payoutSummary(deps: Pick<Deps, 'db' | 'clock'>): Promise<PayoutSummary> {
  const { db } = deps;
  const now = deps.clock.now();
  const period = payoutPeriodFor(now);
  const w = payoutPeriodWindow(period);
  const [[current], [pending]] = await Promise.all([
    db
      .select({
        net: sql<number>`coalesce(sum(${purchases.priceCents} - ${purchases.commissionCents}), 0)::int`,
        merchants: sql<number>`count(distinct ${purchases.merchantId})::int`,
      })
      .from(purchases)
      .where(and(gte(purchases.purchasedAt, w.from), lt(purchases.purchasedAt, w.to))),
    db
      .select({ n: sql<number>`count(*)::int`, net: sql<number>`coalesce(sum(${merchantPayouts.netCents}), 0)::int` })
      .from(merchantPayouts)
      .where(eq(merchantPayouts.isPaid, false)),
  ]);
  return {
    currentPeriod: period,
    upcomingNetCents: Number(current?.net ?? 0),
    merchantsThisPeriod: Number(current?.merchants ?? 0),
    pendingPayouts: Number(pending?.n ?? 0),
    pendingNetCents: Number(pending?.net ?? 0),
  };
}

export type PayoutDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'clock'>;

/**
 * Mark as Paid (merchant-admin.md §4): pending to paid, never back. The update only matches an
 * unpaid payout, so a second call (or a second admin) gets 409 and changes nothing.
 */
export async function markPayoutPaid(deps: PayoutDeps, adminId: string, id: string): Promise<AdminPayout> {
  const now = deps.clock.now();
  const { payout, mailId } = await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(merchantPayouts)
      .set({ isPaid: true, paidAt: now, paidBy: adminId })
      .where(and(eq(merchantPayouts.id, id), eq(merchantPayouts.isPaid, false)))
      .returning();
    if (!paid) {
      const [row] = await tx.select({ id: merchantPayouts.id }).from(merchantPayouts).where(eq(merchantPayouts.id, id));
      throw row ? new AppError('CONFLICT', PAYOUT_MESSAGES.alreadyPaid) : new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
    }
    const [merchant] = await tx
      .select({ businessName: merchants.businessName, email: users.email })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.userId))
      .where(eq(merchants.id, paid.merchantId));
    await recordAudit(tx, {
      adminId,
      action: 'payout.marked_paid',
      entityType: 'merchant_payout',
      entityId: paid.id,
      details: {
        merchantId: paid.merchantId,
        businessName: merchant?.businessName ?? null,
        periodStart: paid.periodStart,
        periodEnd: paid.periodEnd,
        netCents: paid.netCents,
      },
    });
    const mailId = merchant
      ? await deps.mailer.queue(tx, payoutPaidEmail(merchant.email, { ...paid, businessName: merchant.businessName }, deps.config.appUrl))
      : null;
    return { payout: toPayout(paid, merchant?.businessName ?? null, now), mailId };
  });
  if (mailId) await deliverQueuedMail(deps, mailId, 'payout');
  return payout;
}
