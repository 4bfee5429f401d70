import type { FastifyInstance } from 'fastify';
import { PERKBOOST_UNLOCK_CHECK_MS } from '@localperks/shared';
import { pruneRateLimits } from '../lib/rate-limit';
import { runPerkboostTick, sendUnlockEmails } from '../modules/perkboost/perkboost.service';
import { closeCheckoutPagesForDeals, expireStaleOrders, settleRefunds } from '../modules/checkout/checkout.service';
import { expireStaleCharges } from '../modules/billing/billing.service';
import { redeliverSandboxWebhooks, runSandboxSubscriptions } from '../modules/sandbox/sandbox.service';
import { closePayoutPeriods } from '../modules/payouts/payouts.service';

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
 * Scheduled work. Every instance runs the timers; each tick takes a PostgreSQL advisory lock so
 * only one instance does the work.
 */
export function startJobs(app: FastifyInstance) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const res = await runDealsTick(app);
      if (res.unlocked.length || res.expired) app.log.info({ unlocked: res.unlocked.length, expired: res.expired }, 'perkboost tick');
      await pruneRateLimits(app.db, 24 * 60 * 60_000);
    } catch (err) {
      app.log.error({ err }, 'perkboost tick failed');
    }
    try {
      const payouts = await closePayoutPeriods(app.db, new Date());
      if (payouts.created) app.log.info({ created: payouts.created }, 'payout periods closed');
    } catch (err) {
      app.log.error({ err }, 'payout period close failed');
    }
    try {
      await expireStaleOrders(app.db);
      await expireStaleCharges(app.db);
      await settleRefunds({ db: app.db, provider: app.payments, mailer: app.mailer, appUrl: app.config.appUrl, log: app.log });
      if (app.payments.name === 'sandbox') {
        await redeliverSandboxWebhooks(app);
        await runSandboxSubscriptions(app);
      }
      await app.mailer.deliverPending();
    } catch (err) {
      app.log.error({ err }, 'checkout and mail tick failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), PERKBOOST_UNLOCK_CHECK_MS);
  timer.unref();
  void tick();
  app.addHook('onClose', async () => clearInterval(timer));
}
