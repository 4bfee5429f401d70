import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { VOTE_MESSAGES, paths } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { dealVotes, deals, merchants, notifications, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { publishDealEvent } from '../../../lib/events';
import type { Deps } from '../../../lib/deps';
import { LOCK_IDS } from '../../../lib/lock-ids';
import { dealWithdrawn } from '../../catalog';
import { unlockedMerchantEmail, unlockedVoterEmail } from './perkboost.emails';

export interface Unlocked {
  dealId: string;
  title: string;
  recipients: { email: string; isMerchant: boolean }[];
}

/**
 * Unlocks a crowd-vote deal whose votes reached the target before its deadline. The conditional
 * update lets exactly one caller win, so voters and the merchant are notified exactly once.
 */
export async function unlockIfReached(tx: Tx, dealId: string, now: Date): Promise<Unlocked | null> {
  const [deal] = await tx
    .update(deals)
    .set({ status: 'active', unlockedAt: now, updatedAt: now })
    .where(
      and(
        eq(deals.id, dealId),
        eq(deals.type, 'perkboost'),
        eq(deals.status, 'pending'),
        isNotNull(deals.votesRequired),
        gte(deals.currentVotes, deals.votesRequired),
        sql`(${deals.votingEndDate} is null or ${deals.votingEndDate} > ${now})`,
      ),
    )
    .returning();
  if (!deal) return null;
  const voters = await tx
    .select({ id: users.id, email: users.email })
    .from(dealVotes)
    .innerJoin(users, eq(users.id, dealVotes.userId))
    .where(eq(dealVotes.dealId, dealId));
  const [owner] = await tx
    .select({ id: users.id, email: users.email })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchants.id, deal.merchantId));
  const rows = voters.map((v) => ({
    userId: v.id,
    type: 'perkboost_unlocked',
    title: VOTE_MESSAGES.unlockedToast,
    message: `"${deal.title}" is unlocked and available for purchase. You voted for it: enjoy early access.`,
    entityType: 'deal',
    entityId: deal.id,
  }));
  if (owner)
    rows.push({
      userId: owner.id,
      type: 'perkboost_unlocked',
      title: VOTE_MESSAGES.unlockedToast,
      message: `Your deal "${deal.title}" reached its vote goal and is now on sale.`,
      entityType: 'deal',
      entityId: deal.id,
    });
  for (let i = 0; i < rows.length; i += 500) await tx.insert(notifications).values(rows.slice(i, i + 500));
  await publishDealEvent(tx, {
    type: 'votes',
    dealId,
    currentVotes: deal.currentVotes,
    votesRequired: deal.votesRequired,
    status: 'active',
  });
  return {
    dealId,
    title: deal.title,
    recipients: [
      ...voters.map((v) => ({ email: v.email, isMerchant: false })),
      ...(owner ? [{ email: owner.email, isMerchant: true }] : []),
    ],
  };
}

export async function sendUnlockEmails(deps: Pick<Deps, 'mailer' | 'config'>, unlocked: Unlocked) {
  const url = `${deps.config.appUrl}${paths.deal(unlocked.dealId)}`;
  for (const r of unlocked.recipients)
    await deps.mailer.send(
      r.isMerchant ? unlockedMerchantEmail(r.email, unlocked.title, url) : unlockedVoterEmail(r.email, unlocked.title, url),
    );
}

async function lockVotableDeal(tx: Tx, dealId: string, now: Date, action: 'vote' | 'cancel') {
  const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
  if (!deal || deal.type !== 'perkboost' || deal.status === 'removed' || deal.status === 'paused')
    throw new AppError('NOT_FOUND', 'This PerkBoost deal does not exist.');
  if (deal.status === 'active') {
    throw action === 'vote'
      ? new AppError('CONFLICT', VOTE_MESSAGES.alreadyUnlockedDescription)
      : new AppError('CONFLICT', VOTE_MESSAGES.cannotCancelDescription);
  }
  if (deal.status !== 'pending' || !deal.votingEndDate || deal.votingEndDate <= now)
    throw new AppError('CONFLICT', VOTE_MESSAGES.votingOver);
  return deal;
}

/** One vote per customer: the primary key refuses a second, the counter moves in the same transaction. */
export async function castVote(deps: Pick<Deps, 'db' | 'clock'>, userId: string, dealId: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockVotableDeal(tx, dealId, now, 'vote');
    const inserted = await tx.insert(dealVotes).values({ userId, dealId }).onConflictDoNothing().returning({ dealId: dealVotes.dealId });
    if (inserted.length === 0) throw new AppError('CONFLICT', 'You have already voted for this deal.');
    const [deal] = await tx
      .update(deals)
      .set({ currentVotes: sql`${deals.currentVotes} + 1`, updatedAt: now })
      .where(eq(deals.id, dealId))
      .returning({ currentVotes: deals.currentVotes, votesRequired: deals.votesRequired });
    const unlocked = await unlockIfReached(tx, dealId, now);
    if (!unlocked)
      await publishDealEvent(tx, {
        type: 'votes',
        dealId,
        currentVotes: deal!.currentVotes,
        votesRequired: deal!.votesRequired,
        status: 'pending',
      });
    return {
      currentVotes: deal!.currentVotes,
      votesRequired: deal!.votesRequired,
      status: unlocked ? ('active' as const) : ('pending' as const),
      unlocked,
    };
  });
}

export async function cancelVote(deps: Pick<Deps, 'db' | 'clock'>, userId: string, dealId: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockVotableDeal(tx, dealId, now, 'cancel');
    const removed = await tx
      .delete(dealVotes)
      .where(and(eq(dealVotes.userId, userId), eq(dealVotes.dealId, dealId)))
      .returning({ dealId: dealVotes.dealId });
    if (removed.length === 0) throw new AppError('CONFLICT', 'You have not voted for this deal.');
    const [deal] = await tx
      .update(deals)
      .set({ currentVotes: sql`greatest(${deals.currentVotes} - 1, 0)`, updatedAt: now })
      .where(eq(deals.id, dealId))
      .returning({ currentVotes: deals.currentVotes, votesRequired: deals.votesRequired });
    await publishDealEvent(tx, {
      type: 'votes',
      dealId,
      currentVotes: deal!.currentVotes,
      votesRequired: deal!.votesRequired,
      status: 'pending',
    });
    return { currentVotes: deal!.currentVotes, votesRequired: deal!.votesRequired, status: 'pending' as const };
  });
}

export async function votedDealIds(deps: Pick<Deps, 'db'>, userId: string) {
  const rows = await deps.db.select({ dealId: dealVotes.dealId }).from(dealVotes).where(eq(dealVotes.userId, userId));
  return rows.map((r) => r.dealId);
}

/**
 * The 60-second job: unlock deals that reached their target, expire crowd-vote deals whose voting
 * ended and deals past their expiration date (withdrawn: `dealWithdrawn`). Only the instance holding the
 * advisory lock runs it.
 */
export async function runPerkboostTick(
  deps: Pick<Deps, 'db' | 'clock' | 'domainEvents'>,
): Promise<{ ran: boolean; unlocked: Unlocked[]; expired: number; expiredIds: string[] }> {
  const now = deps.clock.now();
  return deps.domainEvents.transaction(async (tx, publish) => {
    // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
    const lock = (await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_IDS.voteSweep}) as locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!lock.rows[0]?.locked) return { ran: false, unlocked: [], expired: 0, expiredIds: [] };
    const due = await tx
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.type, 'perkboost'), eq(deals.status, 'pending'), gte(deals.currentVotes, deals.votesRequired)));
    const unlocked: Unlocked[] = [];
    for (const d of due) {
      const u = await unlockIfReached(tx, d.id, now);
      if (u) unlocked.push(u);
    }
    const expiredVoting = await tx
      .update(deals)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(deals.type, 'perkboost'), eq(deals.status, 'pending'), lte(deals.votingEndDate, now)))
      .returning({ id: deals.id, currentVotes: deals.currentVotes, votesRequired: deals.votesRequired });
    const expiredDate = await tx
      .update(deals)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(deals.status, 'active'), lte(deals.expirationDate, now)))
      .returning({ id: deals.id });
    for (const d of expiredVoting)
      await publishDealEvent(tx, {
        type: 'votes',
        dealId: d.id,
        currentVotes: d.currentVotes,
        votesRequired: d.votesRequired,
        status: 'expired',
      });
    const expiredIds = [...expiredVoting, ...expiredDate].map((d) => d.id);
    // Expired deals leave sale: their open payment pages are closed (orders subscribes).
    if (expiredIds.length) await publish(dealWithdrawn, { dealIds: expiredIds });
    return { ran: true, unlocked, expired: expiredIds.length, expiredIds };
  });
}
