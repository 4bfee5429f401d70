import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
import type { Deps } from '../../../lib/deps';
import { ledgerEntries, merchantPayouts, merchants, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import { recordAudit } from '../../platform';
import { payoutPaidEmail } from './payouts.emails';
import { LOCK_IDS } from '../../../lib/lock-ids';
import { PAYOUT_LINE_KINDS, periodTotals, postPayoutPaid } from '../ledger/ledger.service';

/**
 * A period is closed this long after its last day ends, so that a purchase whose transaction began
 * just before midnight (its purchased_at is the transaction's start) has committed by then.
 */
export const PAYOUT_CLOSE_GRACE_MS = 15 * 60_000;

type Rows<T> = { rows: T[] };

const nextPeriod = (p: PayoutPeriod) => payoutPeriodFor(payoutPeriodWindow(p).to);

/**
 * Closes every finished semi-monthly period (docs/product/design.md §8) into one payout row per merchant with
 * money in it, computed from the ledger (docs/decisions/0018-one-ledger.md): sales less refunds
 * (gross), commission less reversals, deductions (refunds of sales already paid out, lost disputes),
 * dispute fees, and what the previous payout could not cover. A payout never goes below zero: the
 * rest is carried forward to the merchant's next payout. A payout takes the merchant's entries of
 * its period and of any earlier period not yet in a payout, so no entry is ever left out.
 *
 * Exactly once, even with several instances: the run holds an advisory lock, (merchant, period
 * start) is unique with `on conflict do nothing`, and posting to the ledger waits while periods
 * close (ledger.service openPeriodFor), so an entry never lands in a period already closed. Sends no mail.
 *
 * It starts from the newest period already closed (re-checked, as closing is idempotent) or, on a
 * database with no payouts yet, from the first ledger entry.
 */
export async function closePayoutPeriods(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ ran: boolean; created: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_IDS.payoutRun}) as locked`)) as unknown as Rows<{
      locked: boolean;
    }>;
    if (!lock.rows[0]?.locked) return { ran: false, created: 0 };
    // Postings in flight finish first; new ones wait until the periods are closed.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.ledgerPeriods})`);
    const closeBefore = payoutPeriodWindow(payoutPeriodFor(new Date(now.getTime() - PAYOUT_CLOSE_GRACE_MS))).from;
    const [latest] = await tx.select({ start: sql<string | null>`max(${merchantPayouts.periodStart})::text` }).from(merchantPayouts);
    let from: Date;
    if (latest?.start) {
      from = new Date(`${latest.start}T00:00:00Z`);
    } else {
      const [first] = await tx
        .select({ start: sql<string | null>`min(${ledgerEntries.periodStart})::text` })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.kind, [...PAYOUT_LINE_KINDS]));
      if (!first?.start) return { ran: true, created: 0 };
      from = new Date(`${first.start}T00:00:00Z`);
    }
    let created = 0;
    for (let period = payoutPeriodFor(from); payoutPeriodWindow(period).to <= closeBefore; period = nextPeriod(period)) {
      // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
      const inserted = (await tx.execute(sql`
        with last as (
          select distinct on (merchant_id) merchant_id, period_start, carried_forward_cents
          from merchant_payouts
          order by merchant_id, period_start desc
        ), lines as (
          select e.merchant_id,
                 count(*) filter (where e.kind = 'sale') - count(*) filter (where e.kind = 'refund') as purchases,
                 coalesce(sum(e.amount_cents) filter (where e.kind in ('sale', 'refund')), 0) as gross,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunds,
                 coalesce(-sum(e.amount_cents) filter (where e.kind in ('commission', 'commission_reversal')), 0) as commission,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'deduction'), 0) as deductions,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'dispute_fee'), 0) as fees
          from ledger_entries e
          left join last l on l.merchant_id = e.merchant_id
          where e.kind in ('sale', 'commission', 'refund', 'commission_reversal', 'deduction', 'dispute_fee')
            and e.period_start <= ${period.start}::date
            and (l.period_start is null or e.period_start > l.period_start)
          group by e.merchant_id
        ), owed as (
          select lines.*, coalesce(l.carried_forward_cents, 0) as carried_in,
                 lines.gross - lines.commission - lines.deductions - lines.fees - coalesce(l.carried_forward_cents, 0) as due
          from lines
          left join last l on l.merchant_id = lines.merchant_id
        )
        insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents,
                                      refunds_cents, deductions_cents, dispute_fees_cents, carried_in_cents, carried_forward_cents, net_cents)
        select merchant_id, ${period.start}::date, ${period.end}::date, ${period.payoutDate}::date, purchases::int, gross::int, commission::int,
               refunds::int, deductions::int, fees::int, carried_in::int, greatest(-due, 0)::int, greatest(due, 0)::int
        from owed
        on conflict (merchant_id, period_start) do nothing
        returning id`)) as unknown as Rows<{ id: string }>;
      created += inserted.rows.length;
    }
    return { ran: true, created };
  });
}

/**
 * All payouts page by page (docs/product/merchant-admin-spec.md §7): the overdue ones first (unpaid and past their
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
  refundsCents: p.refundsCents,
  deductionsCents: p.deductionsCents,
  disputeFeesCents: p.disputeFeesCents,
  carriedInCents: p.carriedInCents,
  carriedForwardCents: p.carriedForwardCents,
  netCents: p.netCents,
  isPaid: p.isPaid,
  isOverdue: isPayoutOverdue(p, now),
  paidAt: p.paidAt ? p.paidAt.toISOString() : null,
});

/** Current Period Summary: the open period's money so far (from the ledger), and closed payouts still to pay. */
export async function payoutSummary(deps: Pick<Deps, 'db' | 'clock'>): Promise<PayoutSummary> {
  const { db } = deps;
  const now = deps.clock.now();
  const period = payoutPeriodFor(now);
  const [current, [merchantsNow], [pending]] = await Promise.all([
    periodTotals(db, { periodStart: period.start }),
    db
      .select({ n: sql<number>`count(distinct ${ledgerEntries.merchantId})::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.periodStart, period.start), eq(ledgerEntries.kind, 'sale'))),
    db
      .select({ n: sql<number>`count(*)::int`, net: sql<number>`coalesce(sum(${merchantPayouts.netCents}), 0)::int` })
      .from(merchantPayouts)
      .where(eq(merchantPayouts.isPaid, false)),
  ]);
  return {
    currentPeriod: period,
    upcomingNetCents: current.netCents,
    merchantsThisPeriod: Number(merchantsNow?.n ?? 0),
    pendingPayouts: Number(pending?.n ?? 0),
    pendingNetCents: Number(pending?.net ?? 0),
  };
}

export type PayoutDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'clock'>;

/**
 * Mark as Paid (docs/product/merchant-admin-spec.md §4): pending to paid, never back. The update only matches an
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
    await postPayoutPaid(tx, paid, now);
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
