import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  CHECKOUT_SESSION_TTL_MS,
  MAX_CART_LINE_QUANTITY,
  CHECKOUT_MESSAGES,
  allocateCents,
  orderTotals,
  purchaseBlock,
  type CheckoutStarted,
  paths,
} from '@localperks/shared';
import {
  deals,
  merchants,
  orderItems,
  orderRefunds,
  orders,
  paymentMethods,
  purchases,
  users,
  webhookEvents,
  type OrderBilling,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import type { ProviderEvent } from '../../../payments/provider';
import { visibleNow } from '../../catalog';
import { postSales } from '../../money';
import { generateRedemptionCode } from '../purchases/redemption-code';
import { purchaseConfirmationEmail, withdrawnDealRefundEmail } from './checkout.emails';
import { purchasePaid } from './checkout.events';

export type CheckoutDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>;

/**
 * What the sale rule reads of a deal at `now`. `isListed` is the public listing's own visibility
 * rule (deals.service `visibleNow`), so a deal customers cannot see can never be sold.
 */
const saleColumns = (now: Date) => ({
  status: deals.status,
  expirationDate: deals.expirationDate,
  isListed: sql<boolean>`coalesce(${visibleNow(now)}, false)`,
});

type SaleFacts = { status: string; expirationDate: Date; isListed: boolean };
type SaleBlock = 'unknown' | 'withdrawn' | 'expired' | 'locked';

/**
 * Whether a deal can be bought now (null) or why not: the one rule, used when a checkout starts and
 * again when its payment is confirmed. Sellable means listed to customers and not a crowd-vote deal
 * still collecting votes. A deal that was never public (a PerkBoost draft) is as unknown as a
 * made-up id; paused, deleted and taken-down deals are withdrawn.
 */
function saleBlock(deal: SaleFacts | undefined, now: Date): SaleBlock | null {
  if (!deal || deal.status === 'draft') return 'unknown';
  if (deal.isListed) return deal.status === 'active' ? null : 'locked';
  if (deal.status === 'expired' || deal.expirationDate <= now) return 'expired';
  return 'withdrawn';
}

/** Why a deal in the cart cannot be bought now, or null when it can (the server's rule, not the cart's). */
function unavailableReason(deal: (SaleFacts & { title: string }) | undefined, now: Date): string | null {
  switch (saleBlock(deal, now)) {
    case 'unknown':
      return 'A deal in your cart no longer exists. Remove it from your cart to continue.';
    case 'withdrawn':
      return `“${deal!.title}” is no longer available. Remove it from your cart to continue.`;
    case 'expired':
      return `“${deal!.title}” has expired and can no longer be bought. Remove it from your cart to continue.`;
    case 'locked':
      return `“${deal!.title}” is a PerkBoost deal that has not unlocked yet: it can be bought once enough customers vote for it.`;
  }
  // The payment page stays open at least 30 minutes (Stripe's minimum), so the deal must outlive it:
  // the shared rule the web follows before it offers Add to Cart.
  if (purchaseBlock(deal!, now) !== null) return CHECKOUT_MESSAGES.closingSoon(`“${deal!.title}”`);
  return null;
}

/**
 * Starts a checkout: the order is built from the database (current prices, 8 % tax, integer
 * cents), stored as `open`, and handed to the provider, whose hosted card page the browser opens.
 */
export async function startCheckout(
  deps: CheckoutDeps,
  user: { id: string; email: string },
  input: { items: { dealId: string; quantity: number }[]; billing: OrderBilling; saveCard: boolean },
): Promise<CheckoutStarted> {
  const now = deps.clock.now();
  // The same deal twice in one request counts as one line.
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.dealId, (quantities.get(item.dealId) ?? 0) + item.quantity);
  for (const [dealId, quantity] of quantities) {
    if (quantity > MAX_CART_LINE_QUANTITY)
      throw new AppError('VALIDATION', CHECKOUT_MESSAGES.quantityMax, { [dealId]: CHECKOUT_MESSAGES.quantityMax });
  }
  const ids = [...quantities.keys()];
  const rows = await deps.db
    .select({ id: deals.id, title: deals.title, priceCents: deals.dealPriceCents, ...saleColumns(now) })
    .from(deals)
    .where(inArray(deals.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: Record<string, string> = {};
  for (const id of ids) {
    const reason = unavailableReason(byId.get(id), now);
    if (reason) problems[id] = reason;
  }
  const firstProblem = Object.values(problems)[0];
  if (firstProblem) throw new AppError('CONFLICT', firstProblem, problems);

  const lines = ids.map((id) => {
    const deal = byId.get(id)!;
    return { dealId: id, title: deal.title, unitPriceCents: deal.priceCents, quantity: quantities.get(id)! };
  });
  const totals = orderTotals(lines);
  // The payment page closes when the first deal of the order expires, so no voucher is sold dead.
  const expiresAt = new Date(Math.min(now.getTime() + CHECKOUT_SESSION_TTL_MS, ...ids.map((id) => byId.get(id)!.expirationDate.getTime())));

  const order = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(orders)
      .values({ userId: user.id, provider: deps.payments.name, ...totals, billing: input.billing, saveCard: input.saveCard, expiresAt })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(lines.map((l) => ({ orderId: created!.id, ...l })));
    return created!;
  });

  try {
    const session = await deps.payments.createCheckout({
      orderId: order.id,
      customerEmail: user.email,
      lines: lines.map((l) => ({ name: l.title, unitAmountCents: l.unitPriceCents, quantity: l.quantity })),
      taxCents: totals.taxCents,
      // The order id lets the purchases page wait for exactly this payment's confirmation.
      successUrl: `${deps.config.appUrl}${paths.purchases}?success=true&order=${order.id}`,
      cancelUrl: `${deps.config.appUrl}${paths.cart}?canceled=true`,
      expiresAt,
    });
    await deps.db.update(orders).set({ providerSessionId: session.sessionId }).where(eq(orders.id, order.id));
    return { orderId: order.id, url: session.url };
  } catch (err) {
    // Nothing was charged: the order is closed so it can never be fulfilled.
    await deps.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, order.id));
    throw err;
  }
}

export interface FulfilmentResult {
  /** False when this event (or another for the same order) was already handled. */
  fulfilled: boolean;
  purchaseIds: string[];
  /** Lines refunded instead of sold because their deal was withdrawn before the payment was confirmed. */
  refundIds: string[];
}

type FulfilmentDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock' | 'mailer' | 'log'>;

/** One refund per order and deal: a retry, a redelivered webhook or a second instance reuses it. */
const refundKey = (orderId: string, dealId: string) => `refund-${orderId}-${dealId}`;

/**
 * Handles a verified provider event about a customer's order. Fulfilment happens only here (docs/product/design.md §5).
 * Exactly once: the event id is recorded under a primary key, and the order moves to `paid` by a
 * conditional update, both in the transaction that creates the purchases and posts the sales to the
 * ledger; a redelivery finds either taken. What follows a payment (the confirmation e-mail, refunds of
 * withdrawn lines, the saved card) subscribes to `purchasePaid`, published in that transaction.
 *
 * Every deal is checked again with the checkout's own sale rule: one withdrawn while its payment
 * page was open (paused, deleted, taken down, expired) gets no voucher; its line is recorded as a
 * refund in the same transaction (unique per order item) and refunded at the provider after it.
 */
export async function handleProviderEvent(
  deps: Pick<Deps, 'db' | 'payments' | 'clock' | 'domainEvents'>,
  event: ProviderEvent,
): Promise<FulfilmentResult> {
  const none: FulfilmentResult = { fulfilled: false, purchaseIds: [], refundIds: [] };
  const now = deps.clock.now();
  const result = await deps.domainEvents.transaction(async (tx, publish) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: deps.payments.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh || !event.sessionId) return null;
    const sameOrder = and(eq(orders.provider, deps.payments.name), eq(orders.providerSessionId, event.sessionId));

    if (event.type === 'checkout.expired') {
      await tx
        .update(orders)
        .set({ status: 'expired' })
        .where(and(sameOrder, eq(orders.status, 'open')));
      return null;
    }
    if (event.type !== 'checkout.paid') return null;

    // A payment the provider confirmed is honoured even if our side had already given up on the order.
    const [order] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now })
      .where(and(sameOrder, inArray(orders.status, ['open', 'expired'])))
      .returning();
    if (!order) return null;
    if (event.orderId && event.orderId !== order.id) throw new AppError('BAD_REQUEST', 'The event names another order than its session.');

    const items = await tx
      .select({
        orderItemId: orderItems.id,
        dealId: orderItems.dealId,
        title: orderItems.title,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
        merchantId: deals.merchantId,
        commissionRate: merchants.commissionRate,
        merchantName: merchants.businessName,
        city: deals.city,
        state: deals.state,
        ...saleColumns(now),
      })
      .from(orderItems)
      .innerJoin(deals, eq(deals.id, orderItems.dealId))
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));

    // A withdrawn line gets back what it cost: its price x quantity and its share of the order's tax.
    const taxShares = allocateCents(
      order.taxCents,
      items.map((i) => i.unitPriceCents * i.quantity),
    );
    const withdrawn = items.flatMap((item, i) =>
      saleBlock(item, now) === null
        ? []
        : [
            {
              orderId: order.id,
              orderItemId: item.orderItemId,
              dealId: item.dealId,
              amountCents: item.unitPriceCents * item.quantity + taxShares[i]!,
              reason: 'deal_withdrawn' as const,
              provider: deps.payments.name,
              idempotencyKey: refundKey(order.id, item.dealId),
            },
          ],
    );
    const refunds = withdrawn.length
      ? await tx.insert(orderRefunds).values(withdrawn).onConflictDoNothing().returning({ id: orderRefunds.id })
      : [];
    const sold = items.filter((item) => saleBlock(item, now) === null);

    const values = sold.flatMap((item) =>
      Array.from({ length: item.quantity }, () => ({
        orderId: order.id,
        userId: order.userId,
        dealId: item.dealId,
        merchantId: item.merchantId,
        dealTitle: item.title,
        priceCents: item.unitPriceCents,
        commissionRate: item.commissionRate,
        commissionCents: Math.round((item.unitPriceCents * item.commissionRate) / 100),
        redemptionCode: generateRedemptionCode(),
        purchasedAt: now,
        expirationDate: item.expirationDate,
      })),
    );
    const created = values.length
      ? await tx.insert(purchases).values(values).returning({
          id: purchases.id,
          merchantId: purchases.merchantId,
          priceCents: purchases.priceCents,
          commissionCents: purchases.commissionCents,
          purchasedAt: purchases.purchasedAt,
        })
      : [];
    // The sales and their commission enter the ledger with the purchases (docs/decisions/0018-one-ledger.md).
    if (created.length) await postSales(tx, created);
    await publish(purchasePaid, { orderId: order.id });
    return { created, refunds };
  });
  if (!result) return none;
  return { fulfilled: true, purchaseIds: result.created.map((p) => p.id), refundIds: result.refunds.map((r) => r.id) };
}

/**
 * The customer's confirmation of a paid order (a `purchasePaid` subscriber): each voucher with its
 * redemption code and QR code, written to the outbox and sent.
 */
export async function sendPurchaseConfirmation(deps: Pick<Deps, 'db' | 'config' | 'mailer'>, orderId: string): Promise<void> {
  const rows = await deps.db
    .select({
      dealTitle: purchases.dealTitle,
      merchantName: merchants.businessName,
      city: deals.city,
      state: deals.state,
      priceCents: purchases.priceCents,
      redemptionCode: purchases.redemptionCode,
      purchaseDate: purchases.purchasedAt,
      expirationDate: purchases.expirationDate,
    })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .innerJoin(orderItems, and(eq(orderItems.orderId, purchases.orderId), eq(orderItems.dealId, purchases.dealId)))
    .where(eq(purchases.orderId, orderId))
    .orderBy(asc(orderItems.id), asc(purchases.id));
  if (rows.length === 0) return;
  const [order] = await deps.db
    .select({ totalCents: orders.totalCents, email: users.email, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  const mail = await purchaseConfirmationEmail({
    to: order.email,
    name: order.name || order.email,
    appUrl: deps.config.appUrl,
    orderTotalCents: order.totalCents,
    purchases: rows,
  });
  // Sending by SMTP happens after the outbox row is written; a failure is retried by the job (mailer.deliverPending).
  await deps.mailer.deliver(await deps.mailer.queue(deps.db, mail));
}

/** The card that paid an order, kept for the customer's Payment methods when they asked for it (a `purchasePaid` subscriber). */
export async function saveOrderCard(deps: Pick<Deps, 'db' | 'payments' | 'log'>, orderId: string): Promise<void> {
  const [order] = await deps.db
    .select({ userId: orders.userId, saveCard: orders.saveCard, sessionId: orders.providerSessionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.saveCard && order.sessionId) await saveCard(deps, order.userId, order.sessionId);
}

/**
 * Refunds recorded as pending are sent to the provider under their idempotency key, then marked
 * refunded by a conditional update, which also queues the customer's e-mail: however often this
 * runs (after fulfilment, by the job, on two instances), the card is refunded once and told once.
 */
export async function settleRefunds(deps: FulfilmentDeps, opts: { orderId?: string } = {}): Promise<number> {
  const pending = await deps.db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      dealId: orderRefunds.dealId,
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
        // Voucher refunds (purchase_id set) are settled by their charge.refunded event (modules/money/refunds).
        isNull(orderRefunds.purchaseId),
        eq(orderRefunds.provider, deps.payments.name),
        isNotNull(orders.providerSessionId),
        opts.orderId ? eq(orderRefunds.orderId, opts.orderId) : undefined,
      ),
    )
    .orderBy(asc(orderRefunds.createdAt))
    .limit(50);
  const byOrder = new Map<string, typeof pending>();
  for (const r of pending) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  let settled = 0;
  for (const [orderId, rows] of byOrder) {
    const accepted: { id: string; refundId: string }[] = [];
    for (const r of rows) {
      try {
        const { refundId } = await deps.payments.refund({
          sessionId: r.sessionId!,
          amountCents: r.amountCents,
          idempotencyKey: r.idempotencyKey,
          metadata: { orderId, dealId: r.dealId, reason: r.reason },
        });
        accepted.push({ id: r.id, refundId });
      } catch (err) {
        deps.log.error({ err, refundId: r.id, orderId }, 'refunding a withdrawn deal failed; the job retries it');
      }
    }
    if (!accepted.length) continue;
    const now = deps.clock.now();
    const mailId = await deps.db.transaction(async (tx) => {
      const marked: string[] = [];
      for (const a of accepted) {
        const [row] = await tx
          .update(orderRefunds)
          .set({ status: 'refunded', providerRefundId: a.refundId, refundedAt: now })
          .where(and(eq(orderRefunds.id, a.id), eq(orderRefunds.status, 'pending')))
          .returning({ id: orderRefunds.id });
        if (row) marked.push(row.id);
      }
      if (!marked.length) return null;
      settled += marked.length;
      const lines = await tx
        .select({ dealTitle: orderItems.title, quantity: orderItems.quantity, amountCents: orderRefunds.amountCents })
        .from(orderRefunds)
        .innerJoin(orderItems, eq(orderItems.id, orderRefunds.orderItemId))
        .where(inArray(orderRefunds.id, marked))
        .orderBy(asc(orderItems.id));
      const [customer] = await tx
        .select({ email: users.email, name: users.name })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      if (!customer) return null;
      return deps.mailer.queue(
        tx,
        withdrawnDealRefundEmail({ to: customer.email, name: customer.name || customer.email, appUrl: deps.config.appUrl, refunds: lines }),
      );
    });
    if (mailId) await deps.mailer.deliver(mailId);
  }
  return settled;
}

/**
 * A deal was withdrawn (paused, deleted, taken down, expired): the open payment pages that sell it
 * are closed at the provider so they can no longer be paid. One paid meanwhile stays: its
 * fulfilment sees the withdrawal and refunds the line. A provider that cannot be reached is
 * logged, not fatal, for the same reason.
 */
export async function closeCheckoutPagesForDeals(deps: Pick<Deps, 'db' | 'payments' | 'log'>, dealIds: string[]): Promise<number> {
  if (dealIds.length === 0) return 0;
  const open = await deps.db
    .selectDistinct({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        inArray(orderItems.dealId, dealIds),
        eq(orders.status, 'open'),
        eq(orders.provider, deps.payments.name),
        isNotNull(orders.providerSessionId),
      ),
    );
  let closed = 0;
  for (const order of open) {
    try {
      if (!(await deps.payments.expireCheckout(order.sessionId!))) continue;
      await deps.db
        .update(orders)
        .set({ status: 'expired' })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'open')));
      closed++;
    } catch (err) {
      deps.log.error({ err, orderId: order.id }, 'closing the payment page of a withdrawn deal failed');
    }
  }
  return closed;
}

async function saveCard(deps: Pick<Deps, 'db' | 'payments' | 'log'>, userId: string, sessionId: string) {
  try {
    const card = await deps.payments.cardForSession(sessionId);
    if (!card || !/^\d{4}$/.test(card.last4)) return;
    await deps.db
      .insert(paymentMethods)
      .values({ userId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear })
      .onConflictDoNothing();
  } catch (err) {
    deps.log.error({ err }, 'saving the card summary failed');
  }
}

/** Open orders past their provider session's expiry are closed (they can no longer be paid). */
export async function expireStaleOrders(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  await deps.db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.status, 'open'), sql`${orders.expiresAt} < ${now}`));
}

/** An order's state for its owner (the purchases page waits for `paid` after the redirect). */
export async function orderStatus(deps: Pick<Deps, 'db'>, userId: string, orderId: string) {
  const { db } = deps;
  const [order] = await db
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(eq(purchases.orderId, orderId));
  return { ...order, purchaseCount: count?.n ?? 0 };
}
