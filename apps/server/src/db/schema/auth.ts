import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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
import { ADMIN_ROLES } from '@localperks/shared';

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
     * An admin's role (docs/decisions/0062-roles-and-staff.md); null for other accounts. An admin without one (made
     * by a release before roles) may call no admin route until an owner gives it one.
     */
    adminRole: text('admin_role', { enum: ADMIN_ROLES }),
    /** An admin an owner deactivated: no sign-in, no session (docs/decisions/0062-roles-and-staff.md). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** A customer an admin banned, and why: no sign-in, no session; their vouchers and refunds stay as they are. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    /**
     * The account was deleted (docs/decisions/0054-privacy-rights.md): its personal data is gone and the row stays as
     * the anonymous id its orders, payments, refunds, payouts and ledger entries keep pointing to.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The console's customers table (docs/decisions/0074-console-tables-at-scale.md): newest first, and its search.
    index('users_customers_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.role} = 'customer' and ${t.deletedAt} is null`),
    index('users_name_trgm_idx').using('gin', sql`(coalesce(${t.name}, '')) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
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
    /**
     * When the password (or a passkey) was last confirmed in this session: changes to the sign-in factors need it
     * within REAUTH_WINDOW_MS (docs/decisions/0055-passkeys-and-authenticator-codes.md).
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
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
    /** `sign_in_second_step`: a password sign-in waiting for the authenticator code (no session until then). */
    kind: text('kind', { enum: ['email_verification', 'password_reset', 'admin_code', 'sign_in_second_step'] }).notNull(),
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

/**
 * Passkeys (WebAuthn credentials; docs/decisions/0055-passkeys-and-authenticator-codes.md): the public key and the
 * signature counter the authenticator reported last. The private key never leaves the person's device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter (uint32); a sign-in must report a higher one unless both are 0. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** Synced (`multiDevice`) or bound to one device (`singleDevice`). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges, kept on the server: each works once (`used_at` is set by the request that claims it) and
 * only until `expires_at`. `registration` and `second_step` belong to a signed-in session; `sign_in` to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['registration', 'sign_in', 'second_step'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session (its id, the cookie's hash) that asked, for `registration` and `second_step`. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * An authenticator app (TOTP, RFC 6238): the shared secret, on once `enabled_at` is set (a code from the app
 * confirmed it). `last_step` is the time step of the last code accepted: a code works once.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes for when the authenticator app is lost: only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
