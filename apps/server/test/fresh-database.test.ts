import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { POSTGRES_TEST_SHARED_BUFFERS } from '../../../test/postgres-server';
import { freshDatabase, rowsOf, TEST_SHARED_BUFFERS } from './build';
import { emptyDatabase } from './migrations';

// Each test file's database is a copy of one migrated in the global setup (global-pglite.ts,
// global-postgres.ts); these guard that copy.
describe('a test file’s database', async () => {
  const a = await freshDatabase();
  const b = await freshDatabase();
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('has every committed migration applied, and no rows', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    const applied = await rowsOf<{ created_at: string }>(a, sql`select created_at from drizzle.__drizzle_migrations order by id`);
    expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
    expect(await a.db.select().from(users)).toEqual([]);
  });

  it('is its own: what one copy writes, another does not see', async () => {
    await a.db.insert(users).values({ email: 'only-in-a@test.example', passwordHash: 'x', name: 'A', role: 'customer' });
    expect((await a.db.select().from(users)).map((u) => u.email)).toEqual(['only-in-a@test.example']);
    expect(await b.db.select().from(users)).toEqual([]);
  });

  it('has the buffer pool set for tests: PGlite a small one, the PostgreSQL server the one it was started with', async () => {
    const [setting] = await rowsOf<{ shared_buffers: string }>(a, sql`show shared_buffers`);
    expect(setting!.shared_buffers).toBe(process.env.TEST_DB === 'postgres' ? POSTGRES_TEST_SHARED_BUFFERS : TEST_SHARED_BUFFERS);
  });

  it('on PGlite is the one database of its snapshot: the template databases are left out, so it opens faster', async () => {
    const names = (await rowsOf<{ datname: string }>(a, sql`select datname from pg_database order by datname`)).map((r) => r.datname);
    if (process.env.TEST_DB === 'postgres') expect(names).toEqual(expect.arrayContaining(['postgres', 'template0', 'template1']));
    else expect(names).toEqual(['postgres']);
  });
});

// An empty PGlite costs an initdb (seconds); an empty PostgreSQL database is cheap.
if (process.env.TEST_DB === 'postgres')
  describe('openDatabase', () => {
    it('leaves an empty database unmigrated when told not to migrate', async () => {
      const database = await emptyDatabase();
      try {
        expect(await rowsOf(database, sql`select 1 from information_schema.tables where table_schema in ('public', 'drizzle')`)).toEqual(
          [],
        );
      } finally {
        await database.close();
      }
    });
  });

// A worker keeps one PGlite open and empties it back to the snapshot for its next file (build.ts). The databases
// of the block above are closed by now, so the kept one is free.
if (process.env.TEST_DB !== 'postgres')
  describe('the PGlite a worker keeps between files', () => {
    const startedAt = async (database: Database) =>
      (await rowsOf<{ at: string }>(database, sql`select pg_postmaster_start_time()::text as at`))[0]!.at;

    const emptyTables = async (database: Database) => {
      const tables = await rowsOf<{ name: string }>(
        database,
        sql`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'`,
      );
      const counts = await rowsOf<{ name: string; n: number }>(
        database,
        sql.raw(tables.map((t) => `select '${t.name}' as name, count(*)::int as n from ${t.name}`).join(' union all ')),
      );
      return counts.filter((c) => c.n > 0).map((c) => c.name);
    };

    it('comes back with no rows, its sequences restarted and its session reset; one whose schema changed is not handed out again', async () => {
      const c = await freshDatabase();
      const kept = await startedAt(c);
      await c.db.insert(users).values({ email: 'left-behind@test.example', passwordHash: 'x', name: 'C', role: 'customer' });
      await c.db.execute(sql`insert into live_events (channel, payload) values ('left-behind', '{}')`);
      await c.db.execute(sql`set statement_timeout = '4321ms'`);
      await c.db.execute(sql`select pg_advisory_lock(424242)`);
      await c.close();
      // The handle it was lent on is done with: a late write would land in the next file's database.
      expect(() => c.db.select().from(users)).toThrow(/closed/);

      const d = await freshDatabase();
      try {
        expect(await startedAt(d), 'the same PGlite is handed out again').toBe(kept);
        expect(await emptyTables(d)).toEqual([]);
        const [event] = await rowsOf<{ id: string }>(
          d,
          sql`insert into live_events (channel, payload) values ('first', '{}') returning id`,
        );
        expect(Number(event!.id)).toBe(1);
        expect((await rowsOf<{ statement_timeout: string }>(d, sql`show statement_timeout`))[0]!.statement_timeout).toBe('0');
        expect(await rowsOf(d, sql`select 1 from pg_locks where locktype = 'advisory' and objid = 424242`)).toEqual([]);
        // The triggers are on again: the ledger still refuses TRUNCATE.
        await expect(d.db.execute(sql`truncate ledger_entries`)).rejects.toThrow();
        // Closing the old handle again does not hand back the database another caller holds now.
        await c.close();
        const other = await freshDatabase();
        expect(await startedAt(other)).not.toBe(kept);
        await other.close();
        // A changed definition that leaves every count as it was: a trigger turned off.
        await d.db.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_truncate`);
      } finally {
        await d.close();
      }

      const e = await freshDatabase();
      const fresh = await startedAt(e);
      try {
        expect(fresh, 'a new PGlite, not the one whose schema changed').not.toBe(kept);
        await expect(e.db.execute(sql`truncate ledger_entries`)).rejects.toThrow();
        // Something still listening through a database when it is handed back: not handed out again either.
        await e.listen('left_listening', () => {});
      } finally {
        await e.close();
      }
      const f = await freshDatabase();
      try {
        expect(await startedAt(f), 'a new PGlite, not the one left listening').not.toBe(fresh);
        expect(await emptyTables(f)).toEqual([]);
      } finally {
        await f.close();
      }
    });
  });
