import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS } from './db/seed/seed';
import { startJobs } from './jobs';
import { hasAdmin, loadDotEnv, openConfiguredDatabase, seedOnStart } from './start';
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
  const app = await buildApp({ config, database, serveWeb: process.env.SERVE_WEB !== 'false' });

  const jobs = await startJobs(app, database);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
      `    admin     ${DEMO_ACCOUNTS.admin.email}`,
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
