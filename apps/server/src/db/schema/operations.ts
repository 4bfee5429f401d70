import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYOUT_PAID_VIA, PAYOUT_STATES } from '@localperks/shared';
import { bigintCents } from '../cents';
import { users } from './auth';
import { deals, merchantRegistrationRequests, merchants } from './deals';
import { purchases } from './commerce';

/**
 * The thread between the admins and a merchant about one registration request
 * (docs/product/merchant-admin-spec.md §3 Admin-merchant message).
 */
export const adminMerchantMessages = pgTable(
  'admin_merchant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => merchantRegistrationRequests.id, { onDelete: 'cascade' }),
    senderType: text('sender_type', { enum: ['admin', 'merchant'] }).notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    messageType: text('message_type', { enum: ['general', 'rejection_response'] })
      .notNull()
      .default('general'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_merchant_messages_thread_idx').on(t.registrationId, t.createdAt)],
);

/**
 * A customer writing to a merchant from a deal page or a purchase (docs/product/design.md §10); the merchant's
 * Customer Messages inbox. Status: unread, read, responded.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    response: text('response'),
    status: text('status', { enum: ['unread', 'read', 'responded'] })
      .notNull()
      .default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_messages_merchant_idx').on(t.merchantId, t.createdAt),
    index('customer_messages_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * What a merchant pays the platform through the payment provider: the $15/month messaging
 * subscription (docs/product/design.md §7) and PerkBoost launches (docs/product/design.md §4). Money is integer cents.
 */
export const merchantCharges = pgTable(
  'merchant_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** perkboost: a crowd-vote launch; deal_boost / listing_boost: a paid visibility window (docs/product/design.md §4a). */
    kind: text('kind', { enum: ['subscription', 'perkboost', 'deal_boost', 'listing_boost'] }).notNull(),
    /** The crowd-vote deal a PerkBoost launch pays for, or the live deal a deal boost pays for. */
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    boostDays: integer('boost_days'),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /** Stripe's subscription id for a subscription charge (renewals and cancellation). */
    providerSubscriptionId: text('provider_subscription_id'),
    status: text('status', { enum: ['open', 'paid', 'canceled', 'expired'] })
      .notNull()
      .default('open'),
    /** Subscriptions: paid through this time; renewed by the provider's renewal events. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** Boosts: the window this payment bought, set when it was applied (it extends an active one). */
    boostStartsAt: timestamp('boost_starts_at', { withTimezone: true }),
    boostEndsAt: timestamp('boost_ends_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('merchant_charges_merchant_idx').on(t.merchantId, t.createdAt),
    check('merchant_charges_amount', sql`${t.amountCents} > 0`),
    // At most one open payment page per PerkBoost launch and per merchant subscription, even when
    // two are started at the same instant: a merchant can never pay twice for one thing.
    uniqueIndex('merchant_charges_one_open_boost')
      .on(t.dealId)
      .where(sql`kind = 'perkboost' and status = 'open'`),
    uniqueIndex('merchant_charges_one_open_subscription')
      .on(t.merchantId)
      .where(sql`kind = 'subscription' and status = 'open'`),
    uniqueIndex('merchant_charges_one_open_deal_boost')
      .on(t.dealId)
      .where(sql`kind = 'deal_boost' and status = 'open'`),
    uniqueIndex('merchant_charges_one_open_listing_boost')
      .on(t.merchantId)
      .where(sql`kind = 'listing_boost' and status = 'open'`),
  ],
);

/**
 * One row per paid period of a messaging subscription (a line on the Billing tab, with its own
 * receipt): period 1 is the first payment (its id is the charge's, so the receipt link in the
 * activation e-mail stays valid), period n the (n-1)th renewal, numbered as the ledger numbers its
 * `charge:<id>:month:<n>` entries. Unique per charge and period, so a replayed renewal adds nothing.
 */
export const merchantChargePeriods = pgTable(
  'merchant_charge_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => merchantCharges.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    periodNumber: integer('period_number').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('merchant_charge_periods_one_per_period').on(t.chargeId, t.periodNumber),
    index('merchant_charge_periods_merchant_idx').on(t.merchantId, t.paidAt),
    check('merchant_charge_periods_number', sql`${t.periodNumber} >= 1`),
    check('merchant_charge_periods_amount', sql`${t.amountCents} > 0`),
    check('merchant_charge_periods_range', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/**
 * One payout per merchant per semi-monthly period (docs/product/design.md §8): written by the payout job exactly
 * once (unique per merchant and period start), marked paid by an admin, never back.
 */
export const merchantPayouts = pgTable(
  'merchant_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The day the period is paid: the 15th or the 1st of the next month. */
    payoutDate: date('payout_date', { mode: 'string' }).notNull(),
    totalPurchases: integer('total_purchases').notNull(),
    /** Sales less the refunds of those sales (a refund before its sale's payout lowers it). */
    grossCents: bigintCents('gross_cents').notNull(),
    /** Commission less commission reversed (refunds, and refunds or lost disputes deducted). */
    commissionCents: bigintCents('commission_cents').notNull(),
    /** Refunds already taken out of gross (shown as their own line). */
    refundsCents: bigintCents('refunds_cents').notNull().default(0),
    /** Refunds of sales already paid out and lost disputes, taken from this payout. */
    deductionsCents: bigintCents('deductions_cents').notNull().default(0),
    disputeFeesCents: bigintCents('dispute_fees_cents').notNull().default(0),
    /** What the previous payout could not cover (it went below zero), taken from this one. */
    carriedInCents: bigintCents('carried_in_cents').notNull().default(0),
    /** What this payout could not cover: it is 0 and the rest moves on to the next payout. */
    carriedForwardCents: bigintCents('carried_forward_cents').notNull().default(0),
    netCents: bigintCents('net_cents').notNull(),
    /** Merchant-funded promo discounts of the period, already taken off `gross_cents` (docs/decisions/0048). */
    promotionsCents: bigintCents('promotions_cents').notNull().default(0),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the money is (docs/decisions/0056-payout-accounts-and-transfers.md): waiting_for_account, scheduled,
     * transferring, paid, failed or held. `is_paid` stays the one fact "paid" (a row the previous release marked
     * paid keeps this column's default): read the state as paid whenever `is_paid` is true.
     */
    state: text('state', { enum: PAYOUT_STATES }).notNull().default('scheduled'),
    /** transfer: sent by the platform to the merchant's payout account; outside: marked paid by an admin. */
    paidVia: text('paid_via', { enum: PAYOUT_PAID_VIA }),
    /** The provider's transfer id of the transfer that paid it. */
    transferId: text('transfer_id'),
    /**
     * Transfers sent so far; the idempotency key of a transfer is `payout-<id>-<attempt>`: a transfer whose answer
     * was lost is sent again under the same key (the provider answers with the one it made), a refused one is
     * tried again under the next.
     */
    transferAttempt: integer('transfer_attempt').notNull().default(0),
    /** When the transfer in flight was sent (state transferring): a run that died with it is taken over after a lease. */
    transferStartedAt: timestamp('transfer_started_at', { withTimezone: true }),
    /** Refused or reversed transfers so far, and when the next try may be made (backoff). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    heldReason: text('held_reason'),
  },
  (t) => [
    uniqueIndex('merchant_payouts_period_key').on(t.merchantId, t.periodStart),
    index('merchant_payouts_start_idx').on(t.periodStart),
    // The transfer job's work list: unpaid payouts by payout date.
    index('merchant_payouts_unpaid_idx')
      .on(t.payoutDate)
      .where(sql`not ${t.isPaid}`),
    uniqueIndex('merchant_payouts_transfer_key').on(t.transferId),
    // A payout never goes below zero: what it cannot cover is carried forward (docs/decisions/0018-one-ledger.md).
    check(
      'merchant_payouts_net',
      sql`${t.netCents} = ${t.grossCents} - ${t.commissionCents} - ${t.deductionsCents} - ${t.disputeFeesCents} - ${t.carriedInCents} + ${t.carriedForwardCents}`,
    ),
    check(
      'merchant_payouts_not_negative',
      sql`${t.netCents} >= 0 and ${t.carriedForwardCents} >= 0 and ${t.carriedInCents} >= 0 and (${t.netCents} = 0 or ${t.carriedForwardCents} = 0)`,
    ),
  ],
);

/** Who did what on the admin side (approvals, payouts, ticket statuses, deactivations, new admins). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    // The trail searched by actor and by target (docs/decisions/0062-roles-and-staff.md).
    index('admin_audit_log_actor_idx').on(t.adminId, t.createdAt),
    index('admin_audit_log_entity_idx').on(t.entityId, t.createdAt),
  ],
);

/**
 * The unused part of a paid boost given back to the merchant's card (issue 39): a deal taken down by
 * an admin while its boost ran. One per charge; the amount is the unused time's share of what was
 * paid, in whole cents rounded down. Sent to the provider under its own idempotency key by the
 * decision and retried by the refund job until the provider accepted it (`sent_at`), when the ledger
 * records it (`perkboost_refund`, docs/decisions/0042-paid-features-follow-the-paid-period.md).
 */
export const merchantChargeRefunds = pgTable(
  'merchant_charge_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chargeId: uuid('charge_id')
      .notNull()
      .unique()
      .references(() => merchantCharges.id, { onDelete: 'restrict' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    /** Why, as the merchant reads it ("… taken down by LocalPerks: 2 days 4 hours of 3 days unused"). */
    reason: text('reason').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('merchant_charge_refunds_amount', sql`${t.amountCents} > 0`),
    index('merchant_charge_refunds_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * A merchant's appeal of a deal an admin took down (docs/product/merchant-admin-spec.md §1: deals may be removed at the
 * product's discretion; issue 39: a removal can be appealed). At most one open appeal per deal; an
 * admin reinstates the deal (back as paused, for the merchant to resume) or upholds the removal,
 * with a reason the merchant reads.
 */
export const dealAppeals = pgTable(
  'deal_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'reinstated', 'upheld'] })
      .notNull()
      .default('open'),
    decisionText: text('decision_text'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deal_appeals_one_open')
      .on(t.dealId)
      .where(sql`${t.status} = 'open'`),
    index('deal_appeals_deal_idx').on(t.dealId, t.createdAt),
  ],
);

/**
 * Keys the server signs with (e.g. the unsubscribe links of e-mails, docs/decisions/0065-notifications.md): made
 * once, on first use, and kept here so that every instance, and every later release, checks a link signed weeks ago.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
