import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS } from './demo/seed';
import { startJobs } from './jobs';
import { transferDuePayouts } from './modules/money';
import { guardDemoPasswords, hasAdmin, loadDotEnv, openConfiguredDatabase, seedOnStart, StartRefusedError } from './start';
import { paths } from '@localperks/shared';

async function main() {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  const seeded = await seedOnStart(database.db, config);
  try {
    const { reset } = await guardDemoPasswords(database.db, config);
    if (reset.length) console.log(`  ${reset.length} demo accounts had the published password: they now have DEMO_PASSWORD.`);
  } catch (err) {
    if (err instanceof StartRefusedError) {
      console.error(err.message);
      await database.close();
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config, database, serveWeb: process.env.SERVE_WEB !== 'false' });
  // The demo's closed payouts to accounts that are active are transferred now, as the payout job would within a minute.
  if (seeded && app.deps.payments.name === 'sandbox')
    await transferDuePayouts(app.deps).catch((err: unknown) =>
      app.log.error({ err }, 'demo payouts: transfer failed (the payout job retries)'),
    );

  const jobs = await startJobs(app.deps, database);

  /**
   * Graceful stop (SIGTERM from the orchestrator, Ctrl-C; docs/decisions/0040-safe-at-scale.md):
   * /api/ready turns 503 and the event streams end with `retry: 1000`, while the instance keeps
   * serving for SHUTDOWN_DRAIN_MS (5 s in production) so the load balancer sees it and sends nothing
   * more; every answer meanwhile closes its connection. Jobs stop taking work at once and finish what
   * runs (pg-boss, up to 10 s). Then the listener closes, idle connections close, the requests in
   * flight finish, the database closes and the process exits 0. A second signal cuts the drain
   * short; a shutdown stuck for 30 s after the drain exits 1.
   */
  let isShuttingDown = false;
  let endDrain = () => {};
  const shutdown = async (signal: string) => {
    if (isShuttingDown) {
      endDrain();
      return;
    }
    isShuttingDown = true;
    const drainMs = config.SHUTDOWN_DRAIN_MS;
    app.log.info({ signal, drainMs }, 'shutting down: draining');
    setTimeout(() => {
      app.log.error('shutdown did not finish within 30 s of the drain; exiting');
      process.exit(1);
    }, drainMs + 30_000).unref();
    try {
      app.startDraining();
      const jobsStopped = jobs.stop();
      await new Promise<void>((resolve) => {
        endDrain = resolve;
        setTimeout(resolve, drainMs);
      });
      app.log.info('drained: closing the listener');
      await app.close();
      await jobsStopped;
      await database.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = ['', `  LocalPerks is running at ${config.appUrl}`, `  Database: ${where}${seeded ? ' (demo data seeded)' : ''}`];
  if (config.SEED_DEMO) {
    lines.push(
      '',
      // A production password of one's own is not printed into the logs.
      `  Demo accounts (password: ${config.isProduction ? 'DEMO_PASSWORD' : config.DEMO_PASSWORD})`,
      `    customer  ${DEMO_ACCOUNTS.customer.email}`,
      `    merchant  ${DEMO_ACCOUNTS.merchant.email}`,
      `    admin     ${DEMO_ACCOUNTS.admin.email} (owner; ${DEMO_ACCOUNTS.support.email} and ${DEMO_ACCOUNTS.finance.email} have the support and finance roles)`,
      `    staff     ${DEMO_ACCOUNTS.manager.email} (manager) and ${DEMO_ACCOUNTS.redeemer.email} (redeemer) of the merchant's business`,
    );
  }
  if (!(await hasAdmin(database.db))) lines.push('', '  No admin account yet: npm run admin:create -- --email you@example.com');
  if (!config.SMTP_URL && !config.isProduction)
    lines.push('', `  Mail is not sent out: read it at ${config.appUrl}${paths.devMailbox} (from this machine only)`);
  lines.push(
    config.paymentProvider === 'stripe'
      ? '  Payments: Stripe Checkout'
      : `  Payments: sandbox test page${config.isProduction ? ' (WARNING: test payments in production)' : ''}: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined`,
  );
  if (config.API_DOCS) lines.push(`  API documentation: ${config.appUrl}/api/docs`);
  lines.push(`  Listening on ${config.HOST}:${config.PORT}`, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
