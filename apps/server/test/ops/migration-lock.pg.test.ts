import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { migrationLockHolders, openDatabase, type StartupLog } from '../../src/db/client';
import { LOCK_IDS } from '../../src/lib/lock-ids';
import { freshDatabase } from '../build';

/**
 * An instance starting while another one migrates (docs/decisions/0044-rolling-migrations.md): it says once
 * who holds the migration lock and how long it will wait, then either goes on when the lock is released or
 * gives up with the holder named, instead of waiting for ever.
 */
/**
 * A session of its own on a fresh database, as another instance holds its connection. A failed expectation
 * must not leave a lock held for the next test (advisory locks are per session and nest): each test ends
 * with the session's locks released.
 */
async function sessionOnFreshDatabase(applicationName: string) {
  const database = await freshDatabase();
  const dbUrl = (database as { url?: string }).url!;
  await database.close();
  const client = new pg.Client({ connectionString: dbUrl, application_name: applicationName });
  await client.connect();
  afterAll(() => client.end());
  afterEach(() => client.query('select pg_advisory_unlock_all()'));
  return { url: dbUrl, client };
}

const { url, client: migrating } = await sessionOnFreshDatabase('lp-long-migration');
/** An instance migrating another database on the same server: same lock key, but not our lock (locks are per database). */
const { client: otherDatabase } = await sessionOnFreshDatabase('lp-other-database');

function capture() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  const log: StartupLog = {
    info: (_o, msg) => void lines.push({ level: 'info', msg }),
    warn: (_o, msg) => void lines.push({ level: 'warn', msg }),
  };
  return { lines, log };
}

describe('the migration lock at start', () => {
  it('gives up after its timeout with a clear error naming the instance that holds it', async () => {
    await migrating.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    const { lines, log } = capture();
    const started = Date.now();
    const error = await openDatabase({ url, migrationLockTimeoutMs: 1_000, log }).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(error?.message).toMatch(
      /^gave up after 1 s waiting for the migration lock held by pid \d+ \(lp-long-migration\), busy for \d+ s/,
    );
    expect(error?.message).toContain('The running instances keep serving');
    expect(lines).toEqual([
      { level: 'warn', msg: expect.stringMatching(/^waiting up to 1 s for the migration lock held by pid \d+ \(lp-long-migration\)/) },
    ]);
    await migrating.query('select pg_advisory_unlock($1::bigint)', [LOCK_IDS.migrations]);
  });

  it('goes on as soon as the other instance releases it', async () => {
    await migrating.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    const { lines, log } = capture();
    const opening = openDatabase({ url, migrationLockTimeoutMs: 30_000, log });
    await vi.waitFor(() => expect(lines.map((l) => l.level)).toEqual(['warn']), { timeout: 10_000, interval: 20 });
    await migrating.query('select pg_advisory_unlock($1::bigint)', [LOCK_IDS.migrations]);
    const opened = await opening;
    await opened.close();
    expect(lines[1]).toEqual({ level: 'info', msg: expect.stringMatching(/^migration lock taken after \d+ ms$/) });
  });

  it('names the holder in its own database, not an instance migrating another database on the same server', async () => {
    // Either order: the other database's holder first and last.
    await otherDatabase.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    await migrating.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    await otherDatabase.query('select pg_advisory_unlock($1::bigint)', [LOCK_IDS.migrations]);
    await otherDatabase.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    expect((await migrationLockHolders(migrating)).map((h) => h.application_name)).toEqual(['lp-long-migration']);
    const { lines, log } = capture();
    const error = await openDatabase({ url, migrationLockTimeoutMs: 1_000, log }).then(
      () => null,
      (err: unknown) => err as Error,
    );
    expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(/held by pid \d+ \(lp-long-migration\)/)]);
    expect(error?.message).toMatch(/held by pid \d+ \(lp-long-migration\)/);
  });

  it('is not held up by the same lock taken in another database', async () => {
    await otherDatabase.query('select pg_advisory_lock($1::bigint)', [LOCK_IDS.migrations]);
    const { lines, log } = capture();
    const opened = await openDatabase({ url, migrationLockTimeoutMs: 1_000, log });
    await opened.close();
    expect(lines).toEqual([]);
  });

  it('takes a free lock without a word', async () => {
    const { lines, log } = capture();
    const opened = await openDatabase({ url, log });
    await opened.close();
    expect(lines).toEqual([]);
  });
});
