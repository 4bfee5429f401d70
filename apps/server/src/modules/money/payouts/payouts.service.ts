import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_PAYOUTS_PAGE_SIZE,
  PAYOUT_ACCOUNT_MESSAGES as PM,
  PAYOUT_MESSAGES,
  SANCTION_MESSAGES,
  PAYOUT_MINIMUM_TRANSFER_CENTS,
  PAYOUT_STATES,
  isPayoutOverdue,
  payoutPeriodFor,
  payoutPeriodWindow,
  type AdminPayout,
  type AdminPayoutsPage,
  type PayoutPeriod,
  type PayoutReconciliation,
  type PayoutState,
  type PayoutSummary,
  utcDay,
} from '@localperks/shared';
import type { Deps } from '../../../lib/deps';
import type { Tx } from '../../../db/client';
import { ledgerEntries, merchantPayouts, merchants, payoutAccounts } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import { recordAudit, resolveAdminNotifications } from '../../platform';
import { queuePaidMail } from './payouts.emails';
import { settlePayouts, transferDuePayouts, transferPayout, type TransferDeps, type TransferOutcome } from './transfers.service';
import { LOCK_IDS } from '../../../lib/lock-ids';
import { centsSum, readCents } from '../../../db/cents';
import { BALANCE_KINDS, PAYOUT_LINE_KINDS, payoutRemainingCents, periodTotals, postPayoutPaid } from '../ledger/ledger.service';

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
          // Below the smallest transfer: no payout this period; its lines wait for the merchant's next one (as any line not in a payout).
          if (due > 0 && due < PAYOUT_MINIMUM_TRANSFER_CENTS) continue;
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
                // Nothing to pay (all of it carried forward): settled as it closes, never transferred.
                ...(due <= 0 ? { state: 'paid' as const, isPaid: true, paidAt: now } : {}),
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

/**
 * The scheduled `payout-close` job (jobs/index.ts): closes finished periods into payouts, then transfers the
 * payouts due to their merchants' payout accounts (docs/decisions/0056-payout-accounts-and-transfers.md). Both are
 * safe to run twice or on two instances; a period some merchants' rows could not be written for (PayoutCloseError)
 * still lets the others be paid, then fails the run so it shows and is retried.
 */
export async function runPayoutJob(
  deps: TransferDeps,
): Promise<{ ran: boolean; created: number; transfers: Record<TransferOutcome, number> }> {
  const closing = await closePayoutPeriods(deps).then(
    (closed) => ({ closed, error: null }),
    (error: unknown) => ({ closed: { ran: true, created: 0 }, error: error instanceof Error ? error : new Error(String(error)) }),
  );
  const transfers = await transferDuePayouts(deps);
  if (closing.error) throw closing.error;
  return { ...closing.closed, transfers };
}

/** The database's own words for a failed statement (drizzle wraps them in "Failed query: …"). */
const errorText = (err: unknown): string => {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
};

/** A payout's state as it reads: paid whenever `is_paid` says so (the previous release marks paid through it alone). */
export const stateOf = (row: { isPaid: boolean; state: PayoutState }): PayoutState => (row.isPaid ? 'paid' : row.state);

/** The SQL of stateOf, to filter and count by. */
const stateSql = sql<PayoutState>`case when ${merchantPayouts.isPaid} then 'paid' else ${merchantPayouts.state} end`;

/**
 * Unpaid and past its payout date, and the platform's to act on: not waiting for the merchant's payout account,
 * not held by an admin (docs/decisions/0056-payout-accounts-and-transfers.md).
 */
export const overdueSql = (today: string) =>
  sql<boolean>`(not ${merchantPayouts.isPaid} and ${merchantPayouts.payoutDate} < ${today}::date and ${merchantPayouts.state} not in ('waiting_for_account', 'held'))`;

/**
 * All payouts page by page (docs/product/merchant-admin-spec.md §7), or those in one state: the overdue ones
 * first (see overdueSql), then the rest; newest period first within each.
 */
export async function listPayouts(deps: Pick<Deps, 'db' | 'clock'>, page: number, state?: PayoutState): Promise<AdminPayoutsPage> {
  const { db } = deps;
  const now = deps.clock.now();
  const pageSize = ADMIN_PAYOUTS_PAGE_SIZE;
  const where = state ? sql`${stateSql} = ${state}` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ payout: merchantPayouts, merchantName: merchants.businessName, suspendedAt: merchants.suspendedAt })
      .from(merchantPayouts)
      .leftJoin(merchants, eq(merchants.id, merchantPayouts.merchantId))
      .where(where)
      .orderBy(desc(overdueSql(utcDay(now))), desc(merchantPayouts.periodStart), merchants.businessName, merchantPayouts.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(merchantPayouts).where(where),
  ]);
  return { items: rows.map((r) => toPayout(r.payout, r.merchantName, now, r.suspendedAt !== null)), total: total?.n ?? 0, page, pageSize };
}

const isOverdue = (p: typeof merchantPayouts.$inferSelect, now: Date) =>
  isPayoutOverdue(p, now) && p.state !== 'waiting_for_account' && p.state !== 'held';

export const toPayout = (
  p: typeof merchantPayouts.$inferSelect,
  merchantName: string | null,
  now: Date,
  isSuspended = false,
): AdminPayout => ({
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
  isOverdue: isOverdue(p, now),
  isHeld: !p.isPaid && isSuspended,
  paidAt: p.paidAt ? p.paidAt.toISOString() : null,
  state: stateOf(p),
  transferId: p.transferId,
  failureReason: stateOf(p) === 'failed' ? p.failureReason : null,
  paidVia: p.isPaid ? p.paidVia : null,
  heldReason: p.heldReason,
  failedAttempts: p.failedAttempts,
  nextAttemptAt: stateOf(p) === 'failed' && p.nextAttemptAt ? p.nextAttemptAt.toISOString() : null,
});

/** Current Period Summary: the open period's money so far (from the ledger), closed payouts still to pay, and payouts by state. */
export async function payoutSummary(deps: Pick<Deps, 'db' | 'clock'>): Promise<PayoutSummary> {
  const { db } = deps;
  const now = deps.clock.now();
  const period = payoutPeriodFor(now);
  const [current, [merchantsNow], [pending], states] = await Promise.all([
    periodTotals(db, { periodStart: period.start }),
    db
      .select({ n: sql<number>`count(distinct ${ledgerEntries.merchantId})::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.periodStart, period.start), eq(ledgerEntries.kind, 'sale'))),
    db
      .select({ n: sql<number>`count(*)::int`, net: centsSum(sql`sum(${merchantPayouts.netCents})`) })
      .from(merchantPayouts)
      .where(eq(merchantPayouts.isPaid, false)),
    db
      .select({ state: stateSql, n: sql<number>`count(*)::int` })
      .from(merchantPayouts)
      .groupBy(stateSql),
  ]);
  const byState = Object.fromEntries(PAYOUT_STATES.map((st) => [st, 0])) as Record<PayoutState, number>;
  for (const row of states) byState[row.state] = Number(row.n);
  return {
    currentPeriod: period,
    upcomingNetCents: current.netCents,
    merchantsThisPeriod: Number(merchantsNow?.n ?? 0),
    pendingPayouts: Number(pending?.n ?? 0),
    pendingNetCents: pending?.net ?? 0,
    byState,
  };
}

export type PayoutDeps = Pick<Deps, 'db' | 'mailer' | 'config' | 'log' | 'clock'>;

/** One payout with its merchant's name, as the admin's table shows it. */
export async function adminPayout(deps: Pick<Deps, 'db' | 'clock'>, id: string): Promise<AdminPayout> {
  const [row] = await deps.db
    .select({ payout: merchantPayouts, merchantName: merchants.businessName, suspendedAt: merchants.suspendedAt })
    .from(merchantPayouts)
    .leftJoin(merchants, eq(merchants.id, merchantPayouts.merchantId))
    .where(eq(merchantPayouts.id, id));
  if (!row) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
  return toPayout(row.payout, row.merchantName, deps.clock.now(), row.suspendedAt !== null);
}

/**
 * Mark as paid outside the platform (docs/product/merchant-admin-spec.md §4; an exception since payouts are
 * transferred, docs/decisions/0056-payout-accounts-and-transfers.md): with the admin's reason, in the audit log.
 * Pending to paid, never back by hand; the update only matches an unpaid payout with no transfer in flight, so a
 * second call (or a second admin) gets 409 and changes nothing. The ledger records what was still owed.
 */
export async function markPayoutPaid(deps: PayoutDeps, adminId: string, id: string, reason: string): Promise<AdminPayout> {
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
    const [current] = await tx.select().from(merchantPayouts).where(eq(merchantPayouts.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
    if (current.isPaid) throw new AppError('CONFLICT', PAYOUT_MESSAGES.alreadyPaid);
    if (current.state === 'transferring') throw new AppError('CONFLICT', PM.transferring);
    const owed = await payoutRemainingCents(tx, current);
    const [paid] = await tx
      .update(merchantPayouts)
      .set({ isPaid: true, paidAt: now, paidBy: adminId, state: 'paid', paidVia: 'outside', heldReason: null, nextAttemptAt: null })
      .where(and(eq(merchantPayouts.id, id), eq(merchantPayouts.isPaid, false)))
      .returning();
    if (!paid) throw new AppError('CONFLICT', PAYOUT_MESSAGES.alreadyPaid);
    const [merchant] = await tx.select({ businessName: merchants.businessName }).from(merchants).where(eq(merchants.id, paid.merchantId));
    await postPayoutPaid(tx, { ...paid, netCents: owed }, now);
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
        paidCents: owed,
        outsideThePlatform: true,
        reason,
      },
    });
    await resolveAdminNotifications(tx, { entityType: 'merchant_payout', entityId: paid.id }, now);
    const mailId = await queuePaidMail(deps, tx, paid);
    return { payout: toPayout(paid, merchant?.businessName ?? null, now), mailId };
  });
  if (mailId) await deliverQueuedMail(deps, mailId, 'payout');
  return payout;
}

/**
 * "Retry transfer" on a failed payout: allowed once the merchant's account is active; the backoff is waived and
 * the transfer is sent now, under the next attempt's key. Audited. Answers the payout as it then is (paid,
 * failed again, or transferring when the provider's answer was lost: the job finishes it).
 */
export async function retryTransfer(deps: TransferDeps, adminId: string, id: string): Promise<AdminPayout> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(merchantPayouts).where(eq(merchantPayouts.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
    if (current.isPaid) throw new AppError('CONFLICT', PAYOUT_MESSAGES.alreadyPaid);
    if (current.state !== 'failed') throw new AppError('CONFLICT', PM.notFailed);
    const [account] = await tx
      .select({ status: payoutAccounts.status })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.merchantId, current.merchantId), eq(payoutAccounts.provider, deps.payments.name)));
    if (account?.status !== 'active') throw new AppError('CONFLICT', PM.accountNotActive);
    await tx.update(merchantPayouts).set({ nextAttemptAt: now }).where(eq(merchantPayouts.id, id));
    await recordAudit(tx, {
      adminId,
      action: 'payout.transfer_retried',
      entityType: 'merchant_payout',
      entityId: id,
      details: { merchantId: current.merchantId, failureReason: current.failureReason, failedAttempts: current.failedAttempts },
    });
  });
  await transferPayout(deps, id);
  return adminPayout(deps, id);
}

/** Why a conditional update of a payout matched nothing: it does not exist (404), or it is not in a state for it (409). */
async function refusal(tx: Tx, id: string, conflict: string): Promise<AppError> {
  const [row] = await tx.select({ id: merchantPayouts.id }).from(merchantPayouts).where(eq(merchantPayouts.id, id));
  return row ? new AppError('CONFLICT', conflict) : new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound);
}

/** Holds a payout (with the admin's reason, audited): the transfer job leaves it alone until it is released. */
export async function holdPayout(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, id: string, reason: string): Promise<AdminPayout> {
  await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .update(merchantPayouts)
      .set({ state: 'held', heldReason: reason })
      .where(
        and(
          eq(merchantPayouts.id, id),
          eq(merchantPayouts.isPaid, false),
          inArray(merchantPayouts.state, ['scheduled', 'waiting_for_account', 'failed']),
        ),
      )
      .returning();
    if (!held) throw await refusal(tx, id, PM.cannotHold);
    await recordAudit(tx, {
      adminId,
      action: 'payout.held',
      entityType: 'merchant_payout',
      entityId: id,
      details: { merchantId: held.merchantId, netCents: held.netCents, reason },
    });
  });
  return adminPayout(deps, id);
}

/** Releases a held payout (audited): it is scheduled again and follows its merchant's payout account at once. */
export async function releasePayout(deps: Pick<Deps, 'db' | 'clock' | 'payments'>, adminId: string, id: string): Promise<AdminPayout> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [released] = await tx
      .update(merchantPayouts)
      .set({ state: 'scheduled', heldReason: null })
      .where(and(eq(merchantPayouts.id, id), eq(merchantPayouts.isPaid, false), eq(merchantPayouts.state, 'held')))
      .returning();
    if (!released) throw await refusal(tx, id, PM.notHeld);
    await recordAudit(tx, {
      adminId,
      action: 'payout.released',
      entityType: 'merchant_payout',
      entityId: id,
      details: { merchantId: released.merchantId },
    });
    await settlePayouts(tx, deps.payments.name, now, released.merchantId);
  });
  return adminPayout(deps, id);
}

/**
 * The platform's money reconciled (docs/product/design.md §14): from the ledger by kind, sales − merchants' promotions −
 * refunds − commission − deductions − dispute fees − transfers − payouts made outside = the balance held for merchants;
 * and the same balance from the payout rows: what closed payouts still owe, plus every ledger line no payout has
 * taken yet, less the debts the last payouts carried forward. `balanced` when all three agree.
 */
export async function payoutReconciliation(deps: Pick<Deps, 'db'>): Promise<PayoutReconciliation> {
  const kinds = (list: readonly string[]) =>
    sql.join(
      list.map((k) => sql`${k}`),
      sql`, `,
    );
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
  const result = (await deps.db.execute(sql`
    with kinds as (
      select
        coalesce(sum(e.amount_cents) filter (where e.kind = 'sale'), 0) as sales,
        coalesce(-sum(e.amount_cents) filter (where e.kind in ('promotion', 'promotion_reversal')), 0) as promotions,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'refund'), 0) as refunds,
        coalesce(-sum(e.amount_cents) filter (where e.kind in ('commission', 'commission_reversal')), 0) as commission,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'deduction'), 0) as deductions,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'dispute_fee'), 0) as fees,
        coalesce(-sum(e.amount_cents) filter (where e.kind in ('payout', 'payout_reversal') and not starts_with(e.source_key, 'payout:')), 0) as transferred,
        coalesce(-sum(e.amount_cents) filter (where e.kind = 'payout' and starts_with(e.source_key, 'payout:')), 0) as outside,
        coalesce(sum(e.amount_cents) filter (where e.kind::text in (${kinds(BALANCE_KINDS)})), 0) as held
      from ledger_entries e
    ), last as (
      select distinct on (merchant_id) merchant_id, period_start, carried_forward_cents
      from merchant_payouts
      order by merchant_id, period_start desc
    ), unpaid as (
      select coalesce(sum(p.net_cents + coalesce((select sum(e.amount_cents) from ledger_entries e
               where e.payout_id = p.id and e.kind in ('payout', 'payout_reversal')), 0)), 0) as owed
      from merchant_payouts p where not p.is_paid
    ), open as (
      select coalesce(sum(e.amount_cents), 0) as lines
      from ledger_entries e left join last l on l.merchant_id = e.merchant_id
      where e.kind::text in (${kinds(PAYOUT_LINE_KINDS)})
        and (l.period_start is null or e.period_start > l.period_start)
    )
    select kinds.*, unpaid.owed, open.lines, (select coalesce(sum(carried_forward_cents), 0) from last) as carried
    from kinds, unpaid, open`)) as unknown as {
    rows: Record<
      | 'sales'
      | 'promotions'
      | 'refunds'
      | 'commission'
      | 'deductions'
      | 'fees'
      | 'transferred'
      | 'outside'
      | 'held'
      | 'owed'
      | 'lines'
      | 'carried',
      unknown
    >[];
  };
  const r = result.rows[0]!;
  const c = (k: keyof typeof r) => readCents(r[k]);
  const byKinds =
    c('sales') - c('promotions') - c('refunds') - c('commission') - c('deductions') - c('fees') - c('transferred') - c('outside');
  const owedByPayouts = c('owed') + c('lines') - c('carried');
  return {
    salesCents: c('sales'),
    promotionsCents: c('promotions'),
    refundsCents: c('refunds'),
    commissionCents: c('commission'),
    deductionsCents: c('deductions'),
    disputeFeesCents: c('fees'),
    transferredCents: c('transferred'),
    paidOutsideCents: c('outside'),
    balanceHeldCents: c('held'),
    owedByPayoutsCents: owedByPayouts,
    unpaidPayoutsCents: c('owed'),
    notYetInPayoutCents: c('lines'),
    carriedForwardCents: c('carried'),
    balanced: byKinds === c('held') && owedByPayouts === c('held'),
  };
}
