import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { dealOptions, deals, merchants } from './deals';

export interface OrderBilling {
  cardName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  notes: string;
}

/**
 * A checkout: the order built from the database when the customer starts paying. It becomes
 * `paid` only through a verified provider webhook (docs/product/design.md §5); money is integer cents.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'paid', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    billing: jsonb('billing').$type<OrderBilling>().notNull(),
    saveCard: boolean('save_card').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A promo code's discount on the subtotal (tax is on the discounted subtotal: total = subtotal − discount + tax). */
    discountCents: integer('discount_cents').notNull().default(0),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    /** The code as the customer typed it (upper-case). */
    promoCode: text('promo_code'),
    /** The order's use of its code: held while the checkout is open, used once paid, released when it expired. */
    promoUse: text('promo_use', { enum: ['held', 'used', 'released'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The console's orders table (docs/decisions/0074-console-tables-at-scale.md): newest first, and its search.
    index('orders_created_idx').on(t.createdAt, t.id),
    // …and sorted by total (docs/decisions/0074: a top-25 of 500,000 orders read every one of them without it).
    index('orders_total_idx').on(t.totalCents, t.id),
    index('orders_promo_code_trgm_idx').using('gin', t.promoCode.op('gin_trgm_ops')),
    index('orders_provider_session_trgm_idx').using('gin', t.providerSessionId.op('gin_trgm_ops')),
    index('orders_promo_idx')
      .on(t.promoCodeId, t.userId)
      .where(sql`${t.promoCodeId} is not null`),
    check('orders_total', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`),
    check(
      'orders_discount',
      sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents} and (${t.promoCodeId} is null) = (${t.promoUse} is null) and (${t.promoUse} is null or ${t.promoUse} in ('held', 'used', 'released'))`,
    ),
  ],
);

/**
 * Promo codes (docs/decisions/0048-promo-codes-on-the-ledger.md): an admin's are paid for by the platform
 * (`merchant_id` null), a merchant's by that merchant and only on their own deals. `used_count` counts
 * the orders holding or having used the code; a checkout takes a use by a conditional update, so the
 * total cap holds however many checkouts run at once.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses'),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    usedCount: integer('used_count').notNull().default(0),
    /** Only these deals (empty: any of the owner's, or any deal for a platform code). */
    dealIds: jsonb('deal_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    categoryId: integer('category_id'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.code),
    index('promo_codes_merchant_idx').on(t.merchantId, t.createdAt),
    check(
      'promo_codes_kind',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100 and ${t.amountOffCents} is null) or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check('promo_codes_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('promo_codes_uses', sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`),
    check('promo_codes_per_customer', sql`${t.perCustomerLimit} >= 1`),
    check('promo_codes_min_subtotal', sql`${t.minSubtotalCents} >= 0`),
  ],
);

/** A cart line marked "This is a gift" (docs/decisions/0066-gifts.md): who gets it, the message, and when it is delivered. */
export interface OrderItemGift {
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** The start of the chosen delivery day in the buyer's time zone (ISO 8601). */
  deliverAt: string;
}

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // Purchases are financial records: a deal that was sold is never hard-deleted.
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** The option bought (docs/decisions/0047) and its title at the time (empty for a one-option deal). */
    // NOT NULL in the database; a writer that names no option gets the deal's first (trigger, migration 0029).
    optionId: uuid('option_id').references(() => dealOptions.id, { onDelete: 'restrict' }),
    optionTitle: text('option_title').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's share of the order's promo discount (split over its units by `unitDiscounts`). */
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The units this line took from a stocked option: `held` while its checkout is open, `taken` once paid,
     * `released` when the checkout expired (given back). Null: the option has no stock limit.
     */
    reservation: text('reservation', { enum: ['held', 'taken', 'released'] }),
    /** The line is a gift (docs/decisions/0066-gifts.md); its vouchers go to the recipient once claimed. Null: not a gift. */
    gift: jsonb('gift').$type<OrderItemGift>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_option_idx').on(t.optionId),
    index('order_items_held_idx')
      .on(t.orderId)
      .where(sql`${t.reservation} = 'held'`),
    check('order_items_discount', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.unitPriceCents} * ${t.quantity}`),
    check('order_items_reservation', sql`${t.reservation} is null or ${t.reservation} in ('held', 'taken', 'released')`),
    // Withdrawing a deal finds the open payment pages that sell it.
    index('order_items_deal_idx').on(t.dealId),
    check('order_items_quantity', sql`${t.quantity} >= 1`),
  ],
);

/**
 * A gift (docs/decisions/0066-gifts.md): the vouchers of one paid cart line, bought for someone else. The job e-mails
 * the recipient on `deliver_at` (once: `delivered_at` is set by a conditional update with the mail written in the
 * same transaction); the claim link's token is kept as a hash and replaced when the mail is sent again or the
 * address changes. Claiming moves the vouchers to the recipient's account (`purchases.user_id`).
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    deliverAt: timestamp('deliver_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** How many times the gift e-mail was written (the delivery and each resend). */
    sendCount: integer('send_count').notNull().default(0),
    claimTokenHash: text('claim_token_hash'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gifts_order_item_idx').on(t.orderItemId),
    uniqueIndex('gifts_claim_token_idx').on(t.claimTokenHash),
    index('gifts_buyer_idx').on(t.buyerId, t.createdAt),
    index('gifts_due_idx')
      .on(t.deliverAt)
      .where(sql`${t.deliveredAt} is null`),
    check('gifts_message', sql`char_length(${t.message}) <= 500`),
  ],
);

/** One purchase per unit bought, each with its own redemption code (docs/product/design.md §5, 6). */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    dealTitle: text('deal_title').notNull(),
    // NOT NULL in the database; a writer that names no option gets the deal's first (trigger, migration 0029).
    optionId: uuid('option_id').references(() => dealOptions.id, { onDelete: 'restrict' }),
    optionTitle: text('option_title').notNull().default(''),
    /** The option's price; `discount_cents` is this voucher's share of the order's promo discount (paid = price − discount). */
    priceCents: integer('price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** Who pays for the discount (docs/decisions/0048): the merchant (a lower sale) or the platform (an expense). */
    discountFundedBy: text('discount_funded_by', { enum: ['merchant', 'platform'] }),
    /** The merchant's commission rate (percent) in force at the sale, and its amount. */
    commissionRate: integer('commission_rate').notNull(),
    commissionCents: integer('commission_cents').notNull(),
    redemptionCode: text('redemption_code').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the voucher is refunded (docs/decisions/0019-refund-flow.md): it can no longer be redeemed. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Set when its owner deleted their account with it unused (docs/decisions/0054-privacy-rights.md): it can no longer be redeemed. */
    forfeitedAt: timestamp('forfeited_at', { withTimezone: true }),
    /** Bought as a gift (docs/decisions/0066-gifts.md): its code is the holder's (`user_id`) only once claimed. */
    giftId: uuid('gift_id').references((): AnyPgColumn => gifts.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('purchases_code_idx').on(t.redemptionCode),
    index('purchases_gift_idx')
      .on(t.giftId)
      .where(sql`${t.giftId} is not null`),
    // The review requests (a day after redemption) and the expiry reminders (docs/decisions/0065-notifications.md) walk these.
    index('purchases_redeemed_idx')
      .on(t.redeemedAt)
      .where(sql`${t.redeemedAt} is not null`),
    index('purchases_unused_expiry_idx')
      .on(t.expirationDate)
      .where(sql`${t.redeemedAt} is null and ${t.refundedAt} is null and ${t.forfeitedAt} is null`),
    index('purchases_user_idx').on(t.userId, t.purchasedAt, t.id),
    index('purchases_merchant_idx').on(t.merchantId, t.purchasedAt),
    index('purchases_order_idx').on(t.orderId),
    index('purchases_user_deal_idx').on(t.userId, t.dealId),
    // The console's vouchers table (docs/decisions/0074-console-tables-at-scale.md): newest first, and its search.
    index('purchases_purchased_idx').on(t.purchasedAt, t.id),
    index('purchases_price_idx').on(t.priceCents, t.id),
    index('purchases_code_trgm_idx').using('gin', t.redemptionCode.op('gin_trgm_ops')),
    index('purchases_deal_title_trgm_idx').using('gin', t.dealTitle.op('gin_trgm_ops')),
    check(
      'purchases_discount',
      sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.priceCents} and (${t.discountCents} = 0) = (${t.discountFundedBy} is null) and (${t.discountFundedBy} is null or ${t.discountFundedBy} in ('merchant', 'platform'))`,
    ),
  ],
);

/**
 * Money given back on a paid order: a line whose deal was withdrawn between the payment page opening
 * and the payment's confirmation (`deal_withdrawn`, at most one per order item), or one voucher
 * refunded under the Merchant Refund Policy (`customer_request`, `admin`: at most one per purchase,
 * its unit price plus its share of the tax). So none can happen twice; `pending` until the provider
 * accepted it under `idempotency_key` (a voucher's: until its `charge.refunded` event arrived).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    /** The one voucher refunded (customer request or admin); null for a withdrawn line. */
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    /** The line's (or the voucher's) price plus its share of the order's tax. */
    amountCents: integer('amount_cents').notNull(),
    /** `sold_out`: the payment came after its checkout's reservation had expired and the stock had gone to others. */
    reason: text('reason', { enum: ['deal_withdrawn', 'sold_out', 'customer_request', 'admin'] }).notNull(),
    status: text('status', { enum: ['pending', 'refunded'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /*
     * Kept on the refund when it is written, so the console's refunds table reads refunds alone and not a million
     * deals (docs/decisions/0074): the order's customer, the deal's business and the deal's title at that moment (a
     * snapshot, as an order line keeps its title). NOT NULL in the database; the trigger of migration 0050 fills them
     * from the order and the deal for any writer (this release's and the previous one's, which names none of them).
     * The customer's name and e-mail are not copied: they change, and account deletion anonymises them on the user.
     */
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'restrict' }),
    dealTitle: text('deal_title'),
  },
  (t) => [
    uniqueIndex('order_refunds_item_idx')
      .on(t.orderItemId)
      .where(sql`${t.purchaseId} is null`),
    uniqueIndex('order_refunds_purchase_idx').on(t.purchaseId),
    uniqueIndex('order_refunds_key_idx').on(t.idempotencyKey),
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_created_idx').on(t.createdAt, t.id),
    index('order_refunds_customer_idx').on(t.customerId),
    index('order_refunds_merchant_idx').on(t.merchantId, t.createdAt),
    // The console's refunds table searches them (docs/decisions/0074).
    index('order_refunds_deal_title_trgm_idx').using('gin', t.dealTitle.op('gin_trgm_ops')),
    index('order_refunds_provider_refund_trgm_idx').using('gin', t.providerRefundId.op('gin_trgm_ops')),
    index('order_refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount', sql`${t.amountCents} > 0`),
    check('order_refunds_purchase', sql`(${t.reason} in ('deal_withdrawn', 'sold_out')) = (${t.purchaseId} is null)`),
  ],
);

export const REFUND_REQUEST_REASONS = ['cannot_fulfil', 'closed', 'refused_service', 'not_as_described'] as const;
export const REFUND_REQUEST_STATUSES = ['requested', 'merchant_responded', 'due_for_decision', 'refunded', 'declined'] as const;

/**
 * A customer's refund request for one voucher under the Merchant Refund Policy
 * (docs/decisions/0019-refund-flow.md): the merchant answers by `deadline_at` (5 business days),
 * else it is due for an admin's decision. At most one open request per purchase.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: REFUND_REQUEST_REASONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: REFUND_REQUEST_STATUSES }).notNull().default('requested'),
    merchantResponse: text('merchant_response'),
    merchantRespondedAt: timestamp('merchant_responded_at', { withTimezone: true }),
    decisionText: text('decision_text'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refund_requests_open_idx')
      .on(t.purchaseId)
      .where(sql`${t.status} in ('requested', 'merchant_responded', 'due_for_decision')`),
    index('refund_requests_purchase_idx').on(t.purchaseId),
    index('refund_requests_status_idx').on(t.status, t.deadlineAt),
    index('refund_requests_merchant_idx').on(t.merchantId, t.createdAt),
    index('refund_requests_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/** Provider events already handled: a redelivered event is recognised by its id. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Saved cards: the last four digits and the expiry, nothing more of the card (docs/product/customer-spec.md §9), and the
 * provider's id for it (`pm_…`), with which the provider offers it again at the next checkout
 * (docs/decisions/0041). Rows saved before that have no provider id.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }),
    providerPaymentMethodId: text('provider_payment_method_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_card_idx').on(t.userId, t.brand, t.last4, t.expMonth, t.expYear),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * A customer's customer record at a payment provider (Stripe `cus_…`): the provider keeps the saved
 * cards under it and offers them at the next checkout (docs/decisions/0041). One per user and provider.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('payment_customers_customer_idx').on(t.provider, t.customerId)],
);

/**
 * The sandbox provider's own checkout sessions: what its hosted card page shows and charges.
 * Kept apart from `orders` as a real provider's data would be; linked only by the order id in metadata.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id').notNull(),
    customerEmail: text('customer_email').notNull(),
    lines: jsonb('lines').$type<{ name: string; quantity: number; unitAmountCents: number }[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'paid', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    /** Brand, last four digits and expiry of the card that paid (no other card data is kept), and its saved id when it was saved. */
    card: jsonb('card').$type<{ brand: string; last4: string; expMonth: number; expYear: number; paymentMethodId?: string | null }>(),
    /** The sandbox customer (`cus_sandbox_…`) whose saved cards the page offers; null for a guest. */
    customerId: text('customer_id'),
    /** Paying with a new card saves it for the customer (the checkout's "Save this card"). */
    saveCard: boolean('save_card').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** What the session pays for: a customer order, or a merchant charge (subscription or PerkBoost). */
    purpose: text('purpose', { enum: ['order', 'merchant_charge'] })
      .notNull()
      .default('order'),
    /** `subscription`: paying starts a monthly sandbox subscription (renewed by the job). */
    mode: text('mode', { enum: ['payment', 'subscription'] })
      .notNull()
      .default('payment'),
    subscriptionId: text('subscription_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the signed `checkout.session.completed` webhook was accepted; retried by the job until then. */
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_sessions_undelivered_idx')
      .on(t.paidAt)
      .where(sql`${t.webhookDeliveredAt} is null and ${t.status} = 'paid'`),
  ],
);

/**
 * The sandbox provider's monthly subscriptions (a merchant's $15/month messaging plan). The job
 * renews an active one at its period end (a signed `invoice.paid`), or ends it when it was set to
 * cancel at period end (a signed `customer.subscription.deleted`). `pending_event` holds the signed
 * event until our webhook endpoint has accepted it, so a failed delivery is retried.
 */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sandboxSessions.id, { onDelete: 'cascade' }),
    customerEmail: text('customer_email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['active', 'canceled'] })
      .notNull()
      .default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    pendingEvent: jsonb('pending_event').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * The sandbox provider's refunds of paid sessions. Like a real provider it never refunds more than
 * was paid and answers a repeated idempotency key with the refund it already made.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sandboxSessions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When our endpoint accepted its signed `charge.refunded` event; retried by the job until then. */
    webhookDeliveredAt: timestamp('webhook_delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_refunds_key_idx').on(t.idempotencyKey),
    index('sandbox_refunds_session_idx').on(t.sessionId),
    check('sandbox_refunds_amount', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The sandbox provider's saved cards (as Stripe keeps payment methods attached to a customer): what
 * its card page offers that customer again. Brand, last four digits and expiry only.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_payment_methods_customer_idx').on(t.customerId, t.createdAt)],
);
