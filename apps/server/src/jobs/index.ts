import type { FastifyInstance } from 'fastify';
import { PERKBOOST_UNLOCK_CHECK_MS, type BackgroundJobFailure } from '@localperks/shared';
import type { Database, Db } from '../db/client';
import { pruneRateLimits } from '../lib/rate-limit';
import { LIVE_EVENT_REPLAY_MS, pruneLiveEvents } from '../lib/events';
import { runPerkboostTick, sendUnlockEmails } from '../modules/perkboost/perkboost.service';
import { closeCheckoutPagesForDeals, expireStaleOrders, settleRefunds } from '../modules/checkout/checkout.service';
import { expireStaleCharges } from '../modules/billing/billing.service';
import { redeliverSandboxWebhooks, runSandboxSubscriptions } from '../modules/sandbox/sandbox.service';
import { closePayoutPeriods } from '../modules/payouts/payouts.service';
import { removeUnusedUploads } from '../modules/merchant-deals/merchant-deals.service';
import { failingJobs, startJobQueue, type JobDefinition, type JobQueue, type StartQueueOptions } from './queue';

/** Every `ms` milliseconds as a cron expression (whole minutes: cron has minute resolution). */
function cronEvery(ms: number): string {
  if (ms % 60_000 !== 0) throw new Error(`A job interval must be whole minutes, not ${ms} ms`);
  return `*/${ms / 60_000} * * * *`;
}
const EVERY_MINUTE = cronEvery(60_000);

/**
/**
 * The deals part of the minute tick: crowd-vote unlocks (with their e-mails) and expiries; the open
 * payment pages of deals that just expired are closed, as for any other withdrawal.
 */
export async function runDealsTick(app: FastifyInstance, now = new Date()) {
  const res = await runPerkboostTick(app.db, now);
  for (const u of res.unlocked) await sendUnlockEmails(app.mailer, app.config.appUrl, u);
  await closeCheckoutPagesForDeals({ db: app.db, provider: app.payments, log: app.log }, res.expiredIds);
  return res;
}

/**
 * Scheduled work. Each job runs once per schedule across all instances, through the job queue
 * (docs/decisions/0009-job-queue.md); a failed run is retried with backoff, and failures show on the
 * admin Overview tab. A new job is one entry here; its `run` must be safe to repeat after a failure.
 */
export const JOBS: JobDefinition[] = [
  {
    name: 'perkboost-tick',
    label: 'Crowd-vote unlocks and expiries',
    cron: cronEvery(PERKBOOST_UNLOCK_CHECK_MS),
    async run(app) {
      const res = await runDealsTick(app);
      return { unlocked: res.unlocked.length, expired: res.expired };
    },
  },
  {
    name: 'payout-close',
    label: 'Payout period close',
    cron: EVERY_MINUTE,
    run: (app) => closePayoutPeriods(app.db, new Date()),
  },
  {
    name: 'checkout-expiry',
    label: 'Stale order and charge expiry',
    cron: EVERY_MINUTE,
    async run(app) {
      await expireStaleOrders(app.db);
      await expireStaleCharges(app.db);
    },
  },
  {
    name: 'refund-settlement',
    label: 'Refunds of withdrawn deals',
    cron: EVERY_MINUTE,
    run: (app) => settleRefunds({ db: app.db, provider: app.payments, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log }),
  },
  {
    name: 'sandbox-webhook-redelivery',
    label: 'Sandbox webhook redelivery',
    cron: EVERY_MINUTE,
    enabled: (app) => app.payments.name === 'sandbox',
    run: async (app) => ({ delivered: await redeliverSandboxWebhooks(app) }),
  },
  {
    name: 'sandbox-renewals',
    label: 'Sandbox subscription renewals',
    cron: EVERY_MINUTE,
    enabled: (app) => app.payments.name === 'sandbox',
    run: (app) => runSandboxSubscriptions(app),
  },
  {
    name: 'mail-delivery',
    label: 'Mail delivery',
    cron: EVERY_MINUTE,
    // Without SMTP, mail stays in the outbox (the development mailbox): nothing to deliver.
    enabled: (app) => app.mailer.deliversExternally,
    run: async (app) => ({ sent: await app.mailer.deliverPending() }),
  },
  {
    name: 'unused-uploads',
    label: 'Removal of unused uploaded images',
    // Hourly; an image is removed once it is a day old and no deal uses it.
    cron: '17 * * * *',
    run: async (app) => ({ removed: (await removeUnusedUploads(app.db, app.storage, new Date())).length }),
  },
  {
    name: 'live-events-prune',
    label: 'Live event replay clean-up',
    cron: cronEvery(LIVE_EVENT_REPLAY_MS),
    run: (app) => pruneLiveEvents(app.db),
  },
  {
    name: 'rate-limit-prune',
    label: 'Rate-limit clean-up',
    cron: '7 * * * *',
    run: (app) => pruneRateLimits(app.db, 24 * 60 * 60_000),
  },
];

/** Starts the job queue on this instance: it works on the jobs and keeps their schedules. */
export function startJobs(
  app: FastifyInstance,
  database: Database,
  opts: StartQueueOptions & { jobs?: JobDefinition[] } = {},
): Promise<JobQueue> {
  return startJobQueue(app, database, opts.jobs ?? JOBS, opts);
}

/** The admin Overview tab's Background jobs card: jobs that failed in the last 24 hours. */
export async function backgroundJobFailures(db: Db): Promise<BackgroundJobFailure[]> {
  const failing = await failingJobs(db);
  return failing.map((f) => ({ ...f, label: JOBS.find((j) => j.name === f.name)?.label ?? f.name }));
}
