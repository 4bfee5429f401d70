import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  PAYOUT_MESSAGES,
  SANCTION_MESSAGES,
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
import { centsSum, readCents } from '../../../db/cents';
import { PAYOUT_LINE_KINDS, periodTotals, postPayoutPaid } from '../ledger/ledger.service';

/**
 * A period is closed this long after its last day ends, so that a purchase whose transaction began
 * just before midnight (its purchased_at is the transaction's start) has committed by then.
 */
export const PAYOUT_CLOSE_GRACE_MS = 15 * 60_000;

type Rows<T> = { rows: T[] };

const nextPeriod = (p: PayoutPeriod) => payoutPeriodFor(payoutPeriodWindow(p).to);

/** A merchant whose payout row could not be written in a run (the other merchants' were). */
export interface PayoutFailure {
  merchantId: string;
  periodStart: string;
  error: string;
}

/** The payout job's run failed for some merchants only: their payouts are retried by the next run. */
export class PayoutCloseError extends Error {
  constructor(
    readonly failures: PayoutFailure[],
    readonly created: number,
  ) {
    const first = failures[0]!;
    super(
      `Payout close: ${failures.length} merchant payout${failures.length === 1 ? '' : 's'} could not be written ` +
        `(merchant ${first.merchantId}, period ${first.periodStart}: ${first.error}${failures.length > 1 ? '; …' : ''}); ` +
        `${created} other payout${created === 1 ? ' was' : 's were'} written. The next run tries again.`,
    );
  }
}

/** One merchant's lines of a period, summed by the database (64-bit: numeric or bigint, read exactly by readCents). */
interface PayoutLines {
  merchant_id: string;
  purchases: number;
  gross: unknown;
  promotions: unknown;
  refunds: unknown;
  commission: unknown;
  deductions: unknown;
  fees: unknown;
  carried_in: unknown;
  due: unknown;
}

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
 * One merchant never stops the others (docs/decisions/0040-safe-at-scale.md): each payout row is
 * written under its own savepoint; a row that fails is rolled back alone, the others are committed,
 * and then the run throws a PayoutCloseError naming the failures, so the job shows as failed on the
 * admin Overview and is retried (the merchant's entries wait for its next payout, none is lost).
 *
 * It starts from the newest period already closed (re-checked, as closing is idempotent) or, on a
 * database with no payouts yet, from the first ledger entry.
 */
export async function closePayoutPeriods(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ ran: boolean; created: number }> {
  const now = deps.clock.now();
  const failures: PayoutFailure[] = [];
  const result = await deps.db.transaction(async (tx) => {
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
      const owed = (await tx.execute(sql`
        with last as (
          select distinct on (merchant_id) merchant_id, period_start, carried_forward_cents
          from merchant_payouts
          order by merchant_id, period_start desc
        ), lines as (
          select e.merchant_id,
                 (count(*) filter (where e.kind = 'sale') - count(*) filter (where e.kind = 'refund'))::int as purchases,
                 coalesce(sum(e.amount_cents) filter (where e.kind in ('sale', 'refund', 'promotion', 'promotion_reversal')), 0) as gross,
                 coalesce(-sum(e.amount_cents) filter (where e.kind in ('promotion', 'promotion_reversal')), 0) as promotions,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunds,
                 coalesce(-sum(e.amount_cents) filter (where e.kind in ('commission', 'commission_reversal')), 0) as commission,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'deduction'), 0) as deductions,
                 coalesce(-sum(e.amount_cents) filter (where e.kind = 'dispute_fee'), 0) as fees
          from ledger_entries e
          left join last l on l.merchant_id = e.merchant_id
          where e.kind in ('sale', 'promotion', 'promotion_reversal', 'commission', 'refund', 'commission_reversal', 'deduction', 'dispute_fee')
            and e.period_start <= ${period.start}::date
            and (l.period_start is null or e.period_start > l.period_start)
          group by e.merchant_id
        )
        select lines.*, coalesce(l.carried_forward_cents, 0) as carried_in,
               lines.gross - lines.commission - lines.deductions - lines.fees - coalesce(l.carried_forward_cents, 0) as due
        from lines
        left join last l on l.merchant_id = lines.merchant_id
        order by lines.merchant_id`)) as unknown as Rows<PayoutLines>;
      for (const m of owed.rows) {
        try {
          const due = readCents(m.due);
          // A savepoint per merchant: a row that fails is undone alone.
          const inserted = await tx.transaction((sp) =>
            sp
              .insert(merchantPayouts)
              .values({
                merchantId: m.merchant_id,
                periodStart: period.start,
                periodEnd: period.end,
                payoutDate: period.payoutDate,
                totalPurchases: Number(m.purchases),
                grossCents: readCents(m.gross),
                commissionCents: readCents(m.commission),
                refundsCents: readCents(m.refunds),
                deductionsCents: readCents(m.deductions),
                disputeFeesCents: readCents(m.fees),
                carriedInCents: readCents(m.carried_in),
                carriedForwardCents: Math.max(-due, 0),
                netCents: Math.max(due, 0),
                promotionsCents: readCents(m.promotions),
              })
              .onConflictDoNothing({ target: [merchantPayouts.merchantId, merchantPayouts.periodStart] })
              .returning({ id: merchantPayouts.id }),
          );
          created += inserted.length;
        } catch (err) {
          failures.push({ merchantId: m.merchant_id, periodStart: period.start, error: errorText(err) });
        }
      }
    }
    return { ran: true, created };
  });
  if (failures.length) throw new PayoutCloseError(failures, result.created);
  return result;
}

/** The database's own words for a failed statement (drizzle wraps them in "Failed query: …"). */
const errorText = (err: unknown): string => {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
};

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
      .select({ payout: merchantPayouts, merchantName: merchants.businessName, suspendedAt: merchants.suspendedAt })
      .from(merchantPayouts)
      .leftJoin(merchants, eq(merchants.id, merchantPayouts.merchantId))
      .orderBy(desc(isOverdue), desc(merchantPayouts.periodStart), merchants.businessName, merchantPayouts.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(merchantPayouts),
  ]);
  return { items: rows.map((r) => toPayout(r.payout, r.merchantName, now, r.suspendedAt !== null)), total: total?.n ?? 0, page, pageSize };
}

const toPayout = (p: typeof merchantPayouts.$inferSelect, merchantName: string | null, now: Date, isSuspended: boolean): AdminPayout => ({
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
  isHeld: !p.isPaid && isSuspended,
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
      .select({ n: sql<number>`count(*)::int`, net: centsSum(sql`sum(${merchantPayouts.netCents})`) })
      .from(merchantPayouts)
      .where(eq(merchantPayouts.isPaid, false)),
  ]);
  return {
    currentPeriod: period,
    upcomingNetCents: current.netCents,
    merchantsThisPeriod: Number(merchantsNow?.n ?? 0),
    pendingPayouts: Number(pending?.n ?? 0),
    pendingNetCents: pending?.net ?? 0,
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
    // A suspended business's payouts are held (docs/decisions/0063-suspensions-and-bans.md). Its row is read under a
    // share lock: a suspension committing meanwhile waits for this payment, or this one sees it.
    const [owner] = await tx
      .select({ suspendedAt: merchants.suspendedAt })
      .from(merchantPayouts)
      .innerJoin(merchants, eq(merchants.id, merchantPayouts.merchantId))
      .where(eq(merchantPayouts.id, id))
      .for('share', { of: merchants });
    if (owner?.suspendedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.payoutHeld);
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
    return { payout: toPayout(paid, merchant?.businessName ?? null, now, false), mailId };
  });
  if (mailId) await deliverQueuedMail(deps, mailId, 'payout');
  return payout;
}
