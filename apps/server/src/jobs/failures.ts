import type { BackgroundJobFailure } from '@localperks/shared';
import type { Db } from '../db/client';
import { failingJobs } from './queue';

/**
 * Every job's name and the label people see for it (the admin Overview's Background jobs
 * card). Kept apart from the job list (index.ts), which imports the areas' services, so that the
 * Overview (modules/merchant/admin-overview) can read failures without importing the areas back.
 */
export const JOB_LABELS = {
  'perkboost-tick': 'Crowd-vote unlocks and expiries',
  'boost-expiry': 'Ended deal and listing boosts',
  'deal-schedule': 'Scheduled deals going on sale',
  'payout-close': 'Payout period close',
  'checkout-expiry': 'Stale order and charge expiry',
  'refund-settlement': 'Refunds of withdrawn deals, refunded vouchers and unused boosts',
  'refund-deadlines': 'Refund requests past the merchant’s deadline',
  'sandbox-webhook-redelivery': 'Sandbox webhook redelivery',
  'sandbox-renewals': 'Sandbox subscription renewals',
  'mail-delivery': 'Mail delivery',
  'unused-uploads': 'Removal of unused uploaded images',
  'live-events-prune': 'Live event replay clean-up',
  'rate-limit-prune': 'Rate-limit clean-up',
  'domain-events': 'Domain event subscribers left to run',
  'data-exports': 'Data exports left waiting, and expired ones removed',
  'review-requests': 'Review requests a day after redemption',
  'expiry-reminders': 'Voucher expiry reminders',
  'saved-deal-alerts': 'Saved-deal and followed-business alerts',
  'gift-delivery': 'Gift e-mails on their delivery day',
  // On demand (ON_DEMAND_JOBS in index.ts): one outbox row sent right after the work that wrote it.
  'mail-send': 'E-mail sending',
} as const satisfies Record<string, string>;

/** The admin Overview tab's Background jobs card: jobs that failed in the last 24 hours. */
export async function backgroundJobFailures(db: Db): Promise<BackgroundJobFailure[]> {
  const failing = await failingJobs(db);
  const labels: Readonly<Record<string, string>> = JOB_LABELS;
  return failing.map((f) => ({ ...f, label: labels[f.name] ?? f.name }));
}
