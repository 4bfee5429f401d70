import type { FastifyInstance } from 'fastify';
import { PERKBOOST_UNLOCK_CHECK_MS } from '@localperks/shared';
import { pruneRateLimits } from '../lib/rate-limit';
import { runPerkboostTick, sendUnlockEmails } from '../modules/perkboost/perkboost.service';
import { expireStaleOrders } from '../modules/checkout/checkout.service';
import { expireStaleCharges } from '../modules/billing/billing.service';
import { redeliverSandboxWebhooks, runSandboxSubscriptions } from '../modules/sandbox/sandbox.service';
import { closePayoutPeriods } from '../modules/payouts/payouts.service';
import { removeUnusedUploads } from '../modules/merchant-deals/merchant-deals.service';
import { uploadStorage } from '../lib/storage';

/** Unused uploads are looked for once an hour (they are removed once a day old). */
const UPLOAD_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Scheduled work. Every instance runs the timers; each tick takes a PostgreSQL advisory lock so
 * only one instance does the work.
 */
export function startJobs(app: FastifyInstance) {
  let running = false;
  let lastUploadSweep = 0;
  const uploads = uploadStorage(app.config.dataDir);
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const res = await runPerkboostTick(app.db);
      for (const u of res.unlocked) await sendUnlockEmails(app.mailer, app.config.appUrl, u);
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
      if (app.payments.name === 'sandbox') {
        await redeliverSandboxWebhooks(app);
        await runSandboxSubscriptions(app);
      }
      await app.mailer.deliverPending();
    } catch (err) {
      app.log.error({ err }, 'checkout and mail tick failed');
    }
    try {
      if (Date.now() - lastUploadSweep >= UPLOAD_SWEEP_EVERY_MS) {
        lastUploadSweep = Date.now();
        const removed = await removeUnusedUploads(app.db, uploads, new Date());
        if (removed.length) app.log.info({ removed: removed.length }, 'unused uploaded images removed');
      }
    } catch (err) {
      app.log.error({ err }, 'unused upload sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), PERKBOOST_UNLOCK_CHECK_MS);
  timer.unref();
  void tick();
  app.addHook('onClose', async () => clearInterval(timer));
}
