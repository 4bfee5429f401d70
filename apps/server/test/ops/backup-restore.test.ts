import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { seedDemoData } from '../../src/demo/seed';
import { main as backup } from '../../src/cli/db-backup';
import { main as restore } from '../../src/cli/db-restore';
import { deliverSandboxRefundEvents } from '../../src/modules/money';
import { rowsOfDatabase, summarize, type BackupManifest } from '../../src/ops/backup';
import { build, freshDataDir, freshDatabase } from '../build';
import { buy, createDeal, createMerchantSession } from '../factories';
import { emptyDatabase, uploadDealImage } from './backups';

/**
 * `npm run db:backup` and `npm run db:restore` (docs/decisions/0043-backups.md) on this project's database kind:
 * a database with every kind of row (orders, vouchers, a settled refund, payouts, the ledger, sessions, an
 * uploaded image) is backed up, restored into a new empty database, and compared table by table, with the
 * ledger's sums and the image bytes.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `lp-backup-${name}-`));
const dataDir = tmp('source');
const out = tmp('out');
afterAll(() => [dataDir, out].forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** The source: PostgreSQL (a database of this file's), or PGlite kept in DATA_DIR on disk as in production. */
async function sourceDatabase(): Promise<Database & { url?: string }> {
  if (isPostgres) return freshDatabase();
  await freshDataDir(dataDir);
  const database = await openDatabase({ dataDir, migrate: false });
  let closed: Promise<void> | undefined;
  return { ...database, close: () => (closed ??= database.close()) };
}
const source = await sourceDatabase();
const t = await build({ database: source, env: { DATA_DIR: dataDir } });
const cliEnv = (env: Record<string, string>) => ({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'low', ...env });

describe(`backup and restore (${isPostgres ? 'PostgreSQL: pg_dump custom format' : 'PGlite: its data directory dump'})`, () => {
  it('restores every row, the ledger sums and the uploaded images into an empty database, and refuses a database that is not empty', async () => {
    // Demo data: merchants, deals, past sales with their ledger entries and closed payouts.
    expect(await seedDemoData(t.database.db, 'Backup-Test-Pass-1')).toBe(true);
    // A voucher refunded and settled by the provider's event, sessions, and an uploaded image.
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(t.database.db, merchant.merchant.id, { dealPriceCents: 2_500 });
    const customer = await t.loginAs('customer');
    const bought = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const requested = await t.request({
      method: 'POST',
      url: `/api/purchases/${bought[0]!.id}/refund-request`,
      cookie: customer.cookie,
      payload: { reason: 'closed', note: '' },
    });
    expect(
      (await t.request({ method: 'POST', url: `/api/merchant/refund-requests/${requested.json().id}/accept`, cookie: merchant.cookie }))
        .statusCode,
    ).toBe(200);
    // The sandbox sends its charge.refunded event at once; the job would send one that failed.
    await deliverSandboxRefundEvents(t.app.deps);
    await uploadDealImage(t, merchant.cookie);

    const before = await summarize(rowsOfDatabase(t.database));
    for (const table of ['orders', 'purchases', 'order_refunds', 'merchant_payouts', 'ledger_entries', 'sessions'])
      expect(before.tables[table], table).toBeGreaterThan(0);
    expect(Object.keys(before.ledger.byKind)).toEqual(expect.arrayContaining(['sale', 'commission', 'refund']));
    const images = fs.readdirSync(path.join(dataDir, 'uploads', 'deals'));
    expect(images.length).toBeGreaterThan(0);

    // The backup: on PostgreSQL beside the running app; the embedded database only once its server has stopped.
    const url = (t.database as { url?: string }).url;
    if (!isPostgres) {
      expect(await backup(['--out', out], { env: cliEnv({ DATA_DIR: dataDir }), readDotEnv: false })).toBe(1);
      await t.app.close();
      await t.database.close();
    }
    expect(
      await backup(['--out', out], { env: cliEnv({ DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) }), readDotEnv: false }),
    ).toBe(0);
    const [file] = fs.readdirSync(out).filter((f) => f.endsWith('.tar'));
    expect(file).toMatch(new RegExp(`^localperks-${isPostgres ? 'postgres' : 'pglite'}-\\d{8}T\\d{6}Z\\.tar$`));

    // The restore, into a new empty database and a new DATA_DIR.
    const target = await emptyTarget(url);
    const restoredDir = path.join(tmp('restored'), 'data');
    const targetEnv = cliEnv({ DATA_DIR: restoredDir, ...(target.url ? { DATABASE_URL: target.url } : {}) });
    // The manifest holds the source's counts and sums; the restore answers 0 only when the restored database has them.
    const manifest = JSON.parse(
      execFileSync('tar', ['-xOf', path.join(out, file!), './manifest.json'], { encoding: 'utf8' }),
    ) as BackupManifest;
    expect({ lastMigration: manifest.database.lastMigration, tables: manifest.database.tables, ledger: manifest.database.ledger }).toEqual(
      before,
    );
    expect(await restore([path.join(out, file!)], { env: targetEnv, readDotEnv: false })).toBe(0);
    // Read by the test itself: the restored database has the source's rows and sums.
    expect(await summaryOf(target.url, restoredDir)).toEqual(before);
    for (const name of images)
      expect(
        fs
          .readFileSync(path.join(restoredDir, 'uploads', 'deals', name))
          .equals(fs.readFileSync(path.join(dataDir, 'uploads', 'deals', name))),
      ).toBe(true);

    // A second restore onto the restored database is refused: it is not empty.
    expect(await restore([path.join(out, file!)], { env: targetEnv, readDotEnv: false })).toBe(1);
    await target.drop();
  }, 120_000);
});

/** A new, empty PostgreSQL database on the test server, or none for PGlite (its DATA_DIR is the target). */
async function emptyTarget(sourceUrl: string | undefined): Promise<{ url?: string; drop(): Promise<void> }> {
  return sourceUrl ? emptyDatabase(sourceUrl) : { drop: async () => {} };
}

/** The restored database's row counts and ledger sums, read by the test: PostgreSQL at `url`, else PGlite in `dataDir`. */
async function summaryOf(url: string | undefined, dataDir: string) {
  const database = url ? await openDatabase({ url, poolSize: 1, migrate: false }) : await openDatabase({ dataDir, migrate: false });
  try {
    return await summarize(rowsOfDatabase(database));
  } finally {
    await database.close();
  }
}
