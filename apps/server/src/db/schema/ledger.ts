import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES, LEDGER_ENTRY_KINDS } from '@localperks/shared';
import { bigintCents } from '../cents';
import { merchants } from './deals';
import { orders, purchases } from './commerce';
import { merchantCharges, merchantPayouts } from './operations';

export const ledgerEntryKind = pgEnum('ledger_entry_kind', LEDGER_ENTRY_KINDS);

/**
 * A chargeback a customer's bank opened against a payment (Stripe `charge.dispute.*`, or the
 * sandbox's signed equivalents). One row per provider dispute; a lost one is deducted from the
 * merchant with the dispute fee (docs/decisions/0018-one-ledger.md).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerDisputeId: text('provider_dispute_id').notNull(),
    /** The disputed payment is an order's; `purchase_id` narrows it to one voucher when the provider says which. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    /** The fee passed on to the merchants when the dispute was lost (DISPUTE_FEE_CENTS), else 0. */
    feeCents: integer('fee_cents').notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('disputes_provider_id_idx').on(t.provider, t.providerDisputeId),
    index('disputes_order_idx').on(t.orderId),
    index('disputes_lost_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 'lost'`),
    check('disputes_amount', sql`${t.amountCents} >= 0`),
    check('disputes_fee', sql`${t.feeCents} >= 0`),
  ],
);

/**
 * The one money ledger (docs/product/design.md §14): every movement of money is one entry, appended and never
 * changed (a trigger refuses UPDATE, DELETE and TRUNCATE). `amount_cents` is signed from the
 * merchant's payout balance: sale +, commission −, refund −, commission_reversal +, deduction −,
 * dispute_fee −, payout −. Subscription and PerkBoost charges are paid by card, not from the
 * balance: they are recorded (−, the merchant paid) with the merchant but are no part of payouts.
 * `source_key` names the event an entry records ('sale:<purchaseId>', 'refund:<purchaseId>', …),
 * unique, so an entry is never written twice however often its event is handled.
 * `period_start` is the payout period the entry is paid (or deducted) in.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    kind: ledgerEntryKind('kind').notNull(),
    amountCents: bigintCents('amount_cents').notNull(),
    purchaseId: uuid('purchase_id').references(() => purchases.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id').references(() => merchantPayouts.id, { onDelete: 'restrict' }),
    chargeId: uuid('charge_id').references(() => merchantCharges.id, { onDelete: 'restrict' }),
    disputeId: uuid('dispute_id').references(() => disputes.id, { onDelete: 'restrict' }),
    /** The refund record of the refund flow this entry books, when it came from one. */
    refundId: uuid('refund_id'),
    sourceKey: text('source_key').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_key_idx').on(t.sourceKey),
    index('ledger_entries_merchant_period_idx').on(t.merchantId, t.periodStart),
    index('ledger_entries_purchase_idx')
      .on(t.purchaseId)
      .where(sql`${t.purchaseId} is not null`),
    index('ledger_entries_dispute_idx')
      .on(t.disputeId)
      .where(sql`${t.disputeId} is not null`),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_entries_sign',
      // As text: a kind added to the enum in the same migration may not be named as an enum value yet.
      sql`(${t.kind}::text in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal', 'payout_reversal') and ${t.amountCents} > 0) or (${t.kind}::text not in ('sale', 'commission_reversal', 'perkboost_refund', 'promotion_reversal', 'platform_promotion_reversal', 'payout_reversal') and ${t.amountCents} < 0)`,
    ),
  ],
);
