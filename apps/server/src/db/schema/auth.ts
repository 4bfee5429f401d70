import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['customer', 'merchant', 'admin'] })
      .notNull()
      .default('customer'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The account was deleted (docs/decisions/0054-privacy-rights.md): its personal data is gone and the row stays as
     * the anonymous id its orders, payments, refunds, payouts and ledger entries keep pointing to.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * Download my data (docs/decisions/0054-privacy-rights.md): a ZIP built by a background job, kept (in the database,
 * never among the public uploads) until `expiresAt`, 7 days after it was ready.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    /** Percent done while it runs. */
    progress: integer('progress').notNull().default(0),
    file: bytea('file'),
    /** A run that has not finished by then is taken to have died with its process, and runs again. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt), index('data_exports_status_idx').on(t.status)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not leak usable sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when an admin passed the 6-digit code step (docs/product/design.md §9). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    /** The address of the last request (within LAST_SEEN_PRECISION_MS), the sign-in's before that. */
    ip: text('ip'),
    /** When the session was last used, kept to LAST_SEEN_PRECISION_MS (the account's sessions list). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A change of e-mail address (docs/decisions/0053-account-controls.md): requested with the password, in
 * effect once confirmed from the new address; the old address can undo it for UNDO_EMAIL_CHANGE_TTL_MS
 * after. Each link is a selector (finds the row) and a verifier of which only the hash is kept.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    confirmSelector: text('confirm_selector').notNull(),
    confirmVerifierHash: text('confirm_verifier_hash').notNull(),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Set at confirmation: the undo link mailed to the old address. */
    undoSelector: text('undo_selector'),
    undoVerifierHash: text('undo_verifier_hash'),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** A newer request, or the owner's undo, ends a request that was not confirmed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_confirm_selector_key').on(t.confirmSelector),
    uniqueIndex('email_changes_undo_selector_key').on(t.undoSelector),
    index('email_changes_user_idx').on(t.userId, t.createdAt),
  ],
);

/** One-time tokens sent by e-mail: split into a public selector and a hashed verifier. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email_verification', 'password_reset', 'admin_code'] }).notNull(),
    selector: text('selector').notNull(),
    verifierHash: text('verifier_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_selector_key').on(t.selector), index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/** Hits for fixed-window rate limits shared by every server instance. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.key, t.createdAt)],
);
