import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import pg from 'pg';
import { desc, eq, sql } from 'drizzle-orm';
import type { Role } from '@localperks/shared';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { emailOutbox } from '../src/db/schema';
import { createUser } from '../src/modules/auth/auth.service';
import { sessions } from '../src/db/schema';

export const TEST_PASSWORD = 'Sup3rSecret!';
export const ORIGIN = 'http://localhost:3000';
/** PGlite's buffer pool for a test file's database: a small database starts faster with a small pool (client.ts). */
export const TEST_SHARED_BUFFERS = '16MB';

/**
 * A fresh database of this test file's own: an in-memory PGlite opened from the migrated snapshot that
 * global-pglite.ts made, or a new database on the test PostgreSQL server cloned from the template that
 * global-postgres.ts migrated. Migrations ran once, in the global setup.
 */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return freshPglite();
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrate: false });
  return Object.assign(database, { url: url.toString() });
}

/**
 * The migrated snapshot as a Blob, read once per worker process: files run one after another in a worker
 * (isolate: false), and a Blob is immutable, so every database opened from it still starts from the same
 * bytes. Saves reading and copying the ~40 MB tarball for every test file.
 */
let snapshotBlob: { file: string; blob: Promise<Blob> } | undefined;
function pgliteSnapshot(): Promise<Blob> {
  const file = inject('pgliteSnapshot');
  if (snapshotBlob?.file !== file) snapshotBlob = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  return snapshotBlob.blob;
}

/**
 * PGlite: the worker's kept database, emptied back to the migrated snapshot, when no file is using it; else a
 * new one opened from the snapshot. Opening PGlite costs about a CPU-second (WebAssembly PostgreSQL starting,
 * the snapshot unpacked into its memory, the previous instance's memory collected), emptying it a few
 * hundredths: a worker runs many files in turn (isolate: false), and most open one database each.
 *
 * The kept database is handed out only when it is exactly as the snapshot left it: every table of the app
 * emptied and its identity sequences restarted (the snapshot's only rows are the migrator's own), the session
 * reset (DISCARD ALL: settings, prepared statements, advisory locks, LISTENs), nothing listening through
 * it, and the same tables, columns, constraints, functions, triggers and applied migrations as the snapshot.
 * A file that changed any of those (a test that adds a trigger, or removes a migration's row) leaves it
 * behind: the worker closes it and opens a new one. A second database a file opens while it holds the
 * kept one is a new one of its own, closed as usual.
 */
interface KeptPglite {
  database: Database;
  inUse: boolean;
  listening: number;
  tables: string;
  fingerprint: string;
}
let kept: KeptPglite | undefined;

async function freshPglite(): Promise<Database> {
  const reusable = kept && !kept.inUse ? kept : undefined;
  if (reusable) {
    reusable.inUse = true;
    if (await backToSnapshot(reusable)) return lend(reusable);
    kept = undefined;
    await reusable.database.close().catch(() => {});
  }
  const database = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: await pgliteSnapshot(),
    migrate: false,
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
  if (kept) return database;
  const tables = await rows<{ name: string }>(
    database,
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`,
  );
  kept = {
    database,
    inUse: true,
    listening: 0,
    tables: tables.map((t) => t.name).join(', '),
    fingerprint: await schemaFingerprint(database),
  };
  return lend(kept);
}

/** The kept database for one file: closing it hands it back; what listens through it is counted. */
function lend(k: KeptPglite): Database {
  return {
    ...k.database,
    close: async () => {
      k.inUse = false;
    },
    async listen(channel, onMessage, onReconnect) {
      const stop = await k.database.listen(channel, onMessage, onReconnect);
      k.listening++;
      let stopped = false;
      return async () => {
        if (!stopped) k.listening--;
        stopped = true;
        await stop();
      };
    },
  };
}

async function backToSnapshot(k: KeptPglite): Promise<boolean> {
  if (k.listening !== 0) return false;
  try {
    // The ledger refuses TRUNCATE by a trigger (append-only, migration 0014): triggers are off for this session
    // while it empties the tables (as for a replica), and DISCARD ALL turns them back on.
    await k.database.db.execute(sql.raw('set session_replication_role = replica'));
    await k.database.db.execute(sql.raw(`truncate table ${k.tables} restart identity cascade`));
    await k.database.db.execute(sql.raw('discard all'));
    return (await schemaFingerprint(k.database)) === k.fingerprint;
  } catch {
    // A transaction left open, a lock held elsewhere: not reusable.
    return false;
  }
}

/** What a file could have changed besides the rows: the schema objects and the applied migrations. */
async function schemaFingerprint(database: Database): Promise<string> {
  const [row] = await rows<{ fingerprint: string }>(
    database,
    `select concat_ws(' ',
       (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')),
       (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and a.attnum > 0 and not a.attisdropped),
       (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname in ('public', 'drizzle')),
       (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'),
       (select count(*) from pg_trigger where not tgisinternal),
       (select count(*) from pg_extension),
       (select count(*) from pg_namespace),
       (select string_agg(id || ':' || hash || ':' || created_at, ',' order by id) from drizzle.__drizzle_migrations)
     ) as fingerprint`,
  );
  return row!.fingerprint;
}

async function rows<T>(database: Database, text: string): Promise<T[]> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  return ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/**
 * PGlite only: a data directory on disk holding the migrated snapshot, for a test that starts the real
 * server (or a CLI) with DATA_DIR. The server then finds a database with every migration applied and
 * starts on it, instead of running initdb and every migration itself (global-pglite.ts does that once a run,
 * and production-start.test.ts's admin:create test still starts on an empty DATA_DIR).
 */
export async function freshDataDir(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir, loadDataDir: await pgliteSnapshot(), migrate: false });
  await database.close();
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  request(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  createUser(role: Role, overrides?: { email?: string; name?: string; verified?: boolean }): Promise<{ id: string; email: string }>;
  loginAs(role: Role, overrides?: { email?: string; name?: string }): Promise<{ cookie: string; user: { id: string; email: string } }>;
  lastMail(to: string, kind?: string): Promise<typeof emailOutbox.$inferSelect | undefined>;
}

/** Builds the app on a fresh database and closes both after the file's tests. */
export async function build(opts: Partial<Omit<BuildOptions, 'database'>> & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await freshDatabase();
  // Listings are read right after writes in tests: no micro-cache unless a test asks for one. Passwords are
  // hashed at the test-only low cost (every user a test creates or signs in pays it), unless a test asks.
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: ORIGIN,
    LOG_LEVEL: 'silent',
    BROWSE_CACHE_MS: '0',
    PASSWORD_HASH_COST: 'low',
    ...opts.env,
  });
  const app = await buildApp({ config, database, logger: false, ...opts });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  // The work a route leaves for after its response (e.g. sign-up mail) is done before the test goes on.
  const request: TestApp['request'] = async ({ cookie, headers, ...rest }) => {
    const res = await app.inject({ ...rest, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers } });
    await app.afterResponse.settled();
    return res;
  };

  const makeUser: TestApp['createUser'] = async (role, o = {}) => {
    const email = o.email ?? `${role}-${randomUUID().slice(0, 8)}@test.example`;
    const u = await createUser(
      database.db,
      {
        email,
        password: TEST_PASSWORD,
        name: o.name ?? `Test ${role}`,
        role,
        verified: o.verified ?? true,
      },
      app.deps.clock.now(),
    );
    return { id: u.id, email: u.email };
  };

  return {
    app,
    database,
    request,
    createUser: makeUser,
    async loginAs(role, o = {}) {
      const user = await makeUser(role, o);
      const res = await request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      const cookie = sessionCookie(res);
      if (role === 'admin') {
        // Until the admin code step exists in a test, mark this session as having passed it.
        const { sha256 } = await import('../src/lib/crypto');
        await database.db
          .update(sessions)
          .set({ secondFactorAt: new Date() })
          .where(eq(sessions.id, sha256(cookie.split('=')[1]!)));
      }
      return { cookie, user };
    },
    async lastMail(to, kind) {
      const rows = await database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to.toLowerCase()))
        .orderBy(desc(emailOutbox.createdAt));
      return rows.find((r) => !kind || r.kind === kind);
    },
  };
}

/** `lp_session=…` from a response's Set-Cookie. */
export function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'lp_session');
  if (!c) throw new Error('no session cookie set');
  return `lp_session=${c.value}`;
}

export function linkFrom(text: string, path: string): URL {
  const m = text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*`));
  if (!m) throw new Error(`no ${path} link in mail:\n${text}`);
  return new URL(m[0]);
}
