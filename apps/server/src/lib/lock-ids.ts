/**
 * Every PostgreSQL advisory lock id the server takes, in one registry so no two uses collide.
 * One-key locks (bigint) and the two-key space (int, int) of the rate limiter are separate
 * namespaces in PostgreSQL; they share the 7240… prefix only to be recognisable in pg_locks.
 * (pg-boss's own schema lock is derived from its schema name in jobs/queue.ts, as pg-boss does.)
 */
export const LOCK_IDS = {
  /** Migrations at start-up: one instance migrates, the others wait (db/client.ts). */
  migrations: 724001,
  /** Demo seeding on an empty database (demo/seed.ts). */
  seed: 724002,
  /**
   * Starting the job queue (jobs/queue.ts): one instance at a time, so pg-boss creates or migrates its schema
   * once on a new database (two instances at once have failed on pg_namespace's unique index, pg-boss's own
   * lock notwithstanding).
   */
  jobQueueStart: 724003,
  /** The crowd-vote unlock / expiry sweep (perkboost.service.ts). */
  voteSweep: 724010,
  /** Closing payout periods (payouts.service.ts). */
  payoutRun: 724020,
  /**
   * Posting to the ledger (shared) against closing payout periods (exclusive): an entry is never
   * written into a period while that period's payouts are being closed (modules/money/ledger).
   */
  ledgerPeriods: 724021,
  /** First key of the rate limiter's two-key locks; the second is the hashed limit key (lib/rate-limit.ts). */
  rateLimitSpace: 7_240_002,
  /**
   * First key of the two-key locks on one customer's non-transactional e-mails (the second is the hashed customer id):
   * the daily cap is counted and the send recorded under it (modules/engagement/notifications).
   */
  notificationSpace: 7_240_003,
} as const;
