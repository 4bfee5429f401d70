import { withSpan } from '../../../ops/trace-context';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  CHECKOUT_RESERVATION_TTL_MS,
  CHECKOUT_SESSION_TTL_MS,
  MAX_CART_LINE_QUANTITY,
  CHECKOUT_MESSAGES,
  GIFT_MESSAGES,
  STOCK_MESSAGES,
  allocateCents,
  giftDeliveryTime,
  discountedOrderTotals,
  lineTitle,
  purchaseBlock,
  unitDiscounts,
  type CartQuote,
  type CheckoutStarted,
  paths,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import {
  deals,
  gifts,
  merchants,
  orderItems,
  orderRefunds,
  orders,
  paymentCustomers,
  paymentMethods,
  promoCodes,
  purchases,
  users,
  webhookEvents,
  type OrderBilling,
  type OrderItemGift,
} from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import type { ProviderEvent } from '../../../payments/provider';
import { optionsForSale, returnStock, takeStock, visibleNow } from '../../catalog';
import { confirmPromoUse, holdPromoUse, pricePromo, releasePromoUses } from '../promo-codes/promo-codes.service';
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
type SaleBlock = 'unknown' | 'scheduled' | 'withdrawn' | 'expired' | 'locked';

/**
 * Whether a deal can be bought now (null) or why not: the one rule, used when a checkout starts and
 * again when its payment is confirmed. Sellable means listed to customers and not a crowd-vote deal
 * still collecting votes. A deal that was never public (a PerkBoost draft) is as unknown as a
 * made-up id; a scheduled one is not on sale yet; paused, deleted and taken-down deals are withdrawn.
 */
function saleBlock(deal: SaleFacts | undefined, now: Date): SaleBlock | null {
  if (!deal || deal.status === 'draft') return 'unknown';
  if (deal.isListed) return deal.status === 'active' ? null : 'locked';
  if (deal.status === 'scheduled') return 'scheduled';
  if (deal.status === 'expired' || deal.expirationDate <= now) return 'expired';
  return 'withdrawn';
}

/** Why a deal in the cart cannot be bought now, or null when it can (the server's rule, not the cart's). */
function unavailableReason(deal: (SaleFacts & { title: string }) | undefined, now: Date): string | null {
  switch (saleBlock(deal, now)) {
    case 'unknown':
      return 'A deal in your cart no longer exists. Remove it from your cart to continue.';
    case 'scheduled':
      return STOCK_MESSAGES.comingSoon(deal!.title);
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

type CartInput = { dealId: string; optionId?: string | undefined; quantity: number; gift?: GiftLine | undefined }[];
type GiftLine = { recipientName: string; recipientEmail: string; message: string; deliverOn: string; timeZone?: string | undefined };

/**
 * The lines' gifts (docs/decisions/0066-gifts.md), by line key: who gets the vouchers and when, the delivery day
 * checked against the clock in the buyer's time zone (today, or up to 60 days ahead).
 */
function giftsByLine(items: CartInput, now: Date): Map<string, OrderItemGift> {
  const gifts = new Map<string, OrderItemGift>();
  for (const item of items) {
    if (!item.gift) continue;
    const deliverAt = giftDeliveryTime(item.gift.deliverOn, item.gift.timeZone, now);
    if (!deliverAt) throw new AppError('VALIDATION', GIFT_MESSAGES.deliverOnInvalid, { deliverOn: GIFT_MESSAGES.deliverOnInvalid });
    gifts.set(`${item.dealId}|${item.optionId ?? ''}`, {
      recipientName: item.gift.recipientName,
      recipientEmail: item.gift.recipientEmail,
      message: item.gift.message,
      deliverAt: deliverAt.toISOString(),
    });
  }
  return gifts;
}

/** A cart line priced from the database: its deal, its option and what the promo rule reads. */
interface PricedLine {
  key: string;
  dealId: string;
  optionId: string;
  title: string;
  optionTitle: string;
  unitPriceCents: number;
  quantity: number;
  merchantId: string;
  categoryId: number;
  perCustomerLimit: number | null;
  expirationDate: Date;
  stocked: boolean;
}

/** A priced line as the quote shows it and the order keeps it: its option, price, quantity and share of a code's discount. */
const quotedLine = (l: PricedLine, discountCents: number) => ({
  dealId: l.dealId,
  optionId: l.optionId,
  title: l.title,
  optionTitle: l.optionTitle,
  unitPriceCents: l.unitPriceCents,
  quantity: l.quantity,
  discountCents,
});

/**
 * Cart lines read again from the database (current prices of the chosen options), or a 409 naming
 * every line that cannot be bought now and why. The same option twice counts as one line.
 */
async function priceLines(db: Tx, items: CartInput, now: Date): Promise<PricedLine[]> {
  const quantities = new Map<string, { dealId: string; optionId?: string | undefined; quantity: number }>();
  for (const item of items) {
    const key = `${item.dealId}|${item.optionId ?? ''}`;
    const line = quantities.get(key);
    quantities.set(key, { dealId: item.dealId, optionId: item.optionId, quantity: (line?.quantity ?? 0) + item.quantity });
  }
  for (const [, line] of quantities) {
    if (line.quantity > MAX_CART_LINE_QUANTITY)
      throw new AppError('VALIDATION', CHECKOUT_MESSAGES.quantityMax, { [line.dealId]: CHECKOUT_MESSAGES.quantityMax });
  }
  const ids = [...new Set([...quantities.values()].map((l) => l.dealId))];
  const rows = await db
    .select({
      id: deals.id,
      title: deals.title,
      merchantId: deals.merchantId,
      categoryId: deals.categoryId,
      perCustomerLimit: deals.perCustomerLimit,
      ...saleColumns(now),
    })
    .from(deals)
    .where(inArray(deals.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const options = await optionsForSale(db, [...quantities.values()]);
  const problems: Record<string, string> = {};
  for (const [key, line] of quantities) {
    const reason = unavailableReason(byId.get(line.dealId), now);
    const option = options.get(key);
    if (reason) problems[line.dealId] = reason;
    else if (!option || option.removed) problems[line.optionId ?? line.dealId] = STOCK_MESSAGES.unknownOption;
  }
  const firstProblem = Object.values(problems)[0];
  if (firstProblem) throw new AppError('CONFLICT', firstProblem, problems);
  return [...quantities.entries()].map(([key, line]) => {
    const deal = byId.get(line.dealId)!;
    const option = options.get(key)!;
    return {
      key,
      dealId: line.dealId,
      optionId: option.id,
      title: deal.title,
      optionTitle: option.title,
      unitPriceCents: option.dealPriceCents,
      quantity: line.quantity,
      merchantId: deal.merchantId,
      categoryId: deal.categoryId,
      perCustomerLimit: deal.perCustomerLimit,
      expirationDate: deal.expirationDate,
      stocked: option.stockLeft !== null,
    };
  });
}

/** The cart's totals with an optional promo code, as the server would charge them now (the cart page's quote). */
export async function quoteCart(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string },
  input: { items: CartInput; promoCode: string | null },
): Promise<CartQuote> {
  const now = deps.clock.now();
  const lines = await priceLines(deps.db, input.items, now);
  const promo = input.promoCode ? await pricePromo(deps.db, { userId: user.id, code: input.promoCode, lines, now }) : null;
  const totals = discountedOrderTotals(lines, promo?.discountCents ?? 0);
  return {
    lines: lines.map((l, i) => quotedLine(l, promo?.lineDiscounts[i] ?? 0)),
    ...totals,
    promo: promo ? { code: promo.promo.code, label: promo.label, fundedBy: promo.fundedBy } : null,
  };
}

/**
 * The customer's vouchers of each deal that count against its limit: paid and not refunded, plus
 * units in their checkouts still open (live reservations).
 */
async function unitsHeldByCustomer(tx: Tx, userId: string, dealIds: string[], now: Date): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (!dealIds.length) return held;
  const paid = await tx
    .select({ dealId: purchases.dealId, n: sql<number>`count(*)::int` })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.dealId, dealIds), isNull(purchases.refundedAt)))
    .groupBy(purchases.dealId);
  const open = await tx
    .select({ dealId: orderItems.dealId, n: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open'), gt(orders.expiresAt, now), inArray(orderItems.dealId, dealIds)))
    .groupBy(orderItems.dealId);
  for (const r of [...paid, ...open]) held.set(r.dealId, (held.get(r.dealId) ?? 0) + Number(r.n));
  return held;
}

/** The payment page's lines: each order line at its discounted unit prices (a cent apart at most), so they add up to what is charged. */
function providerLines(
  lines: { title: string; optionTitle: string; unitPriceCents: number; quantity: number; discountCents: number }[],
  code: string | null,
) {
  return lines.flatMap((l) => {
    const name = lineTitle(l.title, l.optionTitle);
    if (!l.discountCents) return [{ name, unitAmountCents: l.unitPriceCents, quantity: l.quantity }];
    const byAmount = new Map<number, number>();
    for (const d of unitDiscounts(l.discountCents, l.quantity))
      byAmount.set(l.unitPriceCents - d, (byAmount.get(l.unitPriceCents - d) ?? 0) + 1);
    return [...byAmount].map(([unitAmountCents, quantity]) => ({ name: `${name} (promo ${code})`, unitAmountCents, quantity }));
  });
}

/**
 * Starts a checkout: the order is built from the database (current option prices, a promo code priced
 * again, 8 % tax on the discounted subtotal, integer cents), stored as `open`, and handed to the
 * provider, whose hosted card page the browser opens. In one transaction, under the customer's row
 * lock: the per-customer limits are checked, the stock of each stocked option is reserved (one
 * conditional update each) and the code's use is taken; any refusal rolls all of it back, and no
 * payment page exists for a refused unit (docs/decisions/0047, 0048).
 */
export async function startCheckout(
  deps: CheckoutDeps,
  user: { id: string; email: string },
  input: { items: CartInput; billing: OrderBilling; saveCard: boolean; promoCode?: string | null },
  /** The origin the payment page returns to (the one the customer is signed in on); APP_URL by default. */
  returnOrigin: string = deps.config.appUrl,
): Promise<CheckoutStarted> {
  const now = deps.clock.now();
  const gifts = giftsByLine(input.items, now);
  const lines = await priceLines(deps.db, input.items, now);
  const holdsStock = lines.some((l) => l.stocked);
  // The payment page closes when the first deal of the order ends its sale, so no voucher is sold dead;
  // one holding stock closes sooner, and its reservation ends with it.
  const ttl = holdsStock ? CHECKOUT_RESERVATION_TTL_MS : CHECKOUT_SESSION_TTL_MS;
  const expiresAt = new Date(Math.min(now.getTime() + ttl, ...lines.map((l) => l.expirationDate.getTime())));

  const { order, priced, promoCode } = await deps.db.transaction(async (tx) => {
    // One checkout of a customer at a time: their limits and promo uses are counted under this lock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const promo = input.promoCode ? await pricePromo(tx, { userId: user.id, code: input.promoCode, lines, now }) : null;

    const limited = [...new Set(lines.filter((l) => l.perCustomerLimit !== null).map((l) => l.dealId))];
    const have = await unitsHeldByCustomer(tx, user.id, limited, now);
    for (const dealId of limited) {
      const dealLines = lines.filter((l) => l.dealId === dealId);
      const limit = dealLines[0]!.perCustomerLimit!;
      const wanted = dealLines.reduce((n, l) => n + l.quantity, 0);
      const already = have.get(dealId) ?? 0;
      if (already + wanted > limit) {
        const message = STOCK_MESSAGES.overLimit(limit, dealLines[0]!.title, already);
        throw new AppError('CONFLICT', message, { [dealId]: message });
      }
    }
    // Options in a fixed order, so two checkouts of the same options never wait on each other in a circle.
    const reservations = new Map<string, 'held' | null>();
    for (const l of [...lines].sort((a, b) => a.optionId.localeCompare(b.optionId))) {
      const taken = await takeStock(tx, l.optionId, l.quantity);
      if (taken.kind === 'short') {
        const message = STOCK_MESSAGES.onlyLeft(taken.left, lineTitle(l.title, l.optionTitle));
        throw new AppError('CONFLICT', message, { [l.optionId]: message });
      }
      reservations.set(l.key, taken.kind === 'held' ? 'held' : null);
    }
    if (promo) await holdPromoUse(tx, promo.promo.id);

    const totals = discountedOrderTotals(lines, promo?.discountCents ?? 0);
    const [created] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        provider: deps.payments.name,
        ...totals,
        billing: input.billing,
        saveCard: input.saveCard,
        expiresAt,
        promoCodeId: promo?.promo.id ?? null,
        promoCode: promo?.promo.code ?? null,
        promoUse: promo ? 'held' : null,
      })
      .returning({ id: orders.id, taxCents: orders.taxCents });
    const rows = lines.map((l, i) => ({
      orderId: created!.id,
      ...quotedLine(l, promo?.lineDiscounts[i] ?? 0),
      reservation: reservations.get(l.key) ?? null,
      gift: gifts.get(l.key) ?? null,
    }));
    await tx.insert(orderItems).values(rows);
    return { order: created!, priced: rows, promoCode: promo?.promo.code ?? null };
  });

  try {
    const customerId = await paymentCustomer(deps, user, input.saveCard);
    const session = await deps.payments.createCheckout({
      orderId: order.id,
      customerEmail: user.email,
      customerId,
      saveCard: input.saveCard,
      lines: providerLines(priced, promoCode),
      taxCents: order.taxCents,
      // The order id lets the purchases page wait for exactly this payment's confirmation.
      successUrl: `${returnOrigin}${paths.purchases}?success=true&order=${order.id}`,
      cancelUrl: `${returnOrigin}${paths.cart}?canceled=true`,
      expiresAt,
    });
    await deps.db.update(orders).set({ providerSessionId: session.sessionId }).where(eq(orders.id, order.id));
    return { orderId: order.id, url: session.url };
  } catch (err) {
    // Nothing was charged: the order is closed so it can never be fulfilled, and what it held is given back.
    await closeOrders(deps.db, [order.id], 'canceled');
    throw err;
  }
}

/**
 * Open orders that will never be paid here (expired, abandoned, canceled) are closed, and in the same
 * transaction their reserved units and promo uses are given back. Only `open` ones move, so a
 * payment confirmed meanwhile keeps what it holds.
 */
async function closeOrders(db: Tx, orderIds: string[], status: 'expired' | 'canceled'): Promise<string[]> {
  if (!orderIds.length) return [];
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(orders)
      .set({ status })
      .where(and(inArray(orders.id, orderIds), eq(orders.status, 'open')))
      .returning({ id: orders.id });
    await releaseReservations(
      tx,
      closed.map((o) => o.id),
    );
    return closed.map((o) => o.id);
  });
}

/** Gives back the units and code uses that orders hold (in the caller's transaction). */
async function releaseReservations(tx: Tx, orderIds: string[]): Promise<void> {
  if (!orderIds.length) return;
  const released = await tx
    .update(orderItems)
    .set({ reservation: 'released' })
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.reservation, 'held')))
    .returning({ optionId: orderItems.optionId, quantity: orderItems.quantity });
  for (const r of released.sort((a, b) => a.optionId!.localeCompare(b.optionId!))) await returnStock(tx, r.optionId!, r.quantity);
  await releasePromoUses(tx, orderIds);
}

/**
 * The customer's record at the provider, under which it keeps their saved cards and offers them at
 * checkout (docs/decisions/0041): the one they have, or a new one when they are saving a card now.
 * A customer who never saved one pays as a guest (null). Two checkouts at once keep one record
 * (the primary key decides; the provider answers one user's creation the same way each time).
 */
async function paymentCustomer(deps: CheckoutDeps, user: { id: string; email: string }, isSaving: boolean): Promise<string | null> {
  const mine = and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, deps.payments.name));
  const [known] = await deps.db.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(mine);
  if (known || !isSaving) return known?.customerId ?? null;
  const customerId = await deps.payments.createCustomer({ userId: user.id, email: user.email });
  await deps.db.insert(paymentCustomers).values({ userId: user.id, provider: deps.payments.name, customerId }).onConflictDoNothing();
  const [kept] = await deps.db.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(mine);
  return kept!.customerId;
}

export interface FulfilmentResult {
  /** False when this event (or another for the same order) was already handled. */
  fulfilled: boolean;
  purchaseIds: string[];
  /** Lines refunded instead of sold because their deal was withdrawn before the payment was confirmed. */
  refundIds: string[];
}

type FulfilmentDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock' | 'mailer' | 'log'>;

/**
 * One refund per order line: a retry, a redelivered webhook or a second instance reuses it. A deal's
 * only line in the order keeps the key it had before options (`refund-<order>-<deal>`).
 */
const refundKey = (orderId: string, dealId: string, optionId: string, items: { dealId: string }[]) =>
  items.filter((i) => i.dealId === dealId).length > 1 ? `refund-${orderId}-${dealId}-${optionId}` : `refund-${orderId}-${dealId}`;

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
export function handleProviderEvent(deps: ProviderEventDeps, event: ProviderEvent): Promise<FulfilmentResult> {
  // Its own span (docs/decisions/0045-tracing.md): the vouchers' SQL and the confirmation mail's job hang under it.
  return withSpan('checkout.fulfil', { 'payment.provider': deps.payments.name, 'payment.event': event.type }, () => fulfil(deps, event));
}

type ProviderEventDeps = Pick<Deps, 'db' | 'payments' | 'clock' | 'domainEvents'>;

async function fulfil(deps: ProviderEventDeps, event: ProviderEvent): Promise<FulfilmentResult> {
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
      const closed = await tx
        .update(orders)
        .set({ status: 'expired' })
        .where(and(sameOrder, eq(orders.status, 'open')))
        .returning({ id: orders.id });
      await releaseReservations(
        tx,
        closed.map((o) => o.id),
      );
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

    // The code's use becomes final; who pays for its discount goes with each voucher into the ledger.
    await confirmPromoUse(tx, order);
    const [promo] = order.promoCodeId
      ? await tx.select({ merchantId: promoCodes.merchantId }).from(promoCodes).where(eq(promoCodes.id, order.promoCodeId))
      : [];
    const fundedBy = promo ? (promo.merchantId === null ? ('platform' as const) : ('merchant' as const)) : null;
    const items = await tx
      .select({
        orderItemId: orderItems.id,
        dealId: orderItems.dealId,
        optionId: orderItems.optionId,
        title: orderItems.title,
        optionTitle: orderItems.optionTitle,
        unitPriceCents: orderItems.unitPriceCents,
        quantity: orderItems.quantity,
        discountCents: orderItems.discountCents,
        reservation: orderItems.reservation,
        gift: orderItems.gift,
        validUntil: deals.validUntil,
        merchantId: deals.merchantId,
        commissionRate: merchants.commissionRate,
        ...saleColumns(now),
      })
      .from(orderItems)
      .innerJoin(deals, eq(deals.id, orderItems.dealId))
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));

    // A line not sold gets back what it cost: its price x quantity less its discount, and its share of the order's tax.
    const taxShares = allocateCents(
      order.taxCents,
      items.map((i) => i.unitPriceCents * i.quantity - i.discountCents),
    );
    // Each line's units: a withdrawn deal sells none; a reservation still held is taken; one the
    // checkout-expiry job gave back is taken again if the stock is still there, else the line is
    // refunded as sold out (the units went to other customers meanwhile).
    const outcome = new Map<string, 'deal_withdrawn' | 'sold_out' | null>();
    for (const item of [...items].sort((a, b) => a.optionId!.localeCompare(b.optionId!))) {
      if (saleBlock(item, now) !== null) outcome.set(item.orderItemId, 'deal_withdrawn');
      else if (item.reservation === 'released' && (await takeStock(tx, item.optionId!, item.quantity)).kind === 'short')
        outcome.set(item.orderItemId, 'sold_out');
      else outcome.set(item.orderItemId, null);
    }
    // Units of stocked lines that are no longer sold go back (a withdrawn deal's held units).
    for (const item of items) {
      const result = outcome.get(item.orderItemId);
      if (item.reservation === 'held' && result !== null) await returnStock(tx, item.optionId!, item.quantity);
      if (item.reservation !== null && item.reservation !== 'taken')
        await tx
          .update(orderItems)
          .set({ reservation: result === null ? 'taken' : 'released' })
          .where(eq(orderItems.id, item.orderItemId));
    }
    const notSold = items.flatMap((item, i) => {
      const reason = outcome.get(item.orderItemId);
      // A line a code made free cost nothing: there is nothing to give back.
      return reason && item.unitPriceCents * item.quantity - item.discountCents + taxShares[i]! > 0
        ? [
            {
              orderId: order.id,
              orderItemId: item.orderItemId,
              dealId: item.dealId,
              amountCents: item.unitPriceCents * item.quantity - item.discountCents + taxShares[i]!,
              reason,
              provider: deps.payments.name,
              idempotencyKey: refundKey(order.id, item.dealId, item.optionId!, items),
            },
          ]
        : [];
    });
    const refunds = notSold.length
      ? await tx.insert(orderRefunds).values(notSold).onConflictDoNothing().returning({ id: orderRefunds.id })
      : [];
    const sold = items.filter((item) => outcome.get(item.orderItemId) === null);

    // A gift line's vouchers belong to one gift, e-mailed to the recipient on its day (docs/decisions/0066-gifts.md).
    const giftIds = new Map<string, string>();
    for (const item of sold) {
      if (!item.gift) continue;
      const [gift] = await tx
        .insert(gifts)
        .values({
          orderId: order.id,
          orderItemId: item.orderItemId,
          buyerId: order.userId,
          recipientName: item.gift.recipientName,
          recipientEmail: item.gift.recipientEmail,
          message: item.gift.message,
          deliverAt: new Date(item.gift.deliverAt),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: gifts.id });
      if (gift) giftIds.set(item.orderItemId, gift.id);
    }
    const values = sold.flatMap((item) =>
      unitDiscounts(item.discountCents, item.quantity).map((discountCents) => {
        // A merchant's code lowers their sale, and the commission is on what they sell for; the
        // platform's is its own expense, and the merchant is paid as if at full price (docs/decisions/0048).
        const grossCents = fundedBy === 'merchant' ? item.unitPriceCents - discountCents : item.unitPriceCents;
        return {
          orderId: order.id,
          userId: order.userId,
          dealId: item.dealId,
          optionId: item.optionId,
          optionTitle: item.optionTitle,
          merchantId: item.merchantId,
          dealTitle: item.title,
          priceCents: item.unitPriceCents,
          discountCents,
          discountFundedBy: discountCents > 0 ? fundedBy : null,
          commissionRate: item.commissionRate,
          commissionCents: Math.round((grossCents * item.commissionRate) / 100),
          redemptionCode: generateRedemptionCode(),
          purchasedAt: now,
          // "Valid until" (docs/decisions/0047): the deal's, or its sale end where it has none of its own.
          expirationDate: item.validUntil ?? item.expirationDate,
          giftId: giftIds.get(item.orderItemId) ?? null,
        };
      }),
    );
    const created = values.length
      ? await tx.insert(purchases).values(values).returning({
          id: purchases.id,
          merchantId: purchases.merchantId,
          priceCents: purchases.priceCents,
          discountCents: purchases.discountCents,
          discountFundedBy: purchases.discountFundedBy,
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
  const vouchers = await deps.db
    .select({
      dealTitle: purchases.dealTitle,
      optionTitle: purchases.optionTitle,
      merchantName: merchants.businessName,
      city: deals.city,
      state: deals.state,
      priceCents: purchases.priceCents,
      discountCents: purchases.discountCents,
      redemptionCode: purchases.redemptionCode,
      purchaseDate: purchases.purchasedAt,
      expirationDate: purchases.expirationDate,
      giftRecipient: gifts.recipientName,
      giftDeliverAt: gifts.deliverAt,
    })
    .from(purchases)
    .innerJoin(deals, eq(deals.id, purchases.dealId))
    .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
    .leftJoin(gifts, eq(gifts.id, purchases.giftId))
    // A line is one option of one deal (docs/decisions/0047): a deal's two options are two lines.
    .innerJoin(
      orderItems,
      and(eq(orderItems.orderId, purchases.orderId), eq(orderItems.dealId, purchases.dealId), eq(orderItems.optionId, purchases.optionId)),
    )
    .where(eq(purchases.orderId, orderId))
    .orderBy(asc(orderItems.id), asc(purchases.id));
  if (vouchers.length === 0) return;
  // Each voucher names its option and what was paid for it (its price less its share of a promo code).
  const rows = vouchers.map(({ optionTitle, discountCents, giftRecipient, giftDeliverAt, ...v }) => ({
    ...v,
    dealTitle: lineTitle(v.dealTitle, optionTitle),
    priceCents: v.priceCents - discountCents,
    gift: giftRecipient && giftDeliverAt ? { recipientName: giftRecipient, deliverAt: giftDeliverAt } : null,
  }));
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
      await closeOrders(deps.db, [order.id], 'expired');
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
    // The provider's id goes with it, so the provider can offer the card again (and forget it when it is removed).
    const saved = { provider: deps.payments.name, providerPaymentMethodId: card.paymentMethodId ?? null };
    await deps.db
      .insert(paymentMethods)
      .values({ userId, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, ...saved })
      .onConflictDoUpdate({
        target: [paymentMethods.userId, paymentMethods.brand, paymentMethods.last4, paymentMethods.expMonth, paymentMethods.expYear],
        set: saved,
      });
  } catch (err) {
    deps.log.error({ err }, 'saving the card summary failed');
  }
}

/**
 * Open orders past their provider session's expiry are closed (they can no longer be paid), and the
 * stock and promo uses they held are given back in the same transaction (the checkout-expiry job, every minute).
 */
export async function expireStaleOrders(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ expired: number }> {
  const now = deps.clock.now();
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'open'), sql`${orders.expiresAt} < ${now}`))
    .orderBy(asc(orders.expiresAt))
    .limit(500);
  const expired = await closeOrders(
    deps.db,
    stale.map((o) => o.id),
    'expired',
  );
  return { expired: expired.length };
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
