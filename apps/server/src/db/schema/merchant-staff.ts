import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@localperks/shared';
import { users } from './auth';
import { merchants } from './deals';

/**
 * A business's staff (docs/decisions/0062-roles-and-staff.md): invited by e-mail by its owner with a role, joined
 * from the mailed link with an account of their own (`user_id`, `accepted_at`), removed by the owner
 * (`removed_at`: their sessions end in the same transaction). A removed row stays: redemptions name who made them.
 * The link is a selector (finds the row) and a verifier of which only the hash is kept.
 */
export const merchantStaff = pgTable(
  'merchant_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    inviteSelector: text('invite_selector').notNull(),
    inviteVerifierHash: text('invite_verifier_hash').notNull(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_staff_invite_selector_key').on(t.inviteSelector),
    // One live invitation or membership per address and business, and one business per staff account.
    uniqueIndex('merchant_staff_live_email_key')
      .on(t.merchantId, t.email)
      .where(sql`${t.removedAt} is null`),
    uniqueIndex('merchant_staff_live_user_key')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    index('merchant_staff_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);
