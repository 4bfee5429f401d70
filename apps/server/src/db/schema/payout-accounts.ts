import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYOUT_ACCOUNT_STATUSES } from '@localperks/shared';
import { bigintCents } from '../cents';
import { merchants } from './deals';

/**
 * A merchant's payout account at the payment provider (docs/decisions/0056-payout-accounts-and-transfers.md): a
 * Stripe Connect Express account (`acct_…`) or the sandbox's own (`acct_sandbox_…`). One per merchant and
 * provider. `status` is what the provider last told us (`account.updated`, or a fresh read when the merchant
 * comes back from onboarding); `status_at` is when the provider said it, so an older event arriving late never
 * overwrites a newer state.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('not_started'),
    /** The provider's field names of what it asks for (Stripe `requirements.currently_due` and `past_due`). */
    requirements: jsonb('requirements')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    statusAt: timestamp('status_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_accounts_merchant_provider_key').on(t.merchantId, t.provider),
    uniqueIndex('payout_accounts_provider_account_key').on(t.provider, t.providerAccountId),
  ],
);

/**
 * The sandbox provider's connected accounts: what Stripe keeps for an Express account, enough to onboard,
 * verify, restrict and receive transfers. One per merchant (`merchant_id` is the account's metadata).
 * `pending_event` is its signed `account.updated` waiting to be accepted by our endpoint (retried by the job).
 */
export const sandboxConnectedAccounts = pgTable('sandbox_connected_accounts', {
  id: text('id').primaryKey(),
  merchantId: uuid('merchant_id').notNull().unique(),
  email: text('email').notNull(),
  businessName: text('business_name').notNull(),
  status: text('status', { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default('not_started'),
  requirements: jsonb('requirements')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  pendingEvent: jsonb('pending_event').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's account links: single-use, short-lived addresses of its hosted onboarding page or of the
 * account's dashboard (as Stripe's Account Links and Express login links), reached by their unguessable id.
 */
export const sandboxAccountLinks = pgTable(
  'sandbox_account_links',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxConnectedAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['onboarding', 'dashboard'] }).notNull(),
    returnUrl: text('return_url').notNull(),
    refreshUrl: text('refresh_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_account_links_account_idx').on(t.accountId)],
);

/**
 * The sandbox's transfers to its connected accounts. Like Stripe it answers a repeated idempotency key with the
 * transfer it already made, and refuses a transfer to an account that is not active. A reversal raises
 * `reversed_cents` and waits in `pending_event` (its signed `transfer.reversed`) until our endpoint accepts it.
 */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => sandboxConnectedAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigintCents('amount_cents').notNull(),
    reversedCents: bigintCents('reversed_cents').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull(),
    transferGroup: text('transfer_group'),
    metadata: jsonb('metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    pendingEvent: jsonb('pending_event').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_transfers_idempotency_key').on(t.idempotencyKey),
    index('sandbox_transfers_account_idx').on(t.accountId, t.createdAt),
    check('sandbox_transfers_amount', sql`${t.amountCents} > 0 and ${t.reversedCents} >= 0 and ${t.reversedCents} <= ${t.amountCents}`),
  ],
);
