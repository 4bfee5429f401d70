import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import pg from 'pg';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminRole, Role } from '@localperks/shared';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { emailOutbox } from '../src/db/schema';
import { createUser } from '../src/modules/accounts';
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
  /** The loan it is out on, if any: only that loan can hand it back. */
  loan: object | undefined;
  listening: number;
  tables: string;
  fingerprint: string;
}
let kept: KeptPglite | undefined;

async function freshPglite(): Promise<Database> {
  const reusable = kept && !kept.loan ? kept : undefined;
  if (reusable) {
    const loan = {};
    reusable.loan = loan;
    if (await backToSnapshot(reusable)) return lend(reusable, loan);
    if (kept === reusable) kept = undefined;
    await reusable.database.close().catch(() => {});
  }
  const database = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: await pgliteSnapshot(),
    migrate: false,
    sharedBuffers: TEST_SHARED_BUFFERS,
  });
  if (kept) return database;
  const tables = await rowsOf<{ name: string }>(
    database,
    sql.raw(`select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1`),
  );
  const fingerprint = await schemaFingerprint(database);
  // Another call may have kept one meanwhile: this one is then the caller's own.
  if (kept) return database;
  const loan = {};
  kept = { database, loan, listening: 0, tables: tables.map((t) => t.name).join(', '), fingerprint };
  return lend(kept, loan);
}

/**
 * The kept database on one loan: closing it hands it back, once; after that the handle refuses to be used
 * (a file that wrote through it later would write into the next file's database). What listens through it
 * is counted.
 */
function lend(k: KeptPglite, loan: object): Database {
  const current = () => {
    if (k.loan !== loan) throw new Error('this test database was closed (handed back to the worker for its next file)');
  };
  const db = new Proxy(k.database.db, {
    get(target, property, receiver) {
      current();
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return {
    ...k.database,
    db,
    close: async () => {
      if (k.loan === loan) k.loan = undefined;
    },
    async rawQuery(text, values) {
      current();
      return k.database.rawQuery(text, values);
    },
    async listen(channel, onMessage, onReconnect) {
      current();
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

/**
 * What a file could have changed besides the rows, as one hash of the definitions: tables and their columns
 * (type, NOT NULL, default), indexes, constraints, functions, triggers (and whether each is enabled), enum
 * values, row security and policies, sequences' settings, schemas, extensions, database and role settings,
 * and the applied migrations.
 */
async function schemaFingerprint(database: Database): Promise<string> {
  const [row] = await rowsOf<{ fingerprint: string }>(
    database,
    sql.raw(`with ns as (select oid, nspname from pg_namespace where nspname in ('public', 'drizzle'))
     select md5(concat_ws(E'\n',
       (select string_agg(format('%s.%s %s %s %s', n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity), ',' order by format('%s.%s %s %s %s', n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity))
          from pg_class c join ns n on n.oid = c.relnamespace),
       (select string_agg(format('%s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                 pg_get_expr(d.adbin, d.adrelid)), ',' order by format('%s.%s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                 pg_get_expr(d.adbin, d.adrelid)))
          from pg_attribute a join pg_class c on c.oid = a.attrelid join ns n on n.oid = c.relnamespace
          left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attnum > 0 and not a.attisdropped),
       (select string_agg(pg_get_indexdef(i.indexrelid), ',' order by pg_get_indexdef(i.indexrelid)) from pg_index i join pg_class c on c.oid = i.indexrelid join ns n on n.oid = c.relnamespace),
       (select string_agg(format('%s %s', k.conname, pg_get_constraintdef(k.oid)), ',' order by format('%s %s', k.conname, pg_get_constraintdef(k.oid))) from pg_constraint k join ns n on n.oid = k.connamespace),
       (select string_agg(pg_get_functiondef(p.oid), ',' order by pg_get_functiondef(p.oid)) from pg_proc p join ns n on n.oid = p.pronamespace where p.prokind in ('f', 'p')),
       (select string_agg(format('%s %s', pg_get_triggerdef(t.oid), t.tgenabled), ',' order by format('%s %s', pg_get_triggerdef(t.oid), t.tgenabled)) from pg_trigger t where not t.tgisinternal),
       (select string_agg(format('%s %s', e.enumtypid::regtype, e.enumlabel), ',' order by format('%s %s', e.enumtypid::regtype, e.enumlabel)) from pg_enum e),
       (select string_agg(format('%s %s', p.polname, p.polrelid::regclass), ',' order by format('%s %s', p.polname, p.polrelid::regclass)) from pg_policy p),
       (select string_agg(format('%s %s %s %s %s %s', s.seqrelid::regclass, s.seqstart, s.seqincrement, s.seqmax, s.seqmin, s.seqcycle), ',' order by format('%s %s %s %s %s %s', s.seqrelid::regclass, s.seqstart, s.seqincrement, s.seqmax, s.seqmin, s.seqcycle)) from pg_sequence s),
       (select string_agg(nspname, ',' order by nspname) from pg_namespace),
       (select string_agg(format('%s %s', extname, extversion), ',' order by format('%s %s', extname, extversion)) from pg_extension),
       (select string_agg(array_to_string(setconfig, ' '), ',' order by array_to_string(setconfig, ' ')) from pg_db_role_setting),
       (select string_agg(format('%s:%s:%s', id, hash, created_at), ',' order by id) from drizzle.__drizzle_migrations)
     )) as fingerprint`),
  );
  return row!.fingerprint;
}

/** The rows of a raw query on a test database. */
export async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
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
  createUser(
    role: Role,
    overrides?: { email?: string; name?: string; verified?: boolean; adminRole?: AdminRole },
  ): Promise<{ id: string; email: string }>;
  /** An admin is an owner unless `adminRole` says otherwise. */
  loginAs(
    role: Role,
    overrides?: { email?: string; name?: string; adminRole?: AdminRole },
  ): Promise<{ cookie: string; user: { id: string; email: string } }>;
  lastMail(to: string, kind?: string): Promise<typeof emailOutbox.$inferSelect | undefined>;
}

/** Builds the app on a fresh database (or the one given) and closes both after the file's tests. */
export async function build(
  opts: Partial<Omit<BuildOptions, 'database'>> & { env?: Record<string, string>; database?: Database } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase());
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
  const { database: _given, ...buildOptions } = opts;
  const app = await buildApp({ config, database, logger: false, ...buildOptions });
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
        adminRole: o.adminRole,
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
