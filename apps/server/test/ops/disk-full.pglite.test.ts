import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { freshDataDir, ORIGIN, TEST_PASSWORD, type TestApp } from '../build';
import { buy, createDeal, createMerchant, TEST_BILLING } from '../factories';
import { createUser } from '../../src/modules/accounts';
import { smallDisk } from '../small-disk';

/**
 * The disk fills up under the embedded database (PGlite mode, DATA_DIR on that disk; docs/decisions/0046).
 * What users see: anything that saves answers 503 "cannot save anything right now, try again in a few
 * minutes" (pages that only read keep working); the log has one clear line, not one per request. Once space
 * is back everything works again, and the data directory opens with every row and sum as it was, its indexes
 * checked by amcheck.
 *
 * The disk is a small tmpfs mounted for the test (root on the development machine and CI); where mounting is
 * not allowed, writes to the data directory fail with ENOSPC by injection (test/small-disk.ts says how).
 */
const disk = smallDisk(96);
afterAll(() => disk.close());
const dataDir = path.join(disk.dir, 'data');
await freshDataDir(dataDir);

const logs: string[] = [];
async function open(): Promise<{ database: Database; t: Pick<TestApp, 'request'> & { app: TestApp['app'] } }> {
  const database = await openDatabase({ dataDir, migrate: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: ORIGIN,
    LOG_LEVEL: 'warn',
    BROWSE_CACHE_MS: '0',
    PASSWORD_HASH_COST: 'low',
    DATA_DIR: disk.dir,
  });
  const app = await buildApp({ config, database, logStream: { write: (line) => void logs.push(line) } });
  await app.ready();
  const request: TestApp['request'] = async ({ cookie, headers, ...rest }) => {
    const res = await app.inject({ ...rest, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
    await app.afterResponse.settled();
    return res;
  };
  return { database, t: { app, request } };
}

/** Row counts of every table and the ledger's sums: what must survive the full disk unchanged. */
async function fingerprint(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const one = async (text: string) => (await query(text)).rows[0]!;
  const tables = (await query(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[String(name)] = Number((await one(`select count(*)::int as n from public."${String(name)}"`)).n);
  const ledger = await one(`select count(*)::int as entries, coalesce(sum(amount_cents), 0)::text as sum from ledger_entries`);
  const payable = Number((await one(`select count(*)::int as n from orders where provider_session_id is not null`)).n);
  return { counts, ledger, payable };
}

/** A checkout: the order is written in the request itself, so a failed write is the buyer's answer. */
const checkout = (t: Pick<TestApp, 'request'>, cookie: string, dealId: string) =>
  t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items: [{ dealId, quantity: 1 }], billing: TEST_BILLING } });

describe(`the disk full under the embedded database (${disk.kind})`, () => {
  it('answers 503 with one clear log line while full, and the data directory opens intact with its sums once space is back', async () => {
    const first = await open();
    const db = first.database.db;
    const { merchant } = await createMerchant(db);
    const deal = await createDeal(db, merchant.id, { dealPriceCents: 2_000 });
    const customer = await createUser(
      db,
      { email: 'full-disk@test.example', password: TEST_PASSWORD, role: 'customer', verified: true },
      new Date(),
    );
    const login = await first.t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    const cookie = `lp_session=${login.cookies.find((c) => c.name === 'lp_session')!.value}`;
    await buy({ ...first.t, database: first.database } as TestApp, cookie, [{ dealId: deal.id, quantity: 2 }]);
    await first.database.db.execute(sql`checkpoint`);
    const before = await fingerprint((text) => first.database.rawQuery(text));
    expect(before.ledger.entries).toBeGreaterThan(0);

    // Saves go on while the tables' last pages have room; the first one that needs the disk to grow fails, and
    // from then on every save does (a refused checkout leaves no order).
    disk.fill();
    let accepted = 0;
    const refused = [];
    for (let i = 0; refused.length < 5 && i < 400; i++) {
      const res = await checkout(first.t, cookie, deal.id);
      if (res.statusCode === 200 && refused.length === 0) accepted++;
      else refused.push(res);
    }
    // What a user sees: a clear 503 saying to come back, for every save while the disk is full.
    for (const res of refused) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json().error).toMatchObject({
        code: 'UNAVAILABLE',
        message: 'LocalPerks cannot save anything right now. Please try again in a few minutes.',
      });
    }
    // Reading still works.
    expect((await first.t.request({ method: 'GET', url: `/api/deals/${deal.id}` })).statusCode).toBe(200);
    expect(refused).toHaveLength(5);
    // One clear line for the five refusals.
    const lines = logs.filter((l) => l.includes('"outage":"disk-full"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 50,
      msg: expect.stringMatching(/^disk full: writes fail and are answered 503 until space is freed \(.*No space left on device\)$/),
    });

    // Space is back: saving works again at once. The refused sign-ups left nothing behind.
    disk.free();
    expect((await checkout(first.t, cookie, deal.id)).statusCode).toBe(200);
    const saved = await fingerprint((text) => first.database.rawQuery(text));
    // Every checkout that was answered has its order and payment page; a refused one has none (at most an order
    // row without a payment page, which can never be paid and is closed by the stale-order job).
    expect(saved.payable).toBe(before.payable + accepted + 1);
    expect(saved.counts.purchases).toBe(before.counts.purchases);
    expect(saved.ledger).toEqual(before.ledger);
    await first.t.app.close();
    await first.database.close();

    // The data directory opens again with every row and sum as they were, and no index was left corrupt by the
    // failed writes (amcheck's B-tree check on every index; a B-tree on a place compares with cube's functions).
    const reopened = await PGlite.create(dataDir, { extensions: { amcheck, pg_trgm, cube } });
    try {
      expect(await fingerprint((text) => reopened.query(text))).toEqual(saved);
      await reopened.exec('create extension if not exists amcheck');
      const { rows } = await reopened.query<{ n: number }>(
        `select count(bt_index_check(c.oid, true))::int as n from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am am on am.oid = c.relam join pg_namespace ns on ns.oid = c.relnamespace where am.amname = 'btree' and ns.nspname = 'public'`,
      );
      expect(rows[0]!.n).toBeGreaterThan(20);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
