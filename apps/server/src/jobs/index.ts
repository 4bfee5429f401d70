import { PERKBOOST_UNLOCK_CHECK_MS } from '@localperks/shared';
import type { Database } from '../db/client';
import type { Deps } from '../lib/deps';
import { pruneRateLimits } from '../lib/rate-limit';
import { pruneWebauthnChallenges } from '../modules/accounts';
import { LIVE_EVENT_REPLAY_MS, pruneLiveEvents } from '../lib/events';
import {
  removeUnusedReviewPhotos,
  runPerkboostTick,
  sendExpiryReminders,
  sendReviewRequests,
  sendSavedDealAlerts,
  sendUnlockEmails,
} from '../modules/engagement';
import { deliverDueGifts, expireStaleOrders, settleRefunds } from '../modules/orders';
import {
  expireStaleCharges,
  deliverSandboxRefundEvents,
  redeliverSandboxWebhooks,
  runSandboxSubscriptions,
  markOverdueRefundRequests,
  settleVoucherRefunds,
  runPayoutJob,
  deliverSandboxConnectEvents,
} from '../modules/money';
import { removeUnusedUploads, endExpiredBoosts, sendBoostRefunds } from '../modules/merchant';
import { removeUnusedBusinessImages, startScheduledDeals } from '../modules/catalog';
import { runPendingDataExports } from '../modules/support';
import { JOB_LABELS } from './failures';
import { startJobQueue, type JobDefinition, type JobQueue, type ScheduledJobDefinition, type StartQueueOptions } from './queue';

export { backgroundJobFailures } from './failures';

/** Every `ms` milliseconds as a cron expression (whole minutes: cron has minute resolution). */
function cronEvery(ms: number): string {
  if (ms % 60_000 !== 0) throw new Error(`A job interval must be whole minutes, not ${ms} ms`);
  return `*/${ms / 60_000} * * * *`;
}
const EVERY_MINUTE = cronEvery(60_000);

/**
 * The deals part of the minute tick: crowd-vote unlocks (with their e-mails) and expiries; deals that just
 * expired are withdrawn (`dealWithdrawn`), so their open payment pages are closed as for any other withdrawal.
 */
export async function runDealsTick(deps: Deps) {
  const res = await runPerkboostTick(deps);
  for (const u of res.unlocked) await sendUnlockEmails(deps, u);
  return res;
}

/**
 * Scheduled work. Each job runs once per schedule across all instances, through the job queue
 * (docs/decisions/0009-job-queue.md); a failed run is retried with backoff, and failures show on the
 * admin Overview tab. A new job is one entry here; its `run` must be safe to repeat after a failure.
 */
export const JOBS: ScheduledJobDefinition[] = [
  {
    name: 'perkboost-tick',
    label: JOB_LABELS['perkboost-tick'],
    cron: cronEvery(PERKBOOST_UNLOCK_CHECK_MS),
    async run(deps) {
      const res = await runDealsTick(deps);
      return { unlocked: res.unlocked.length, expired: res.expired };
    },
  },
  {
    name: 'deal-schedule',
    label: JOB_LABELS['deal-schedule'],
    // Every minute: a scheduled deal goes on sale on time (docs/decisions/0047).
    cron: EVERY_MINUTE,
    run: async (deps) => ({ started: (await startScheduledDeals(deps)).length }),
  },
  {
    name: 'boost-expiry',
    label: JOB_LABELS['boost-expiry'],
    // Every minute: a boost leaves the top on time (queries already compare with the clock meanwhile).
    cron: EVERY_MINUTE,
    run: (deps) => endExpiredBoosts(deps),
  },
  {
    name: 'payout-close',
    label: JOB_LABELS['payout-close'],
    cron: EVERY_MINUTE,
    // Closes finished periods into payouts, then transfers the payouts due (docs/decisions/0056-payout-accounts-and-transfers.md).
    run: (deps) => runPayoutJob(deps),
  },
  {
    name: 'checkout-expiry',
    label: JOB_LABELS['checkout-expiry'],
    cron: EVERY_MINUTE,
    // Expired and abandoned checkouts give back the stock and promo uses they held (docs/decisions/0047).
    async run(deps) {
      const orders = await expireStaleOrders(deps);
      await expireStaleCharges(deps);
      return orders;
    },
  },
  {
    name: 'refund-settlement',
    label: JOB_LABELS['refund-settlement'],
    cron: EVERY_MINUTE,
    run: async (deps) => ({
      withdrawn: await settleRefunds(deps),
      vouchers: await settleVoucherRefunds(deps),
      // The unused time of boosts on deals taken down, until the provider accepted each refund.
      boosts: await sendBoostRefunds(deps),
    }),
  },
  {
    name: 'refund-deadlines',
    label: JOB_LABELS['refund-deadlines'],
    cron: EVERY_MINUTE,
    run: (deps) => markOverdueRefundRequests(deps),
  },
  {
    name: 'sandbox-webhook-redelivery',
    label: JOB_LABELS['sandbox-webhook-redelivery'],
    cron: EVERY_MINUTE,
    enabled: (deps) => deps.payments.name === 'sandbox',
    run: async (deps) => ({
      delivered: await redeliverSandboxWebhooks(deps),
      refunds: await deliverSandboxRefundEvents(deps),
      payoutAccounts: await deliverSandboxConnectEvents(deps),
    }),
  },
  {
    name: 'sandbox-renewals',
    label: JOB_LABELS['sandbox-renewals'],
    cron: EVERY_MINUTE,
    enabled: (deps) => deps.payments.name === 'sandbox',
    run: (deps) => runSandboxSubscriptions(deps),
  },
  {
    name: 'mail-delivery',
    label: JOB_LABELS['mail-delivery'],
    cron: EVERY_MINUTE,
    // Without SMTP, mail stays in the outbox (the development mailbox): nothing to deliver.
    enabled: (deps) => deps.mailer.deliversExternally,
    run: async (deps) => ({ sent: await deps.mailer.deliverPending() }),
  },
  {
    name: 'unused-uploads',
    label: JOB_LABELS['unused-uploads'],
    // Hourly; an image is removed once it is a day old and no deal (or business page, for logos and covers) uses it.
    cron: '17 * * * *',
    run: async (deps) => ({
      removed:
        (await removeUnusedUploads(deps)).length +
        (await removeUnusedBusinessImages(deps)).length +
        (await removeUnusedReviewPhotos(deps)).length,
    }),
  },
  {
    name: 'live-events-prune',
    label: JOB_LABELS['live-events-prune'],
    cron: cronEvery(LIVE_EVENT_REPLAY_MS),
    run: (deps) => pruneLiveEvents(deps.db),
  },
  {
    name: 'domain-events',
    label: JOB_LABELS['domain-events'],
    // Events are run by their publisher right after its commit; this takes what a crash or a failed subscriber left.
    cron: EVERY_MINUTE,
    run: async (deps) => ({ delivered: await deps.domainEvents.deliver() }),
  },
  {
    // A day after a redemption, the e-mail asking for a review (docs/decisions/0064-verified-reviews.md); once per voucher.
    name: 'review-requests',
    label: JOB_LABELS['review-requests'],
    cron: cronEvery(5 * 60_000),
    run: (deps) => sendReviewRequests(deps),
  },
  {
    // Gifts whose delivery day has come, each e-mailed once (docs/decisions/0066-gifts.md).
    name: 'gift-delivery',
    label: JOB_LABELS['gift-delivery'],
    cron: EVERY_MINUTE,
    run: async (deps) => ({ sent: await deliverDueGifts(deps) }),
  },
  {
    // A week and a day before an unused voucher ends (docs/decisions/0065-notifications.md); each once per voucher.
    name: 'expiry-reminders',
    label: JOB_LABELS['expiry-reminders'],
    cron: cronEvery(10 * 60_000),
    run: (deps) => sendExpiryReminders(deps),
  },
  {
    // Favourites unlocked or ending within 48 hours, followed businesses' new deals; each once per customer and deal.
    name: 'saved-deal-alerts',
    label: JOB_LABELS['saved-deal-alerts'],
    cron: cronEvery(5 * 60_000),
    run: (deps) => sendSavedDealAlerts(deps),
  },
  {
    // Download my data (docs/decisions/0054-privacy-rights.md): built right after the request; this builds what
    // a crash or restart left waiting and removes archives past their 7 days.
    name: 'data-exports',
    label: JOB_LABELS['data-exports'],
    cron: EVERY_MINUTE,
    run: (deps) => runPendingDataExports(deps),
  },
  {
    // Also the passkey challenges that expired a day ago or more (docs/decisions/0055): one per sign-in page shown.
    name: 'rate-limit-prune',
    label: JOB_LABELS['rate-limit-prune'],
    cron: '7 * * * *',
    run: async (deps) => {
      await pruneRateLimits(deps, 24 * 60 * 60_000);
      await pruneWebauthnChallenges(deps);
    },
  },
];

/**
 * Work enqueued by requests rather than a schedule. `mail-send` sends one outbox row right after the work
 * that wrote it committed, with that work's trace (docs/decisions/0045-tracing.md); a failed send stays in the
 * outbox, where `mail-delivery` retries it with backoff, so the run itself does not fail.
 */
export const ON_DEMAND_JOBS: JobDefinition[] = [
  {
    name: 'mail-send',
    label: JOB_LABELS['mail-send'],
    enabled: (deps) => deps.mailer.deliversExternally,
    async run(deps, run) {
      const mailId = run?.data.mailId;
      if (typeof mailId === 'string') await deps.mailer.sendNow(mailId);
      return { mailId: mailId ?? null };
    },
  },
];

/**
 * Starts the job queue on this instance: it works on the jobs and keeps their schedules. With `mail-send`
 * among them, the mailer hands its sends to the queue.
 */
export async function startJobs(
  deps: Deps,
  database: Database,
  opts: StartQueueOptions & { jobs?: JobDefinition[] } = {},
): Promise<JobQueue> {
  const queue = await startJobQueue(deps, database, opts.jobs ?? [...JOBS, ...ON_DEMAND_JOBS], opts);
  if (!queue.jobs.some((j) => j.name === 'mail-send')) return queue;
  deps.mailer.useQueue((mailId) => queue.enqueue('mail-send', { mailId }));
  return {
    ...queue,
    async stop() {
      deps.mailer.useQueue(null);
      await queue.stop();
    },
  };
}
