import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payoutPeriodFor } from '@localperks/shared';
import { deals, merchantPayouts } from '../db/schema';
import { build } from '../../test/build';
import { mutableClock } from '../../test/clock';
import { buy, createBoostDeal, createDeal, createMerchant } from '../../test/factories';
import { awayFromMinuteBoundary, runsFor, waitForRuns } from '../../test/jobs';
import { JOBS, startJobs } from '.';
import type { JobDefinition } from './queue';

// Sales are bought at a time in the past (the ledger records them when they happen), then the clock reads the real time again.
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');
const DAY = 86_400_000;

let flakyRuns = 0;
/** The product's jobs, with the rate-limit clean-up made to fail every time, plus a job that fails on its first run. */
const testJobs: JobDefinition[] = [
  ...JOBS.map((j) =>
    j.name === 'rate-limit-prune'
      ? {
          ...j,
          retryLimit: 1,
          retryDelaySeconds: 1,
          run: async () => {
            throw new Error('canceling statement due to lock timeout');
          },
        }
      : j,
  ),
  {
    name: 'test-fails-once',
    label: 'Flaky test job',
    cron: '0 0 1 1 *',
    retryLimit: 2,
    retryDelaySeconds: 1,
    run: async () => {
      flakyRuns++;
      if (flakyRuns === 1) throw new Error('connection reset');
      return { flakyRuns };
    },
  },
];
// The cron clock stays off: the tests fire each run themselves, so nothing runs at a minute boundary.
const queue = await startJobs(t.app.deps, t.database, { jobs: testJobs, runSchedules: false, pollingIntervalSeconds: 0.5 });
afterAll(() => queue.stop());

describe('background jobs on the job queue', () => {
  it('shows no Background jobs failures on the admin Overview before any job failed', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().backgroundJobs).toEqual([]);
  });

  it('schedules each job for this configuration (the crowd-vote check every 60 s), one run per minute, with retries and backoff', async () => {
    const schedules = new Map((await queue.boss.getSchedules()).map((s) => [s.name, s]));
    // Sandbox payments and no SMTP (the test set-up): no mail to deliver, so no mail job.
    expect([...schedules.keys()].sort()).toEqual(
      [
        'boost-expiry',
        'deal-schedule',
        'checkout-expiry',
        'data-exports',
        'domain-events',
        'live-events-prune',
        'payout-close',
        'perkboost-tick',
        'rate-limit-prune',
        'refund-deadlines',
        'refund-settlement',
        'review-requests',
        'expiry-reminders',
        'saved-deal-alerts',
        'gift-delivery',
        'sandbox-renewals',
        'sandbox-webhook-redelivery',
        'test-fails-once',
        'unused-uploads',
      ].sort(),
    );
    expect(schedules.get('perkboost-tick')).toMatchObject({ cron: '*/1 * * * *', timezone: 'UTC' });
    for (const s of schedules.values()) expect(s.options).toMatchObject({ singletonKey: s.name, singletonSeconds: 60 });
    const queueOptions = await queue.boss.getQueue('perkboost-tick');
    expect(queueOptions).toMatchObject({ policy: 'stately', retryLimit: 3, retryDelay: 5, retryBackoff: true });
  });

  it('enqueues one run per job and minute however often the tick is fired', async () => {
    await awayFromMinuteBoundary();
    const ids = await Promise.all([queue.trigger('checkout-expiry', 'dedup'), queue.trigger('checkout-expiry', 'dedup')]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    const runs = await waitForRuns(db, 'dedup');
    expect(runs.map((r) => [r.name, r.state])).toEqual([['checkout-expiry', 'completed']]);
  });

  it('runs the crowd-vote check and the payout close as queue jobs: a deal that reached its target unlocks, a finished period closes', async () => {
    const { merchant } = await createMerchant(db);
    const boost = await createBoostDeal(db, merchant.id, 3, 3);
    const deal = await createDeal(db, merchant.id);
    const customer = await t.loginAs('customer');
    // The sale belongs to a period that ended weeks ago.
    const soldAt = new Date(Date.now() - 40 * DAY);
    clock.set(soldAt);
    const [bought] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    clock.useRealTime();

    await Promise.all([queue.trigger('perkboost-tick', 'tick-1'), queue.trigger('payout-close', 'tick-1')]);
    const runs = await waitForRuns(db, 'tick-1');
    expect(runs.map((r) => [r.name, r.state])).toEqual([
      ['payout-close', 'completed'],
      ['perkboost-tick', 'completed'],
    ]);
    expect(runs.find((r) => r.name === 'perkboost-tick')!.output).toMatchObject({ unlocked: 1 });

    const [unlocked] = await db.select().from(deals).where(eq(deals.id, boost.id));
    expect(unlocked).toMatchObject({ status: 'active' });
    expect(unlocked!.unlockedAt).toBeInstanceOf(Date);
    const payouts = await db.select().from(merchantPayouts).where(eq(merchantPayouts.merchantId, merchant.id));
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ periodStart: payoutPeriodFor(soldAt).start, totalPurchases: 1, grossCents: bought!.priceCents });
  });

  it('retries a failed run with backoff until it succeeds', async () => {
    await queue.trigger('test-fails-once', 'flaky');
    const [run] = await waitForRuns(db, 'flaky');
    expect(run).toMatchObject({ state: 'completed', retryCount: 1, output: { flakyRuns: 2 } });
    expect(flakyRuns).toBe(2);
  });

  it('shows a job that keeps failing on the admin Overview with its failure count and last error', async () => {
    await queue.trigger('rate-limit-prune', 'fail-1');
    await queue.trigger('rate-limit-prune', 'fail-2');
    const first = await waitForRuns(db, 'fail-1');
    const second = await waitForRuns(db, 'fail-2');
    // Each run was tried twice (one retry) before it failed for good.
    for (const run of [...first, ...second]) expect(run).toMatchObject({ state: 'failed', retryCount: 1 });

    const res = await t.request({ method: 'GET', url: '/api/admin/overview', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const { backgroundJobs } = res.json();
    expect(backgroundJobs).toEqual([
      {
        name: 'rate-limit-prune',
        label: 'Rate-limit clean-up',
        failedCount: 2,
        lastError: 'canceling statement due to lock timeout',
        lastFailedAt: expect.any(String),
      },
    ]);
    expect(Date.now() - new Date(backgroundJobs[0].lastFailedAt).getTime()).toBeLessThan(60_000);
    // The run that failed once and then succeeded is not listed.
    expect(await runsFor(db, 'flaky')).toMatchObject([{ state: 'completed' }]);
  });
});
