import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, seedDemoData } from './db/seed/seed';
import { startJobs } from './jobs';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  const seeded = config.SEED_DEMO ? await seedDemoData(database.db, config.DEMO_PASSWORD) : false;
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
      `  Demo accounts (password: ${config.DEMO_PASSWORD})`,
      `    customer  ${DEMO_ACCOUNTS.customer.email}`,
      `    merchant  ${DEMO_ACCOUNTS.merchant.email}`,
      `    admin     ${DEMO_ACCOUNTS.admin.email}`,
    );
  }
  if (!config.SMTP_URL && !config.isProduction) lines.push('', `  Mail is not sent out: read it at ${config.appUrl}/dev/mailbox`);
  lines.push(
    config.paymentProvider === 'stripe'
      ? '  Payments: Stripe Checkout'
      : `  Payments: sandbox test page${config.isProduction ? ' (WARNING: test payments in production)' : ''}: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined`,
  );
  lines.push(`  API documentation: ${config.appUrl}/api/docs`, '');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
