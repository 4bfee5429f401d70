import { and, asc, eq, exists, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { formatCents, requirementLabels, transferRetryDelayMs, utcDay, type PayoutAccountStatus } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { ledgerEntries, merchantPayouts, merchants, payoutAccounts } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { ProviderEvent } from '../../../payments/provider';
import { isNewProviderEvent } from '../webhook-events';
import { notifyAdmins, resolveAdminNotifications } from '../../platform';
import { payoutRemainingCents, postTransfer, postTransferReversal } from '../ledger/ledger.service';
import { queuePaidMail } from './payouts.emails';

/*
 * Transfers on the payout date (docs/decisions/0056-payout-accounts-and-transfers.md). After the payout job
 * closes a period, each payout due is sent to its merchant's payout account: one transfer per payout row and
 * attempt, under the idempotency key `payout-<id>-<attempt>`.
 *
 * Exactly once, even with the job running twice or on two instances at once: a payout is claimed by one
 * conditional update (scheduled → transferring) before its transfer is sent, so only one run sends it; a run
 * that dies with a transfer in flight leaves it claimed, and after TRANSFER_LEASE_MS another run sends it again
 * under the same key, which the provider answers with the transfer it already made. The result (paid with the
 * transfer id and its ledger entry, or failed with the reason) is written in one transaction.
 *
 * Nothing is lost: a payout whose merchant has no active account waits ("waiting for your payout account") and is
 * sent once the account is active; one refused (a restricted account, a balance too low) or reversed is failed,
 * the admins are notified, and it is tried again with backoff once the account is active.
 */

/** A transfer in flight longer than this was left by a run that died: another run sends it again (same key). */
export const TRANSFER_LEASE_MS = 5 * 60_000;

export type TransferDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'mailer' | 'config' | 'log'>;

const p = merchantPayouts;

/** Closed, unpaid, with money in it and its payout date reached. */
const dueOn = (now: Date) => and(eq(p.isPaid, false), sql`${p.netCents} > 0`, lte(p.payoutDate, utcDay(now)));

/** The merchant's payout account at this provider is in one of these states. */
const accountIn = (provider: string, statuses: PayoutAccountStatus[]) =>
  exists(
    sql`(select 1 from ${payoutAccounts} a where a.merchant_id = ${p.merchantId} and a.provider = ${provider} and a.status in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )}))`,
  );

/**
 * A payout a run may send now: scheduled; failed and its backoff over; or in flight past its lease. Never held, by
 * an admin or by its business's suspension (docs/decisions/0063-suspensions-and-bans.md).
 */
const sendable = (now: Date): SQL =>
  and(
    dueOn(now),
    isNull(p.heldReason),
    sql`${p.merchantId} not in (select s.id from merchants s where s.suspended_at is not null)`,
    or(
      eq(p.state, 'scheduled'),
      and(eq(p.state, 'failed'), or(isNull(p.nextAttemptAt), lte(p.nextAttemptAt, now))),
      and(eq(p.state, 'transferring'), lt(p.transferStartedAt, new Date(now.getTime() - TRANSFER_LEASE_MS))),
    ),
  )!;

const periodWords = (row: { periodStart: string; periodEnd: string }) => `sales from ${row.periodStart} to ${row.periodEnd}`;

async function merchantName(tx: Tx, merchantId: string): Promise<string> {
  const [m] = await tx.select({ name: merchants.businessName }).from(merchants).where(eq(merchants.id, merchantId));
  return m?.name ?? 'a merchant';
}

async function notifyFailed(
  tx: Tx,
  row: { id: string; merchantId: string; netCents: number; periodStart: string; periodEnd: string },
  reason: string,
) {
  await notifyAdmins(tx, {
    type: 'payout_failed',
    title: 'Payout transfer failed',
    message: `The payout of ${formatCents(row.netCents)} to ${await merchantName(tx, row.merchantId)} for ${periodWords(row)} was not transferred: ${reason}`,
    entityType: 'merchant_payout',
    entityId: row.id,
  });
}

/** What a refused or reversed transfer leaves on its payout: failed with the reason, tried again after the backoff. */
const failedWith = (reason: string, failedAttempts: number, now: Date) => ({
  state: 'failed' as const,
  failureReason: reason,
  failedAttempts: sql`${p.failedAttempts} + 1`,
  nextAttemptAt: new Date(now.getTime() + transferRetryDelayMs(failedAttempts + 1)),
});

const restrictedReason = (requirements: string[]) =>
  `The payout account is restricted${requirements.length ? `: the provider asks for ${requirementLabels(requirements).join('; ').toLowerCase()}` : ''}.`;

/**
 * Moves a merchant's due payouts (or every merchant's) to follow their payout account: none or not active yet →
 * waiting for it; restricted → failed (the admins are notified); active again → scheduled, to be sent. In the
 * caller's transaction, by conditional updates: safe to run from several places at once.
 */
export async function settlePayouts(tx: Tx, provider: string, now: Date, merchantId?: string): Promise<void> {
  const mine = merchantId ? eq(p.merchantId, merchantId) : undefined;
  await tx
    .update(p)
    .set({ state: 'waiting_for_account' })
    .where(and(mine, dueOn(now), eq(p.state, 'scheduled'), sql`not ${accountIn(provider, ['active', 'restricted'])}`));
  await tx
    .update(p)
    .set({ state: 'scheduled' })
    .where(and(mine, eq(p.isPaid, false), eq(p.state, 'waiting_for_account'), accountIn(provider, ['active'])));
  const restricted = await tx
    .select({ payout: p, requirements: payoutAccounts.requirements })
    .from(p)
    .innerJoin(
      payoutAccounts,
      and(
        eq(payoutAccounts.merchantId, p.merchantId),
        eq(payoutAccounts.provider, provider as (typeof payoutAccounts.$inferSelect)['provider']),
      ),
    )
    .where(and(mine, dueOn(now), inArray(p.state, ['scheduled', 'waiting_for_account']), eq(payoutAccounts.status, 'restricted')))
    .orderBy(asc(p.payoutDate), asc(p.id))
    .limit(200);
  for (const { payout, requirements } of restricted) {
    const reason = restrictedReason(requirements);
    const [failed] = await tx
      .update(p)
      .set(failedWith(reason, payout.failedAttempts, now))
      .where(and(eq(p.id, payout.id), inArray(p.state, ['scheduled', 'waiting_for_account'])))
      .returning();
    if (failed) await notifyFailed(tx, failed, reason);
  }
}

/**
 * The merchant's payout account changed (an event, or the merchant came back from onboarding): their payouts
 * follow it at once, in the same transaction.
 */
export async function accountChanged(
  tx: Tx,
  account: { merchantId: string; provider: string; status: PayoutAccountStatus; requirements: string[] },
  now: Date,
): Promise<void> {
  await settlePayouts(tx, account.provider, now, account.merchantId);
}

export type TransferOutcome = 'paid' | 'failed' | 'unknown' | 'skipped';

/**
 * The transfer step of the payout job: settles every due payout against its merchant's account, then sends the
 * ones that can be sent now, oldest payout date first, one after another.
 */
export async function transferDuePayouts(deps: TransferDeps): Promise<Record<TransferOutcome, number>> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => settlePayouts(tx, deps.payments.name, now));
  const due = await deps.db
    .select({ id: p.id })
    .from(p)
    .where(and(sendable(now), accountIn(deps.payments.name, ['active'])))
    .orderBy(asc(p.payoutDate), asc(p.id))
    .limit(100);
  const counts: Record<TransferOutcome, number> = { paid: 0, failed: 0, unknown: 0, skipped: 0 };
  for (const { id } of due) counts[await transferPayout(deps, id)]++;
  return counts;
}

/**
 * Sends one payout to its merchant's active payout account, if it can be sent now (see `sendable`): claimed
 * first by a conditional update, so of two runs one sends it. A provider that cannot be reached leaves it in
 * flight (unknown): it is sent again under the same key after the lease.
 */
export async function transferPayout(deps: TransferDeps, id: string): Promise<TransferOutcome> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(p)
    .set({
      state: 'transferring',
      // A new attempt gets a new key; a transfer taken over after its lease keeps its key (the provider may have made it).
      transferAttempt: sql`case when ${p.state} = 'transferring' then ${p.transferAttempt} else ${p.transferAttempt} + 1 end`,
      transferStartedAt: now,
    })
    .where(and(eq(p.id, id), sendable(now), accountIn(deps.payments.name, ['active'])))
    .returning();
  if (!claimed) return 'skipped';
  const [account] = await deps.db
    .select({ id: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.merchantId, claimed.merchantId), eq(payoutAccounts.provider, deps.payments.name)));
  const amountCents = await payoutRemainingCents(deps.db, claimed);
  let result;
  try {
    result = await deps.payments.createTransfer({
      accountId: account!.id,
      amountCents,
      idempotencyKey: `payout-${claimed.id}-${claimed.transferAttempt}`,
      payoutId: claimed.id,
      description: `LocalPerks payout for ${periodWords(claimed)}`,
    });
  } catch (err) {
    deps.log.error({ err, payoutId: id }, 'payout transfer: the provider did not answer; it is sent again under the same key');
    return 'unknown';
  }
  const same = and(eq(p.id, id), eq(p.state, 'transferring'), eq(p.transferAttempt, claimed.transferAttempt), eq(p.isPaid, false));
  if (!result.ok) {
    const reason = result.reason;
    await deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(p)
        .set({ ...failedWith(reason, claimed.failedAttempts, now), transferStartedAt: null })
        .where(same)
        .returning();
      if (failed) await notifyFailed(tx, { ...failed, netCents: amountCents }, reason);
    });
    return 'failed';
  }
  const transferId = result.transferId;
  const mailId = await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(p)
      .set({
        state: 'paid',
        isPaid: true,
        paidAt: now,
        paidVia: 'transfer',
        transferId,
        failureReason: null,
        nextAttemptAt: null,
        transferStartedAt: null,
      })
      .where(same)
      .returning();
    // Another run recorded this transfer already (it took the payout over after the lease and got the same transfer).
    if (!paid) return null;
    await postTransfer(tx, { payoutId: paid.id, merchantId: paid.merchantId, transferId, amountCents }, now);
    // A failure the admins were told about is over.
    await resolveAdminNotifications(tx, { entityType: 'merchant_payout', entityId: paid.id }, now);
    return queuePaidMail(deps, tx, paid);
  });
  if (mailId) await deliverQueuedMail(deps, mailId, 'payout');
  return 'paid';
}

/**
 * `transfer.reversed` (webhooks): the provider gave back part or all of a transfer. The ledger records what came
 * back (once per amount reversed, however often the event comes); the payout it paid is failed again with the
 * reason, the admins are notified, and the job sends what is owed again with backoff.
 */
export async function handleTransferEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'clock'>,
  event: ProviderEvent,
): Promise<{ applied: boolean }> {
  const t = event.transfer;
  if (event.type !== 'transfer.reversed' || !t) return { applied: false };
  const now = deps.clock.now();
  const applied = await deps.db.transaction(async (tx) => {
    if (!(await isNewProviderEvent(tx, deps.payments.name, event))) return false;
    // The payout the transfer paid, by the ledger's record of the transfer (not the event's metadata alone).
    const [paidBy] = await tx
      .select({ payoutId: ledgerEntries.payoutId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sourceKey, `transfer:${t.id}`));
    if (!paidBy?.payoutId) return false;
    const [payout] = await tx.select().from(p).where(eq(p.id, paidBy.payoutId)).for('update');
    if (!payout) return false;
    const back = await postTransferReversal(
      tx,
      { payoutId: payout.id, merchantId: payout.merchantId, transferId: t.id, reversedSoFarCents: t.reversedCents },
      now,
    );
    if (back === 0) return false;
    const reason = `The transfer ${t.id} was reversed: ${formatCents(back)} came back to the platform.`;
    // Only the payout this transfer paid goes back to failed (a later transfer may already have paid it again).
    const [failed] = await tx
      .update(p)
      .set({ ...failedWith(reason, payout.failedAttempts, now), isPaid: false, paidAt: null, paidVia: null })
      .where(and(eq(p.id, payout.id), eq(p.state, 'paid'), eq(p.transferId, t.id)))
      .returning();
    await notifyFailed(tx, { ...(failed ?? payout), netCents: back }, reason);
    return true;
  });
  return { applied };
}
