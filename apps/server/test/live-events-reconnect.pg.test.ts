import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { DealEvent } from '@localperks/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { build, ORIGIN } from './build';
import { createBoostDeal, createMerchant } from './factories';
import { openSse } from './sse';

// Two instances on one PostgreSQL database; the test's own connection kills every connection the
// instances hold (what a server restart, a failover or an idle-connection reaper does to them).
const t = await build();
const url = (t.database as { url?: string }).url!;
const otherDatabase = await openDatabase({ url, applicationName: 'localperks-b' });
const other = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', APP_URL: ORIGIN, LOG_LEVEL: 'silent', BROWSE_CACHE_MS: '0' }),
  database: otherDatabase,
  logger: false,
});
await other.ready();
const admin = new pg.Client({ connectionString: url });
await admin.connect();
afterAll(async () => {
  await admin.end();
  await other.close();
  await otherDatabase.close();
});

/** Terminates every connection to the test database but the test's own; returns how many. */
async function killInstanceConnections() {
  const res = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return res.rowCount ?? 0;
}

/** The LISTEN connection of an instance (by application_name) is back and listening. */
const isListening = async (applicationName: string) =>
  (
    await admin.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1 and query ilike 'listen%'",
      [applicationName],
    )
  ).rows[0].n > 0;

describe('lost database connections', () => {
  it('do not end the process: the instance keeps serving, re-LISTENs, and events from another instance still reach its open streams', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createBoostDeal(t.database.db, merchant.id, 10, 1);
    const { cookie } = await t.loginAs('customer');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // Every pool holds idle connections and each instance its LISTEN connection.
    expect((await t.request({ method: 'GET', url: '/api/deals' })).statusCode).toBe(200);
    expect((await other.inject({ method: 'GET', url: '/api/deals' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect(await isListening('localperks')).toBe(true), { timeout: 5000 });
    const before = t.app.events.size;
    const stream = await openSse(`${base}/api/events?deals=${deal.id}`);
    await vi.waitFor(() => expect(t.app.events.size).toBe(before + 1), { timeout: 10_000, interval: 20 });

    expect(await killInstanceConnections()).toBeGreaterThanOrEqual(4);

    // The instance answers again from the database (a query already on a killed connection may fail once).
    await vi.waitFor(
      async () => {
        expect((await t.request({ method: 'GET', url: '/api/deals' })).statusCode).toBe(200);
        expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
    // Its LISTEN connection came back by itself.
    await vi.waitFor(async () => expect(await isListening('localperks')).toBe(true), { timeout: 10_000, interval: 50 });

    // A vote on the other instance (serving again too) reaches the stream open on this one, within 2 s.
    await vi.waitFor(async () => expect((await other.inject({ method: 'GET', url: '/api/deals' })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    const vote = await other.inject({ method: 'POST', url: `/api/deals/${deal.id}/vote`, headers: { origin: ORIGIN, cookie } });
    expect(vote.statusCode).toBe(200);
    const voted = Date.now();
    const block = await stream.waitFor((b) => b.event === 'deal', { timeoutMs: 2000 });
    expect(Date.now() - voted).toBeLessThan(2000);
    expect(JSON.parse(block.data!) as DealEvent).toMatchObject({ dealId: deal.id, currentVotes: 2 });
    stream.close();
  });
});
