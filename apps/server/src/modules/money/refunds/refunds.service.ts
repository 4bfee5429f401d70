import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_REFUNDS_PAGE_SIZE,
  MERCHANT_REFUND_ANSWER_BUSINESS_DAYS,
  OPEN_REFUND_STATUSES,
  REFUND_MESSAGES_UI as M,
  allocateCents,
  businessDeadline,
  excerpt,
  formatCents,
  maskVoucherCode,
  type AdminPurchase,
  type AdminPurchaseLookup,
  type AdminRefundFilter,
  type AdminRefundRequestsPage,
  type CreateRefundRequest,
  type CustomerRefundRequest,
  type MerchantRefundRequests,
  type RefundDecisionResult,
  type RefundReconciliation,
  REFUND_MISMATCHES_SHOWN,
  REFUND_REQUEST_LIMIT,
  type RefundReason,
  type RefundRequestStatus,
  type VoucherState,
} from '@localperks/shared';
import { postRefund } from '../ledger/ledger.service';
import type { Tx } from '../../../db/client';
import {
  adminAuditLog,
  merchants,
  orderItems,
  orderRefunds,
  orders,
  purchases,
  refundRequests,
  users,
  webhookEvents,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { consumeRateLimit, releaseHits } from '../../../lib/rate-limit';
import type { Deps } from '../../../lib/deps';
import type { MailMessage } from '../../../mail/mailer';
import type { ProviderEvent, ProviderRefund } from '../../../payments/provider';
import { notifyAdmins, recordAudit, resolveAdminNotifications } from '../../platform';
import { refundBlockingDispute, refundBlockingDisputeOf } from '../disputes/disputes.service';
import {
  refundAwaitingDecisionAdminEmail,
  refundDecidedMerchantEmail,
  refundDeclinedCustomerEmail,
  refundIssuedCustomerEmail,
  refundMerchantRespondedCustomerEmail,
  refundRequestedCustomerEmail,
  refundRequestedMerchantEmail,
  type RefundMailFacts,
} from './refunds.emails';
import { voucherTitle } from '../voucher-title';

/**
 * Refunds of single vouchers under the Merchant Refund Policy (docs/decisions/0019-refund-flow.md).
 *
 * Exactly once, in the database: every path that kills a voucher (a merchant accepting, an admin
 * refunding a request or a purchase directly) locks the purchase row first (SELECT … FOR UPDATE, as
 * redemption does), and writes the `order_refunds` row (unique per purchase, idempotency key per
 * purchase) and `purchases.refunded_at` in that transaction. The provider is called after the
 * commit under that key; the refund is settled by the provider's `charge.refunded` event.
 */
export type RefundDeps = Pick<Deps, 'db' | 'mailer' | 'payments' | 'clock' | 'config' | 'log'>;

const OPEN: readonly RefundRequestStatus[] = OPEN_REFUND_STATUSES;
const isOpen = (s: RefundRequestStatus) => OPEN.includes(s);
const openStatus = inArray(refundRequests.status, [...OPEN_REFUND_STATUSES]);

/** One refund per voucher: a retry, a second instance or a double click reuse this key at the provider. */
export const voucherRefundKey = (purchaseId: string) => `refund-purchase-${purchaseId}`;

/**
 * The ledger's call site: a voucher's refund was confirmed by the provider. Runs exactly once per
 * refund, inside the transaction that marks its `order_refunds` row refunded.
 */
export async function onVoucherRefunded(tx: Tx, refund: { purchaseId: string; refundId: string; at: Date }): Promise<void> {
  // The refund and its commission reversal enter the ledger: in the open payout period, or as a
  // deduction on the merchant's next payout when the sale's period is already closed (decision 0018).
  await postRefund(tx, refund);
}

/**
 * What refunding each voucher gives back: what the customer paid for it (its unit price less its share
 * of a promo code's discount) plus its share of its order's tax. The tax is split over the order's lines
 * as fulfilment splits it, then over the line's vouchers (in id order), with `allocateCents`, so
 * refunding every voucher of an order returns exactly its total.
 */
export async function voucherRefundCents(db: Tx, purchaseIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (!purchaseIds.length) return result;
  const wanted = await db.selectDistinct({ orderId: purchases.orderId }).from(purchases).where(inArray(purchases.id, purchaseIds));
  const orderIds = wanted.map((w) => w.orderId);
  if (!orderIds.length) return result;
  const [orderRows, items, sold] = await Promise.all([
    db.select({ id: orders.id, taxCents: orders.taxCents }).from(orders).where(inArray(orders.id, orderIds)),
    db
      .select({
        orderId: orderItems.orderId,
        dealId: orderItems.dealId,
        optionId: orderItems.optionId,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
        discountCents: orderItems.discountCents,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: purchases.id,
        orderId: purchases.orderId,
        dealId: purchases.dealId,
        optionId: purchases.optionId,
        priceCents: purchases.priceCents,
        discountCents: purchases.discountCents,
      })
      .from(purchases)
      .where(inArray(purchases.orderId, orderIds))
      .orderBy(asc(purchases.id)),
  ]);
  for (const order of orderRows) {
    const lines = items.filter((i) => i.orderId === order.id);
    const lineTax = allocateCents(
      order.taxCents,
      lines.map((l) => l.unitPriceCents * l.quantity - l.discountCents),
    );
    lines.forEach((line, i) => {
      const vouchers = sold.filter((p) => p.orderId === order.id && p.dealId === line.dealId && p.optionId === line.optionId);
      const shares = allocateCents(lineTax[i]!, Array<number>(line.quantity).fill(line.unitPriceCents));
      vouchers.forEach((v, k) => result.set(v.id, v.priceCents - v.discountCents + (shares[k] ?? 0)));
    });
  }
  return result;
}

/** The facts every refund e-mail names, and who to write to. */
async function mailFacts(tx: Tx, requestOrPurchase: { purchaseId: string; reason: RefundReason }) {
  const [row] = await tx
    .select({
      dealTitle: voucherTitle,
      merchantName: merchants.businessName,
      merchantEmail: sql<string>`(select email from users where users.id = ${merchants.userId})`,
      customerEmail: users.email,
    })
    .from(purchases)
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(eq(purchases.id, requestOrPurchase.purchaseId));
  const amountCents = (await voucherRefundCents(tx, [requestOrPurchase.purchaseId])).get(requestOrPurchase.purchaseId) ?? 0;
  const facts: RefundMailFacts = {
    dealTitle: row!.dealTitle,
    merchantName: row!.merchantName,
    reason: requestOrPurchase.reason,
    amountCents,
  };
  return { facts, merchantEmail: row!.merchantEmail, customerEmail: row!.customerEmail };
}

async function queueAll(deps: Pick<Deps, 'mailer'>, tx: Tx, mails: MailMessage[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of mails) ids.push(await deps.mailer.queue(tx, m));
  return ids;
}
async function deliverAll(deps: Pick<Deps, 'mailer'>, ids: string[]) {
  for (const id of ids) await deps.mailer.deliver(id);
}

async function adminEmails(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.email);
}

/** Locks the purchase row: refunds and redemptions of one voucher are decided one after the other. */
async function lockPurchase(tx: Tx, purchaseId: string) {
  const [p] = await tx
    .select({
      id: purchases.id,
      orderId: purchases.orderId,
      dealId: purchases.dealId,
      optionId: purchases.optionId,
      userId: purchases.userId,
      merchantId: purchases.merchantId,
      redeemedAt: purchases.redeemedAt,
      refundedAt: purchases.refundedAt,
      expirationDate: purchases.expirationDate,
    })
    .from(purchases)
    .where(eq(purchases.id, purchaseId))
    .for('update');
  return p;
}

/**
 * Kills a voucher and records its refund, in the caller's transaction, with the purchase row
 * locked. A redeemed or already refunded voucher is refused; an expired one is not (a request made
 * in time may be decided after the voucher's date, and an admin may refund any purchase).
 */
async function voidVoucher(tx: Tx, purchaseId: string, reason: 'customer_request' | 'admin', now: Date) {
  const p = await lockPurchase(tx, purchaseId);
  if (!p) throw new AppError('NOT_FOUND', M.notFound);
  if (p.refundedAt) throw new AppError('CONFLICT', M.alreadyRefunded);
  if (p.redeemedAt) throw new AppError('CONFLICT', M.redeemed);
  // A charged-back payment is the bank's to give back: a refund on top would pay the customer twice.
  const dispute = await refundBlockingDispute(tx, p.orderId);
  if (dispute) throw new AppError('CONFLICT', dispute === 'lost' ? M.disputeLost : M.disputeOpen);
  const amountCents = (await voucherRefundCents(tx, [purchaseId])).get(purchaseId)!;
  const [order] = await tx.select({ provider: orders.provider }).from(orders).where(eq(orders.id, p.orderId));
  const [item] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, p.orderId), eq(orderItems.dealId, p.dealId), eq(orderItems.optionId, p.optionId!)));
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: p.orderId,
      orderItemId: item!.id,
      dealId: p.dealId,
      purchaseId,
      amountCents,
      reason,
      provider: order!.provider,
      idempotencyKey: voucherRefundKey(purchaseId),
    })
    .onConflictDoNothing()
    .returning({ id: orderRefunds.id });
  // The lock makes this unreachable; the unique index is the last word if it ever were not.
  if (!row) throw new AppError('CONFLICT', M.alreadyRefunded);
  await tx.update(purchases).set({ refundedAt: now }).where(eq(purchases.id, purchaseId));
  // The unit goes back on sale only if the merchant chose that for the deal (docs/decisions/0047), never above its stock.
  await tx.execute(sql`
    update deal_options o set stock_left = least(o.stock_left + 1, o.stock_total)
    from deals d
    where o.id = ${p.optionId} and d.id = o.deal_id and d.restock_on_refund and o.stock_left is not null`);
  return { orderRefundId: row.id, amountCents };
}

const customerView = (r: typeof refundRequests.$inferSelect): CustomerRefundRequest => ({
  id: r.id,
  reason: r.reason,
  note: r.note,
  status: r.status,
  decisionText: r.decisionText,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * A customer asks for a refund of one of their own vouchers (another's is a 404). Only an
 * unredeemed, unexpired, not refunded voucher with no request open or decided: decisions are final.
 * The purchase row is locked, so two simultaneous requests make one; the partial unique index on
 * open requests would refuse a second anyway.
 */
export async function requestRefund(deps: RefundDeps, customerId: string, purchaseId: string, input: CreateRefundRequest) {
  const now = deps.clock.now();
  // Counted before the work, atomically (docs/decisions/0006-rate-limits.md); a request refused
  // (409, 404) sends no mail and gives its hit back.
  const hits = await consumeRateLimit(deps.db, `refund-request:${customerId}`, REFUND_REQUEST_LIMIT, M.tooMany, now);
  const { request, mailIds } = await openRefundRequest(deps, customerId, purchaseId, input, now).catch(async (err: unknown) => {
    if (err instanceof AppError && err.statusCode < 500) await releaseHits(deps.db, hits);
    throw err;
  });
  await deliverAll(deps, mailIds);
  return customerView(request);
}

/** The request itself, in one transaction with the voucher locked (requestRefund counts it first). */
async function openRefundRequest(deps: RefundDeps, customerId: string, purchaseId: string, input: CreateRefundRequest, now: Date) {
  return deps.db.transaction(async (tx) => {
    const p = await lockPurchase(tx, purchaseId);
    if (!p || p.userId !== customerId) throw new AppError('NOT_FOUND', M.notFound);
    if (p.refundedAt) throw new AppError('CONFLICT', M.alreadyRefunded);
    if (p.redeemedAt) throw new AppError('CONFLICT', M.redeemed);
    if (p.expirationDate <= now) throw new AppError('CONFLICT', M.expired);
    const dispute = await refundBlockingDispute(tx, p.orderId);
    if (dispute) throw new AppError('CONFLICT', dispute === 'lost' ? M.customerDisputeLost : M.customerDisputeOpen);
    const [earlier] = await tx
      .select({ status: refundRequests.status })
      .from(refundRequests)
      .where(eq(refundRequests.purchaseId, purchaseId))
      .orderBy(desc(refundRequests.createdAt))
      .limit(1);
    if (earlier) throw new AppError('CONFLICT', isOpen(earlier.status) ? M.alreadyOpen : M.decisionFinal);
    const deadlineAt = businessDeadline(now, MERCHANT_REFUND_ANSWER_BUSINESS_DAYS);
    const note = input.note?.trim() || null;
    const [created] = await tx
      .insert(refundRequests)
      .values({ purchaseId, customerId, merchantId: p.merchantId, reason: input.reason, note, deadlineAt, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('CONFLICT', M.alreadyOpen);
    const { facts, merchantEmail, customerEmail } = await mailFacts(tx, { purchaseId, reason: input.reason });
    const ids = await queueAll(deps, tx, [
      refundRequestedCustomerEmail(customerEmail, facts, deps.config.appUrl),
      refundRequestedMerchantEmail(merchantEmail, { ...facts, note, deadlineAt }, deps.config.appUrl),
    ]);
    return { request: created, mailIds: ids };
  });
}

async function merchantIdOf(tx: Tx, userId: string): Promise<string> {
  const [m] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('NOT_FOUND', M.requestNotFound);
  return m.id;
}

/** A request, seen only by its own merchant (or by an admin when `merchantId` is omitted). */
async function findRequest(tx: Tx, requestId: string, merchantId?: string) {
  const [r] = await tx
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.id, requestId), merchantId ? eq(refundRequests.merchantId, merchantId) : undefined));
  if (!r) throw new AppError('NOT_FOUND', M.requestNotFound);
  return r;
}

type Decision = { refund: true; text: string | null } | { refund: false; text: string };

/**
 * Decides an open request: refunds the voucher (purchase row locked first, then the request) or
 * declines it. The request moves by a conditional update from an open state, so of two decisions
 * at once (two admins, an admin and the merchant, a double click) exactly one applies and the
 * other is told the request was already decided.
 */
async function decide(
  deps: RefundDeps,
  actor: { userId: string; merchantId?: string },
  requestId: string,
  decision: Decision,
): Promise<RefundDecisionResult> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findRequest(tx, requestId, actor.merchantId);
    // Lock order everywhere: purchase, then request.
    if (decision.refund) await lockPurchase(tx, found.purchaseId);
    const [request] = await tx.select().from(refundRequests).where(eq(refundRequests.id, requestId)).for('update');
    if (!request || !isOpen(request.status)) throw new AppError('CONFLICT', M.closed);
    const refund = decision.refund ? await voidVoucher(tx, request.purchaseId, 'customer_request', now) : null;
    const status = decision.refund ? ('refunded' as const) : ('declined' as const);
    await tx
      .update(refundRequests)
      .set({ status, decisionText: decision.text, decidedBy: actor.userId, decidedAt: now, updatedAt: now })
      .where(and(eq(refundRequests.id, requestId), openStatus));
    const byMerchant = Boolean(actor.merchantId);
    // Decided: it waits for no admin any more.
    await resolveAdminNotifications(tx, { entityType: 'refund_request', entityId: requestId }, now);
    await recordAudit(tx, {
      adminId: actor.userId,
      action: byMerchant ? 'refund.merchant_accepted' : decision.refund ? 'refund.refunded' : 'refund.declined',
      entityType: 'refund_request',
      entityId: requestId,
      details: { purchaseId: request.purchaseId, decisionText: decision.text, ...(refund ? { amountCents: refund.amountCents } : {}) },
    });
    const { facts, merchantEmail, customerEmail } = await mailFacts(tx, request);
    const mails: MailMessage[] = [];
    if (!decision.refund)
      mails.push(refundDeclinedCustomerEmail(customerEmail, { ...facts, decisionText: decision.text }, deps.config.appUrl));
    // The customer's "Refunded" e-mail follows the provider's confirmation (handleRefundEvent).
    if (!byMerchant)
      mails.push(
        refundDecidedMerchantEmail(merchantEmail, { ...facts, refunded: decision.refund, decisionText: decision.text }, deps.config.appUrl),
      );
    return { status, purchaseId: request.purchaseId, mailIds: await queueAll(deps, tx, mails) };
  });
  await deliverAll(deps, outcome.mailIds);
  if (outcome.status === 'refunded') await settleVoucherRefunds(deps, { purchaseId: outcome.purchaseId });
  return { status: outcome.status, refunded: outcome.status === 'refunded' };
}

/**
 * The merchant accepts a request of one of their own vouchers: the voucher is refunded. `actorId`: who pressed
 * accept, the owner or a manager (docs/decisions/0062-roles-and-staff.md); the decision and its audit entry name them.
 */
export async function merchantAcceptRefund(deps: RefundDeps, merchantUserId: string, requestId: string, actorId = merchantUserId) {
  const merchantId = await merchantIdOf(deps.db, merchantUserId);
  return decide(deps, { userId: actorId, merchantId }, requestId, { refund: true, text: 'Accepted by the merchant.' });
}

/**
 * The merchant answers instead, with a message for the admins, who decide. Once per request, while
 * it is open and undecided (also after the deadline).
 */
export async function merchantAnswerRefund(
  deps: RefundDeps,
  merchantUserId: string,
  requestId: string,
  message: string,
  actorId = merchantUserId,
) {
  const now = deps.clock.now();
  const merchantId = await merchantIdOf(deps.db, merchantUserId);
  const mailIds = await deps.db.transaction(async (tx) => {
    const found = await findRequest(tx, requestId, merchantId);
    const [answered] = await tx
      .update(refundRequests)
      .set({ status: 'merchant_responded', merchantResponse: message, merchantRespondedAt: now, updatedAt: now })
      .where(
        and(
          eq(refundRequests.id, requestId),
          inArray(refundRequests.status, ['requested', 'due_for_decision']),
          isNull(refundRequests.merchantResponse),
        ),
      )
      .returning();
    if (!answered) throw new AppError('CONFLICT', isOpen(found.status) ? M.alreadyAnswered : M.closed);
    await recordAudit(tx, {
      adminId: actorId,
      action: 'refund.merchant_answered',
      entityType: 'refund_request',
      entityId: requestId,
      details: { purchaseId: answered.purchaseId, message },
    });
    const { facts, customerEmail } = await mailFacts(tx, answered);
    await notifyAdmins(tx, {
      type: 'refund_answered',
      title: 'Merchant answered a refund request',
      message: `${facts.merchantName} answered the refund request for “${facts.dealTitle}” (${formatCents(facts.amountCents)}): ${excerpt(message, 200)} Decide it in Refunds.`,
      entityType: 'refund_request',
      entityId: requestId,
    });
    const admins = await adminEmails(tx);
    return queueAll(deps, tx, [
      refundMerchantRespondedCustomerEmail(customerEmail, facts, deps.config.appUrl),
      ...admins.map((to) => refundAwaitingDecisionAdminEmail(to, { ...facts, why: 'answered' }, deps.config.appUrl)),
    ]);
  });
  await deliverAll(deps, mailIds);
  return { status: 'merchant_responded' as const, refunded: false };
}

/** An admin refunds or declines a request, with the decision text both sides read. */
export function adminDecideRefund(
  deps: RefundDeps,
  adminId: string,
  requestId: string,
  input: { decision: 'refund' | 'decline'; decisionText: string },
) {
  return decide(
    deps,
    { userId: adminId },
    requestId,
    input.decision === 'refund' ? { refund: true, text: input.decisionText } : { refund: false, text: input.decisionText },
  );
}

/**
 * An admin refunds any purchase directly (found by customer e-mail or voucher code). An open
 * request of the voucher is closed as refunded with the same decision text.
 */
export async function adminRefundPurchase(
  deps: RefundDeps,
  adminId: string,
  purchaseId: string,
  decisionText: string,
): Promise<RefundDecisionResult> {
  const now = deps.clock.now();
  const mailIds = await deps.db.transaction(async (tx) => {
    const refund = await voidVoucher(tx, purchaseId, 'admin', now);
    const [closed] = await tx
      .update(refundRequests)
      .set({ status: 'refunded', decisionText, decidedBy: adminId, decidedAt: now, updatedAt: now })
      .where(and(eq(refundRequests.purchaseId, purchaseId), openStatus))
      .returning({ id: refundRequests.id, reason: refundRequests.reason });
    if (closed) await resolveAdminNotifications(tx, { entityType: 'refund_request', entityId: closed.id }, now);
    await recordAudit(tx, {
      adminId,
      action: 'refund.direct',
      entityType: 'purchase',
      entityId: purchaseId,
      details: { decisionText, amountCents: refund.amountCents, ...(closed ? { refundRequestId: closed.id } : {}) },
    });
    const { facts, merchantEmail } = await mailFacts(tx, { purchaseId, reason: closed?.reason ?? 'cannot_fulfil' });
    return queueAll(deps, tx, [refundDecidedMerchantEmail(merchantEmail, { ...facts, refunded: true, decisionText }, deps.config.appUrl)]);
  });
  await deliverAll(deps, mailIds);
  await settleVoucherRefunds(deps, { purchaseId });
  return { status: 'refunded', refunded: true };
}

/**
 * Voucher refunds recorded but not yet accepted by the provider are sent to it under their
 * idempotency key (after the decision's commit, and by the minute job until it answers). The
 * provider's refund id is kept; the `charge.refunded` event settles the refund (handleRefundEvent).
 */
export async function settleVoucherRefunds(deps: RefundDeps, opts: { purchaseId?: string } = {}): Promise<number> {
  const pending = await deps.db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      purchaseId: orderRefunds.purchaseId,
      amountCents: orderRefunds.amountCents,
      reason: orderRefunds.reason,
      idempotencyKey: orderRefunds.idempotencyKey,
      sessionId: orders.providerSessionId,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.status, 'pending'),
        isNotNull(orderRefunds.purchaseId),
        isNull(orderRefunds.providerRefundId),
        eq(orderRefunds.provider, deps.payments.name),
        isNotNull(orders.providerSessionId),
        opts.purchaseId ? eq(orderRefunds.purchaseId, opts.purchaseId) : undefined,
      ),
    )
    .orderBy(asc(orderRefunds.createdAt))
    .limit(50);
  let sent = 0;
  for (const r of pending) {
    try {
      const { refundId } = await deps.payments.refund({
        sessionId: r.sessionId!,
        amountCents: r.amountCents,
        idempotencyKey: r.idempotencyKey,
        metadata: { orderRefundId: r.id, purchaseId: r.purchaseId!, orderId: r.orderId, reason: r.reason },
      });
      await deps.db
        .update(orderRefunds)
        .set({ providerRefundId: refundId })
        .where(and(eq(orderRefunds.id, r.id), isNull(orderRefunds.providerRefundId)));
      sent++;
    } catch (err) {
      deps.log.error({ err, orderRefundId: r.id }, 'refunding a voucher at the provider failed; the job retries it');
    }
  }
  return sent;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A verified `charge.refunded` event: each succeeded refund of ours moves `pending → refunded` by
 * a conditional update, and only then is it posted to the ledger and the customer told. The event
 * id is recorded first, so a replayed event does nothing; another event naming the same refund
 * finds it refunded already.
 */
export async function handleRefundEvent(deps: RefundDeps, event: ProviderEvent): Promise<{ applied: number }> {
  const now = deps.clock.now();
  const mailIds = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: deps.payments.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh) return [];
    const ids: string[] = [];
    for (const r of event.refunds ?? []) {
      if (r.status !== 'succeeded') continue;
      const ours = r.metadata.orderRefundId;
      const [row] = await tx
        .update(orderRefunds)
        .set({ status: 'refunded', providerRefundId: r.id, refundedAt: now })
        .where(
          and(
            ours && UUID_RE.test(ours) ? eq(orderRefunds.id, ours) : eq(orderRefunds.providerRefundId, r.id),
            eq(orderRefunds.status, 'pending'),
            isNotNull(orderRefunds.purchaseId),
            eq(orderRefunds.provider, deps.payments.name),
          ),
        )
        .returning();
      if (!row) continue;
      // The provider must have given back the voucher's share we recorded (unit price plus tax share):
      // a different amount (a refund edited at the provider, a bug) is settled as ours, so the voucher
      // and the ledger stay consistent, and an admin is told to reconcile it by hand.
      if (r.amountCents !== row.amountCents) await notifyRefundMismatch(deps, tx, row, r);
      await onVoucherRefunded(tx, { purchaseId: row.purchaseId!, refundId: row.id, at: now });
      const [request] = await tx
        .select({ reason: refundRequests.reason, decisionText: refundRequests.decisionText })
        .from(refundRequests)
        .where(and(eq(refundRequests.purchaseId, row.purchaseId!), eq(refundRequests.status, 'refunded')));
      // A direct refund has no request: its decision text is in its audit entry.
      const [direct] = request
        ? []
        : await tx
            .select({ details: adminAuditLog.details })
            .from(adminAuditLog)
            .where(and(eq(adminAuditLog.action, 'refund.direct'), eq(adminAuditLog.entityId, row.purchaseId!)));
      const directText = typeof direct?.details.decisionText === 'string' ? direct.details.decisionText : null;
      const { facts, customerEmail } = await mailFacts(tx, { purchaseId: row.purchaseId!, reason: request?.reason ?? 'cannot_fulfil' });
      const decisionText = request?.decisionText ?? directText;
      ids.push(
        ...(await queueAll(deps, tx, [
          refundIssuedCustomerEmail(customerEmail, { ...facts, amountCents: row.amountCents, decisionText }, deps.config.appUrl),
        ])),
      );
    }
    return ids;
  });
  await deliverAll(deps, mailIds);
  return { applied: mailIds.length };
}

/** Every admin is told that the provider refunded another amount than the voucher's share (one notification per refund, settled once). */
async function notifyRefundMismatch(
  deps: Pick<Deps, 'log' | 'payments'>,
  tx: Tx,
  row: typeof orderRefunds.$inferSelect,
  provider: ProviderRefund,
): Promise<void> {
  const [voucher] = await tx
    .select({ dealTitle: voucherTitle, code: purchases.redemptionCode, merchantName: merchants.businessName })
    .from(purchases)
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .where(eq(purchases.id, row.purchaseId!));
  deps.log.warn(
    { orderRefundId: row.id, providerRefundId: provider.id, recordedCents: row.amountCents, providerCents: provider.amountCents },
    'provider refund amount differs from the voucher refund recorded',
  );
  await notifyAdmins(tx, {
    type: 'refund_amount_mismatch',
    title: 'Refund amount differs',
    message:
      `${deps.payments.name === 'stripe' ? 'Stripe' : 'The payment provider'} refunded ${formatCents(provider.amountCents)} ` +
      `(refund ${provider.id}) for the ${voucher?.dealTitle ?? 'voucher'} voucher ${voucher ? maskVoucherCode(voucher.code) : ''} ` +
      `of ${voucher?.merchantName ?? 'a merchant'}, but its share is ${formatCents(row.amountCents)} (unit price plus tax). ` +
      `The voucher is refunded at ${formatCents(row.amountCents)} on the merchant's payout; check the refund at the provider.`,
    entityType: 'order_refund',
    entityId: row.id,
  });
}

/**
 * The minute job: requests past their deadline with no answer move to `due_for_decision`, by a
 * conditional update (each moves once, however many instances run it), and every admin is told.
 */
export async function markOverdueRefundRequests(deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config'>): Promise<{ due: number }> {
  const now = deps.clock.now();
  let due = 0;
  const mailIds = await deps.db.transaction(async (tx) => {
    const moved = await tx
      .update(refundRequests)
      .set({ status: 'due_for_decision', updatedAt: now })
      .where(and(eq(refundRequests.status, 'requested'), lt(refundRequests.deadlineAt, now)))
      .returning();
    due = moved.length;
    if (!moved.length) return [];
    const admins = await adminEmails(tx);
    const mails: MailMessage[] = [];
    for (const r of moved) {
      const { facts } = await mailFacts(tx, r);
      await notifyAdmins(tx, {
        type: 'refund_request_due',
        title: 'Refund request due for decision',
        message: `${facts.merchantName} did not answer the refund request for “${facts.dealTitle}” (${formatCents(facts.amountCents)}) within 5 business days. Decide it in Refunds.`,
        entityType: 'refund_request',
        entityId: r.id,
      });
      mails.push(...admins.map((to) => refundAwaitingDecisionAdminEmail(to, { ...facts, why: 'overdue' }, deps.config.appUrl)));
    }
    return queueAll(deps, tx, mails);
  });
  await deliverAll(deps, mailIds);
  return { due };
}

/**
 * Refunds against the ledger (docs/decisions/0040-safe-at-scale.md). A voucher's money goes back to
 * the customer by our refund (settled by the provider) or by a lost chargeback, and each time the
 * ledger gives it back once (`refund:<purchase>`, a refund or a deduction). Per voucher the two
 * counts must be equal: a voucher both refunded and charged back has gone back twice against one
 * give-back, which is what refusing refunds of disputed payments prevents.
 */
export async function refundReconciliation(deps: Pick<Deps, 'db'>): Promise<RefundReconciliation> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() on the PGlite | node-postgres union yields unknown: the cast is needed
  const { rows } = (await deps.db.execute(sql`
    with refunded as (
      select distinct purchase_id from order_refunds where purchase_id is not null and status = 'refunded'
    ), charged_back as (
      select distinct p.id as purchase_id
      from disputes d
      join purchases p on p.order_id = d.order_id and (d.purchase_id is null or d.purchase_id = p.id)
      where d.status = 'lost'
    ), given_back as (
      select purchase_id, count(*)::int as n from ledger_entries
      where kind in ('refund', 'deduction') and purchase_id is not null
      group by purchase_id
    ), vouchers as (
      select purchase_id from refunded union select purchase_id from charged_back union select purchase_id from given_back
    ), checked as (
      select v.purchase_id, r.purchase_id is not null as is_refunded, c.purchase_id is not null as is_charged_back, coalesce(g.n, 0) as given_back
      from vouchers v
      left join refunded r on r.purchase_id = v.purchase_id
      left join charged_back c on c.purchase_id = v.purchase_id
      left join given_back g on g.purchase_id = v.purchase_id
    ), totals as (
      select count(*) filter (where is_refunded)::int as refunded, count(*) filter (where is_charged_back)::int as charged_back,
             coalesce(sum(given_back), 0)::int as given_back,
             count(*) filter (where is_refunded::int + is_charged_back::int <> given_back)::int as mismatches
      from checked
    )
    select t.*, m.purchase_id, m.is_refunded, m.is_charged_back, m.given_back as voucher_given_back,
           p.redemption_code, p.deal_title, mer.business_name
    from totals t
    left join lateral (
      select c.* from checked c join purchases p on p.id = c.purchase_id
      where c.is_refunded::int + c.is_charged_back::int <> c.given_back
      order by p.purchased_at desc, p.id limit ${REFUND_MISMATCHES_SHOWN}
    ) m on true
    left join purchases p on p.id = m.purchase_id
    left join merchants mer on mer.id = p.merchant_id`)) as unknown as {
    rows: {
      refunded: number;
      charged_back: number;
      given_back: number;
      mismatches: number;
      purchase_id: string | null;
      is_refunded: boolean | null;
      is_charged_back: boolean | null;
      voucher_given_back: number | null;
      redemption_code: string | null;
      deal_title: string | null;
      business_name: string | null;
    }[];
  };
  const totals = rows[0]!;
  return {
    refundedVouchers: Number(totals.refunded),
    chargedBackVouchers: Number(totals.charged_back),
    ledgerGiveBacks: Number(totals.given_back),
    isBalanced: Number(totals.mismatches) === 0,
    mismatchCount: Number(totals.mismatches),
    mismatches: rows
      .filter((r) => r.purchase_id !== null)
      .map((r) => ({
        purchaseId: r.purchase_id!,
        redemptionCode: r.redemption_code ?? '',
        dealTitle: r.deal_title ?? '',
        merchantName: r.business_name ?? '',
        isRefunded: r.is_refunded === true,
        isChargedBack: r.is_charged_back === true,
        ledgerGiveBacks: Number(r.voucher_given_back ?? 0),
      })),
  };
}

// ---- lists ----

/** The newest request of each of these purchases (My Purchases shows its status). */
export async function latestRequests(db: Tx, purchaseIds: string[]): Promise<Map<string, CustomerRefundRequest>> {
  const out = new Map<string, CustomerRefundRequest>();
  if (!purchaseIds.length) return out;
  const rows = await db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.purchaseId, purchaseIds))
    .orderBy(desc(refundRequests.createdAt));
  for (const r of rows) if (!out.has(r.purchaseId)) out.set(r.purchaseId, customerView(r));
  return out;
}

const MERCHANT_CLOSED_SHOWN = 20;

/** The merchant's Refund requests: every open one (soonest deadline first), then the latest decided. */
export async function listMerchantRefundRequests(deps: Pick<Deps, 'db'>, merchantUserId: string): Promise<MerchantRefundRequests> {
  const merchantId = await merchantIdOf(deps.db, merchantUserId);
  const base = deps.db
    .select({
      r: refundRequests,
      dealTitle: voucherTitle,
      customerName: users.name,
      dispute: refundBlockingDisputeOf(purchases.orderId),
    })
    .from(refundRequests)
    .innerJoin(purchases, eq(purchases.id, refundRequests.purchaseId))
    .innerJoin(users, eq(users.id, refundRequests.customerId));
  const open = await base.where(and(eq(refundRequests.merchantId, merchantId), openStatus)).orderBy(asc(refundRequests.deadlineAt));
  const closed = await deps.db
    .select({
      r: refundRequests,
      dealTitle: voucherTitle,
      customerName: users.name,
      dispute: refundBlockingDisputeOf(purchases.orderId),
    })
    .from(refundRequests)
    .innerJoin(purchases, eq(purchases.id, refundRequests.purchaseId))
    .innerJoin(users, eq(users.id, refundRequests.customerId))
    .where(and(eq(refundRequests.merchantId, merchantId), inArray(refundRequests.status, ['refunded', 'declined'])))
    .orderBy(desc(refundRequests.decidedAt))
    .limit(MERCHANT_CLOSED_SHOWN);
  const rows = [...open, ...closed];
  const amounts = await voucherRefundCents(
    deps.db,
    rows.map((x) => x.r.purchaseId),
  );
  return {
    requests: rows.map(({ r, dealTitle, customerName, dispute }) => ({
      id: r.id,
      purchaseId: r.purchaseId,
      dealTitle,
      customerName: customerName || 'Customer',
      amountCents: amounts.get(r.purchaseId) ?? 0,
      reason: r.reason,
      note: r.note,
      status: r.status,
      merchantResponse: r.merchantResponse,
      decisionText: r.decisionText,
      deadlineAt: r.deadlineAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      dispute,
    })),
  };
}

/** The admin Refunds queue, by state (open = waiting for an answer or a decision), soonest deadline first. */
export async function listAdminRefundRequests(
  deps: Pick<Deps, 'db'>,
  filter: AdminRefundFilter,
  page: number,
): Promise<AdminRefundRequestsPage> {
  const where = filter === 'all' ? undefined : filter === 'open' ? openStatus : eq(refundRequests.status, filter);
  const [total] = await deps.db.select({ n: count() }).from(refundRequests).where(where);
  const decider = alias(users, 'decider');
  const rows = await deps.db
    .select({
      r: refundRequests,
      dealTitle: voucherTitle,
      redemptionCode: purchases.redemptionCode,
      customerName: users.name,
      customerEmail: users.email,
      merchantName: merchants.businessName,
      decidedByName: decider.name,
      dispute: refundBlockingDisputeOf(purchases.orderId),
    })
    .from(refundRequests)
    .innerJoin(purchases, eq(purchases.id, refundRequests.purchaseId))
    .innerJoin(users, eq(users.id, refundRequests.customerId))
    .innerJoin(merchants, eq(merchants.id, refundRequests.merchantId))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedBy))
    .where(where)
    .orderBy(
      filter === 'refunded' || filter === 'declined' ? desc(refundRequests.decidedAt) : asc(refundRequests.deadlineAt),
      asc(refundRequests.id),
    )
    .limit(ADMIN_REFUNDS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REFUNDS_PAGE_SIZE);
  const amounts = await voucherRefundCents(
    deps.db,
    rows.map((x) => x.r.purchaseId),
  );
  return {
    requests: rows.map(({ r, ...x }) => ({
      id: r.id,
      purchaseId: r.purchaseId,
      redemptionCode: x.redemptionCode,
      dealTitle: x.dealTitle,
      customerName: x.customerName || 'Customer',
      customerEmail: x.customerEmail,
      merchantName: x.merchantName,
      amountCents: amounts.get(r.purchaseId) ?? 0,
      reason: r.reason,
      note: r.note,
      status: r.status,
      merchantResponse: r.merchantResponse,
      merchantRespondedAt: r.merchantRespondedAt?.toISOString() ?? null,
      decisionText: r.decisionText,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedByName: x.decidedByName ?? null,
      deadlineAt: r.deadlineAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      dispute: x.dispute,
    })),
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_REFUNDS_PAGE_SIZE,
  };
}

const LOOKUP_LIMIT = 50;

export function voucherState(p: { redeemedAt: Date | null; refundedAt: Date | null; expirationDate: Date }, now: Date): VoucherState {
  if (p.refundedAt) return 'refunded';
  if (p.redeemedAt) return 'redeemed';
  return p.expirationDate <= now ? 'expired' : 'active';
}

/** Admin lookup: a customer's purchases by e-mail (newest first), or the one voucher with a code. */
/** A voucher code as the admin typed it ("abcd efgh 2345", "ABCDEFGH2345"), as it is stored ("ABCD-EFGH-2345"). */
export const normalizeRedemptionCode = (typed: string) =>
  typed
    .trim()
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/^(.{4})(.{4})(.{4})$/, '$1-$2-$3');

export async function lookupPurchasesForAdmin(deps: Pick<Deps, 'db' | 'clock'>, q: string): Promise<AdminPurchaseLookup> {
  const query = q.trim();
  const where = query.includes('@')
    ? eq(sql`lower(${users.email})`, query.toLowerCase())
    : eq(purchases.redemptionCode, normalizeRedemptionCode(query));
  const found = await adminPurchasesWhere(deps, where);
  return { purchases: found, total: found.length };
}

/** An order's vouchers as the admin's refund lookup shows them (the order's page refunds from them). */
export const adminPurchasesOfOrder = (deps: Pick<Deps, 'db' | 'clock'>, orderId: string) =>
  adminPurchasesWhere(deps, eq(purchases.orderId, orderId));

/** The purchases matching `where` (newest first, at most LOOKUP_LIMIT), each with its state and what a refund gives back. */
async function adminPurchasesWhere(deps: Pick<Deps, 'db' | 'clock'>, where: SQL): Promise<AdminPurchase[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      id: purchases.id,
      redemptionCode: purchases.redemptionCode,
      dealTitle: voucherTitle,
      customerName: users.name,
      customerEmail: users.email,
      merchantName: merchants.businessName,
      priceCents: purchases.priceCents,
      purchasedAt: purchases.purchasedAt,
      expirationDate: purchases.expirationDate,
      redeemedAt: purchases.redeemedAt,
      refundedAt: purchases.refundedAt,
      openRequestId: sql<
        string | null
      >`(select rr.id from refund_requests rr where rr.purchase_id = ${purchases.id} and rr.status in ('requested', 'merchant_responded', 'due_for_decision') limit 1)`,
      dispute: refundBlockingDisputeOf(purchases.orderId),
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .where(where)
    .orderBy(desc(purchases.purchasedAt), desc(purchases.id))
    .limit(LOOKUP_LIMIT);
  const amounts = await voucherRefundCents(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    redemptionCode: r.redemptionCode,
    dealTitle: r.dealTitle,
    customerName: r.customerName || 'Customer',
    customerEmail: r.customerEmail,
    merchantName: r.merchantName,
    priceCents: r.priceCents,
    refundCents: amounts.get(r.id) ?? r.priceCents,
    purchaseDate: r.purchasedAt.toISOString(),
    expirationDate: r.expirationDate.toISOString(),
    state: voucherState(r, now),
    openRequestId: r.openRequestId,
    dispute: r.dispute,
  }));
}
