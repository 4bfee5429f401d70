import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CHECKOUT_MIN_DEAL_REMAINING_MS,
  CHECKOUT_SESSION_TTL_MS,
  MAX_CART_LINE_QUANTITY,
  CHECKOUT_MESSAGES,
  orderTotals,
  type CheckoutStarted,
} from '@localperks/shared';
import type { Db } from '../../db/client';
import { deals, merchants, orderItems, orders, paymentMethods, purchases, users, webhookEvents, type OrderBilling } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../mail/mailer';
import type { PaymentProvider } from '../../payments/provider';
import type { ProviderEvent } from '../../payments/provider';
import { generateRedemptionCode } from '../purchases/redemption-code';
import { purchaseConfirmationEmail } from './checkout.emails';

export interface CheckoutDeps {
  db: Db;
  provider: PaymentProvider;
  appUrl: string;
}

/** Why a deal cannot be bought now, or null when it can (the server's rule, not the cart's). */
function unavailableReason(deal: { title: string; type: string; status: string; expirationDate: Date }, now: Date): string | null {
  if (deal.status === 'paused' || deal.status === 'removed')
    return `“${deal.title}” is no longer available. Remove it from your cart to continue.`;
  if (deal.status === 'expired' || deal.expirationDate <= now)
    return `“${deal.title}” has expired and can no longer be bought. Remove it from your cart to continue.`;
  if (deal.status === 'pending')
    return `“${deal.title}” is a PerkBoost deal that has not unlocked yet: it can be bought once enough customers vote for it.`;
  if (deal.expirationDate.getTime() - now.getTime() < CHECKOUT_MIN_DEAL_REMAINING_MS)
    return `“${deal.title}” expires in less than 35 minutes and can no longer be bought online.`;
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
  now = new Date(),
): Promise<CheckoutStarted> {
  // The same deal twice in one request counts as one line.
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.dealId, (quantities.get(item.dealId) ?? 0) + item.quantity);
  for (const [dealId, quantity] of quantities) {
    if (quantity > MAX_CART_LINE_QUANTITY)
      throw new AppError('VALIDATION', CHECKOUT_MESSAGES.quantityMax, { [dealId]: CHECKOUT_MESSAGES.quantityMax });
  }
  const ids = [...quantities.keys()];
  const rows = await deps.db
    .select({
      id: deals.id,
      title: deals.title,
      type: deals.type,
      status: deals.status,
      expirationDate: deals.expirationDate,
      priceCents: deals.dealPriceCents,
    })
    .from(deals)
    .where(inArray(deals.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const problems: Record<string, string> = {};
  for (const id of ids) {
    const deal = byId.get(id);
    const reason = deal ? unavailableReason(deal, now) : 'A deal in your cart no longer exists. Remove it from your cart to continue.';
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
      .values({ userId: user.id, provider: deps.provider.name, ...totals, billing: input.billing, saveCard: input.saveCard, expiresAt })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(lines.map((l) => ({ orderId: created!.id, ...l })));
    return created!;
  });

  try {
    const session = await deps.provider.createCheckout({
      orderId: order.id,
      customerEmail: user.email,
      lines: lines.map((l) => ({ name: l.title, unitAmountCents: l.unitPriceCents, quantity: l.quantity })),
      taxCents: totals.taxCents,
      // The order id lets the purchases page wait for exactly this payment's confirmation.
      successUrl: `${deps.appUrl}/purchases?success=true&order=${order.id}`,
      cancelUrl: `${deps.appUrl}/cart?canceled=true`,
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
}

/**
 * Handles a verified provider event. Fulfilment happens only here (DESIGN.md 5). Exactly once:
 * the event id is recorded under a primary key, and the order moves to `paid` by a conditional
 * update, both in the transaction that creates the purchases; a redelivery finds either taken.
 */
export async function handleProviderEvent(
  deps: CheckoutDeps & { mailer: Mailer; log: { error(o: object, m: string): void } },
  event: ProviderEvent,
): Promise<FulfilmentResult> {
  const none: FulfilmentResult = { fulfilled: false, purchaseIds: [] };
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ provider: deps.provider.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (!fresh || !event.sessionId) return null;
    const sameOrder = and(eq(orders.provider, deps.provider.name), eq(orders.providerSessionId, event.sessionId));

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
        dealId: orderItems.dealId,
        title: orderItems.title,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
        merchantId: deals.merchantId,
        expirationDate: deals.expirationDate,
        commissionRate: merchants.commissionRate,
        merchantName: merchants.businessName,
        city: deals.city,
        state: deals.state,
      })
      .from(orderItems)
      .innerJoin(deals, eq(deals.id, orderItems.dealId))
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(eq(orderItems.orderId, order.id));

    const values = items.flatMap((item) =>
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
    const created = await tx.insert(purchases).values(values).returning({ id: purchases.id });
    const [customer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId));
    // The confirmation is written in the same transaction: it exists exactly when the purchases do.
    const byDeal = new Map(items.map((i) => [i.dealId, i]));
    const mail = await purchaseConfirmationEmail({
      to: customer!.email,
      name: customer!.name || customer!.email,
      appUrl: deps.appUrl,
      orderTotalCents: order.totalCents,
      purchases: values.map((v) => {
        const item = byDeal.get(v.dealId)!;
        return {
          dealTitle: v.dealTitle,
          merchantName: item.merchantName,
          city: item.city,
          state: item.state,
          priceCents: v.priceCents,
          redemptionCode: v.redemptionCode,
          purchaseDate: v.purchasedAt,
          expirationDate: v.expirationDate,
        };
      }),
    });
    const mailId = await deps.mailer.queue(tx, mail);
    return { order, created, mailId };
  });
  if (!result) return none;

  const { order, created, mailId } = result;
  // Sending by SMTP happens after the commit; a failure is retried by the job (mailer.deliverPending).
  await deps.mailer.deliver(mailId);
  if (order.saveCard) await saveCard(deps, order.userId, event.sessionId!);
  return { fulfilled: true, purchaseIds: created.map((p) => p.id) };
}

async function saveCard(deps: CheckoutDeps & { log: { error(o: object, m: string): void } }, userId: string, sessionId: string) {
  try {
    const card = await deps.provider.cardForSession(sessionId);
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
export async function expireStaleOrders(db: Db, now = new Date()) {
  await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.status, 'open'), sql`${orders.expiresAt} < ${now}`));
}

/** An order's state for its owner (the purchases page waits for `paid` after the redirect). */
export async function orderStatus(db: Db, userId: string, orderId: string) {
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
