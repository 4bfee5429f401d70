import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, createRefundRequestSchema, payoutPeriodFor, payoutPeriodWindow, previousPayoutPeriod } from '@localperks/shared';
import type { Db } from '../db/client';
import { disputes, notifications, orderRefunds, orders, purchases, refundRequests, sandboxRefunds, users } from '../db/schema';
import {
  adminDecideRefund,
  handleDisputeEvent,
  handleRefundEvent,
  merchantAcceptRefund,
  merchantAnswerRefund,
  requestRefund,
} from '../modules/money';
import { PAST_BUYER_EMAIL } from './past-sales';
import { seedDeps } from './seed-deps';

/**
 * Refunds and a chargeback on the demo merchant's past sales (docs/decisions/0019-refund-flow.md), written through
 * the refund and dispute services at the times they happened, before the seed closes the payout periods:
 * - a refund completed: the buyer asked, the merchant accepted, the sandbox refunded and its `charge.refunded` event
 *   settled it (the refund and its commission reversal in the ledger, in the sale's period);
 * - a request declined: the merchant answered with a message and an admin declined it;
 * - a request open, waiting for the merchant (in /merchant/refunds and /admin/refunds);
 * - a dispute open, as the provider's `charge.dispute.created` event records it (in /admin/disputes).
 * The sales are the separate demo buyer's, so the demo customer's own purchases stay as they are.
 */
export async function seedRefundsAndDispute(tx: Db, merchantId: string, now: Date) {
  const [buyer] = await tx.select().from(users).where(eq(users.email, PAST_BUYER_EMAIL));
  const [owner] = await tx.select().from(users).where(eq(users.email, 'merchant@localperks.example'));
  const [admin] = await tx.select().from(users).where(eq(users.email, 'admin@localperks.example'));
  if (!buyer || !owner || !admin) return;
  const sold = await tx
    .select({ id: purchases.id, orderId: purchases.orderId, at: purchases.purchasedAt, priceCents: purchases.priceCents })
    .from(purchases)
    .where(and(eq(purchases.merchantId, merchantId), eq(purchases.userId, buyer.id), isNull(purchases.redeemedAt)))
    .orderBy(asc(purchases.purchasedAt));
  const current = payoutPeriodFor(now);
  const previous = previousPayoutPeriod(current);
  const inPeriod = (period: typeof current) => {
    const w = payoutPeriodWindow(period);
    return sold.filter((p) => p.at >= w.from && p.at < w.to);
  };
  const [refunded, disputed] = inPeriod(previous);
  const [declined] = inPeriod(previousPayoutPeriod(previous));
  const open = inPeriod(current).at(-1);
  if (!refunded || !disputed || !declined || !open) return;
  // `after` the sale, but never later than halfway from the sale to now.
  const at = (p: { at: Date }, after: number) => new Date(Math.min(p.at.getTime() + after, (p.at.getTime() + now.getTime()) / 2));
  const ask = (p: { id: string; at: Date }, after: number, reason: string, note: string) =>
    requestRefund(seedDeps(tx, at(p, after)), buyer.id, p.id, createRefundRequestSchema.parse({ reason, note }));

  // Completed: the merchant accepts, the sandbox refunds at once and announces it.
  const accepted = await ask(
    refunded,
    DAY_MS,
    'cannot_fulfil',
    'The restaurant called to say they cannot take our booking on any date we can come.',
  );
  const acceptedAt = at(refunded, DAY_MS + 3 * HOUR_MS);
  await merchantAcceptRefund(seedDeps(tx, acceptedAt), owner.id, accepted.id);
  // Recorded when the merchant accepted, not today (the database's clock).
  await tx.update(orderRefunds).set({ createdAt: acceptedAt }).where(eq(orderRefunds.purchaseId, refunded.id));
  await announceSandboxRefunds(tx, at(refunded, DAY_MS + 3 * HOUR_MS + 60_000));

  // Declined: the merchant answers, an admin decides.
  const answered = await ask(declined, 2 * DAY_MS, 'not_as_described', 'The portions were much smaller than in the photos.');
  const answeredAt = at(declined, 2 * DAY_MS + 5 * HOUR_MS);
  await merchantAnswerRefund(
    seedDeps(tx, answeredAt),
    owner.id,
    answered.id,
    'We served exactly what the deal describes, and the photos show the same plates. We would be happy to welcome them again.',
  );
  await stampNotifications(tx, answered.id, answeredAt);
  await adminDecideRefund(seedDeps(tx, at(declined, 4 * DAY_MS)), admin.id, answered.id, {
    decision: 'decline',
    decisionText: 'The deal was delivered as described, so this request is declined under the Merchant Refund Policy.',
  });

  // Open: asked this period, waiting for the merchant's answer.
  await ask(open, DAY_MS, 'closed', 'We went on a Saturday evening and the bistro was closed, with no notice on the door.');

  // A chargeback opened by the buyer's bank, as the sandbox's signed event reports it, undecided.
  await chargeBack(tx, disputed.orderId, { openedAt: new Date(now.getTime() - 2 * DAY_MS) });

  const [stillOpen] = await tx.select().from(refundRequests).where(eq(refundRequests.id, accepted.id));
  if (stillOpen?.status !== 'refunded') throw new Error('demo seed: the demo refund was not completed');
}

/**
 * A chargeback lost on another business's sale (docs/decisions/0018-one-ledger.md): opened, then closed in the
 * customer's favour, so its voucher's money and the dispute fee are deducted in the ledger from that business's next
 * payout, and the Disputes section shows a lost one beside the open one.
 */
export async function seedLostDispute(tx: Db, merchantId: string, now: Date) {
  const [sale] = await tx
    .select({ orderId: purchases.orderId, at: purchases.purchasedAt })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(and(eq(purchases.merchantId, merchantId), eq(users.email, PAST_BUYER_EMAIL)))
    .orderBy(asc(purchases.purchasedAt))
    .limit(1);
  if (!sale) return;
  const openedAt = new Date(Math.min(sale.at.getTime() + 2 * DAY_MS, now.getTime() - 6 * DAY_MS));
  await chargeBack(tx, sale.orderId, { openedAt, lostAt: new Date(openedAt.getTime() + 4 * DAY_MS) });
}

/**
 * A chargeback of a whole demo payment as the sandbox's signed events report it (`dispute.created`, then
 * `dispute.closed` as lost when `lostAt` is given), handled as the webhook route handles them.
 */
async function chargeBack(tx: Db, orderId: string, when: { openedAt: Date; lostAt?: Date }) {
  const [order] = await tx
    .select({ sessionId: orders.providerSessionId, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  const providerId = `dp_sandbox_demo_${orderId.replace(/-/g, '').slice(0, 16)}`;
  const event = (type: 'dispute.created' | 'dispute.closed', status: 'open' | 'lost') => ({
    id: `evt_${providerId}_${status}`,
    type,
    sessionId: order!.sessionId,
    orderId: null,
    dispute: { id: providerId, amountCents: order!.totalCents, reason: 'fraudulent', status, purchaseId: null },
  });
  await handleDisputeEvent(seedDeps(tx, when.openedAt), event('dispute.created', 'open'));
  const [dispute] = await tx.select({ id: disputes.id }).from(disputes).where(eq(disputes.providerDisputeId, providerId));
  await stampNotifications(tx, dispute!.id, when.openedAt);
  if (!when.lostAt) return;
  await handleDisputeEvent(seedDeps(tx, when.lostAt), event('dispute.closed', 'lost'));
  await stampNotifications(tx, dispute!.id, when.lostAt);
}

/**
 * The sandbox's `charge.refunded` event for each refund it made and has not announced (as deliverSandboxRefundEvents
 * posts it to the webhook), handled as the webhook route handles it, then marked delivered.
 */
async function announceSandboxRefunds(tx: Db, at: Date) {
  const pending = await tx.select().from(sandboxRefunds).where(isNull(sandboxRefunds.webhookDeliveredAt));
  for (const refund of pending) {
    const all = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, refund.sessionId));
    await handleRefundEvent(seedDeps(tx, at), {
      id: `evt_${refund.id}_refunded`,
      type: 'charge.refunded',
      sessionId: null,
      orderId: null,
      refunds: all.map((r) => ({ id: r.id, status: 'succeeded', amountCents: r.amountCents, metadata: r.metadata })),
    });
    await tx.update(sandboxRefunds).set({ createdAt: at, webhookDeliveredAt: at }).where(eq(sandboxRefunds.id, refund.id));
  }
}

/** The admins' notifications about `entityId` are dated when it happened, not today (the database's clock). */
async function stampNotifications(tx: Db, entityId: string, at: Date) {
  await tx
    .update(notifications)
    .set({ createdAt: at })
    .where(and(eq(notifications.entityId, entityId), gt(notifications.createdAt, at)));
}
