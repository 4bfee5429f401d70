import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { DEAL_APPEAL_MESSAGES as A, boostRemainingText, formatCents, type DealAppealDecision } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { dealAppeals, deals, merchantChargeRefunds, merchantCharges, merchants, notifications } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { notifyAdmins, recordAudit, resolveAdminNotifications } from '../../platform';
import { postChargeRefund } from '../../money';

/*
 * What follows an admin taking a deal down (issue 39): the unused part of a boost paid on it goes
 * back to the merchant's card, pro rata, through the provider and the ledger; and the merchant may
 * appeal, once per removal, for an admin to reinstate the deal or uphold the removal.
 */

export interface BoostRefund {
  id: string;
  amountCents: number;
  /** "2 days 4 hours", the unused time refunded. */
  unused: string;
}

/**
 * In the take-down's transaction: for every paid boost of the deal whose window has not ended, the
 * unused share of what was paid (time not yet run over the window's length, in cents rounded down)
 * is recorded as a refund to send, once per charge; the boost stops with the deal. A boost bought
 * to follow the running one is unused in full. Crowd-vote launch fees are not boosts of a live deal
 * and are not refunded this way (a launch taken down before it went live is refunded by billing).
 */
export async function refundUnusedBoosts(tx: Tx, dealId: string, now: Date): Promise<BoostRefund[]> {
  const running = await tx
    .select()
    .from(merchantCharges)
    .where(
      and(
        eq(merchantCharges.dealId, dealId),
        eq(merchantCharges.kind, 'deal_boost'),
        eq(merchantCharges.status, 'paid'),
        gt(merchantCharges.boostEndsAt, now),
      ),
    )
    .orderBy(asc(merchantCharges.boostStartsAt));
  const refunds: BoostRefund[] = [];
  for (const c of running) {
    const start = (c.boostStartsAt ?? c.paidAt ?? now).getTime();
    const end = c.boostEndsAt!.getTime();
    const unusedMs = end - Math.max(now.getTime(), start);
    const amountCents = end > start ? Math.floor((c.amountCents * unusedMs) / (end - start)) : 0;
    if (amountCents <= 0) continue;
    const unused = boostRemainingText(unusedMs).replace(/ left$/, '');
    const [row] = await tx
      .insert(merchantChargeRefunds)
      .values({
        chargeId: c.id,
        merchantId: c.merchantId,
        amountCents,
        reason: `Deal taken down by LocalPerks: ${unused} of the ${c.boostDays}-day boost unused`,
        createdAt: now,
      })
      .onConflictDoNothing({ target: merchantChargeRefunds.chargeId })
      .returning({ id: merchantChargeRefunds.id });
    if (row) refunds.push({ id: row.id, amountCents, unused });
  }
  await tx.update(deals).set({ boostedUntil: null, boostStartedAt: null }).where(eq(deals.id, dealId));
  return refunds;
}

/**
 * Sends the recorded boost refunds the provider has not accepted yet (after the take-down's commit, by
 * the deal-withdrawn subscriber, and by the refund job until it answers): each under its own idempotency key, so a retry is the same
 * refund. Once accepted, the refund is marked sent and booked in the ledger in one transaction.
 */
export async function sendBoostRefunds(deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'log'>, opts: { dealIds?: string[] } = {}) {
  const pending = await deps.db
    .select({ refund: merchantChargeRefunds, sessionId: merchantCharges.providerSessionId })
    .from(merchantChargeRefunds)
    .innerJoin(merchantCharges, eq(merchantCharges.id, merchantChargeRefunds.chargeId))
    .where(
      and(
        isNull(merchantChargeRefunds.sentAt),
        eq(merchantCharges.provider, deps.payments.name),
        opts.dealIds ? inArray(merchantCharges.dealId, opts.dealIds) : undefined,
      ),
    )
    .orderBy(asc(merchantChargeRefunds.createdAt))
    .limit(100);
  let sent = 0;
  for (const { refund, sessionId } of pending) {
    if (!sessionId) continue;
    try {
      const { refundId } = await deps.payments.refund({
        sessionId,
        amountCents: refund.amountCents,
        idempotencyKey: `boost-refund:${refund.id}`,
        metadata: { chargeRefundId: refund.id, chargeId: refund.chargeId },
      });
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(merchantChargeRefunds)
          .set({ providerRefundId: refundId, sentAt: now })
          .where(and(eq(merchantChargeRefunds.id, refund.id), isNull(merchantChargeRefunds.sentAt)))
          .returning();
        if (marked) await postChargeRefund(tx, marked, now);
      });
      sent++;
    } catch (err) {
      deps.log.error({ err, chargeRefundId: refund.id }, 'boost refund failed at the provider (retried by the refund job)');
    }
  }
  return sent;
}

/** The latest appeal and the boost refunds of each of these (removed) deals, for the merchant's and the admin's lists. */
export async function removalFacts(db: Tx, dealIds: string[]) {
  const appeals = new Map<string, typeof dealAppeals.$inferSelect>();
  const refunds = new Map<string, number>();
  if (!dealIds.length) return { appeals, refunds };
  const rows = await db.select().from(dealAppeals).where(inArray(dealAppeals.dealId, dealIds)).orderBy(desc(dealAppeals.createdAt));
  for (const r of rows) if (!appeals.has(r.dealId)) appeals.set(r.dealId, r);
  const given = await db
    .select({ dealId: merchantCharges.dealId, amountCents: merchantChargeRefunds.amountCents })
    .from(merchantChargeRefunds)
    .innerJoin(merchantCharges, eq(merchantCharges.id, merchantChargeRefunds.chargeId))
    .where(inArray(merchantCharges.dealId, dealIds));
  for (const g of given) if (g.dealId) refunds.set(g.dealId, (refunds.get(g.dealId) ?? 0) + g.amountCents);
  return { appeals, refunds };
}

/**
 * The merchant appeals the take-down of one of their deals: once per removal (an open appeal, or
 * one an admin already decided since the deal was last removed, refuses another), and every admin
 * is told.
 */
export async function appealDealRemoval(deps: Pick<Deps, 'db' | 'clock'>, userId: string, dealId: string, message: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [deal] = await tx
      .select({
        id: deals.id,
        title: deals.title,
        status: deals.status,
        merchantId: deals.merchantId,
        businessName: merchants.businessName,
      })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(and(eq(deals.id, dealId), eq(merchants.userId, userId)))
      .for('update', { of: deals });
    if (!deal) throw new AppError('NOT_FOUND', A.notFound);
    if (deal.status !== 'removed') throw new AppError('CONFLICT', A.notRemoved);
    const { appeals } = await removalFacts(tx, [deal.id]);
    const last = appeals.get(deal.id);
    if (last?.status === 'open') throw new AppError('CONFLICT', A.alreadyOpen);
    if (last?.status === 'upheld') throw new AppError('CONFLICT', A.alreadyDecided);
    const [appeal] = await tx
      .insert(dealAppeals)
      .values({ dealId: deal.id, merchantId: deal.merchantId, message, createdAt: now })
      .returning();
    await notifyAdmins(tx, {
      type: 'deal_appeal',
      title: 'A merchant appealed a removed deal',
      message: `${deal.businessName} appealed the removal of “${deal.title}”: ${message.slice(0, 200)}`,
      entityType: 'deal',
      entityId: deal.id,
    });
    return toAppeal(appeal!);
  });
}

/**
 * An admin decides an open appeal: `reinstate` puts the deal back as paused (the merchant resumes it
 * when ready; an expired one stays off sale by its date), `uphold` keeps it removed. The merchant is
 * told the decision and its reason; the admins' notifications about the appeal are done.
 */
export async function decideDealAppeal(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, dealId: string, input: DealAppealDecision) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [appeal] = await tx
      .update(dealAppeals)
      .set({
        status: input.decision === 'reinstate' ? 'reinstated' : 'upheld',
        decisionText: input.decisionText,
        decidedBy: adminId,
        decidedAt: now,
      })
      .where(and(eq(dealAppeals.dealId, dealId), eq(dealAppeals.status, 'open')))
      .returning();
    if (!appeal) throw new AppError('CONFLICT', A.noOpenAppeal);
    const [deal] = await tx
      .select({ title: deals.title, merchantUserId: merchants.userId })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(eq(deals.id, dealId));
    if (input.decision === 'reinstate')
      await tx
        .update(deals)
        .set({ status: 'paused', moderationReason: null, updatedAt: now })
        .where(and(eq(deals.id, dealId), eq(deals.status, 'removed')));
    await tx.insert(notifications).values({
      userId: deal!.merchantUserId,
      type: 'deal_appeal_decided',
      title: input.decision === 'reinstate' ? 'Your deal is reinstated' : 'Your appeal was reviewed',
      message:
        input.decision === 'reinstate'
          ? `“${deal!.title}” is back in My Deals, paused: resume it when you are ready. ${input.decisionText}`
          : `“${deal!.title}” stays removed. ${input.decisionText}`,
      entityType: 'deal',
      entityId: dealId,
    });
    await resolveAdminNotifications(tx, { entityType: 'deal', entityId: dealId, types: ['deal_appeal'] }, now);
    await recordAudit(tx, {
      adminId,
      action: input.decision === 'reinstate' ? 'deal.appeal_reinstated' : 'deal.appeal_upheld',
      entityType: 'deal',
      entityId: dealId,
      details: { title: deal!.title, appealId: appeal.id, decisionText: input.decisionText },
    });
    return toAppeal(appeal);
  });
}

export const toAppeal = (a: typeof dealAppeals.$inferSelect) => ({
  id: a.id,
  message: a.message,
  status: a.status,
  decisionText: a.decisionText,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
});

/** What a removal meant for the merchant's money, for the take-down's notice: the boost refund, or nothing. */
export const boostRefundNotice = (refunds: BoostRefund[]) => {
  const cents = refunds.reduce((s, r) => s + r.amountCents, 0);
  return cents > 0
    ? ` The unused part of your boost (${refunds.map((r) => r.unused).join(', ')}), ${formatCents(cents)}, is refunded to your card.`
    : '';
};
