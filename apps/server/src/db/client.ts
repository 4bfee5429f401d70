import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { LOCK_IDS } from '../lib/lock-ids';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Raw SQL for a library that brings its own queries (the job queue, docs/decisions/0009-job-queue.md):
   * one statement with `$n` values, or a script of several statements without values.
   */
  rawQuery(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Raw LISTEN/NOTIFY access for live updates across instances. On PostgreSQL the listening
   * connection comes back by itself after it is lost (with backoff, LISTENing again); `onReconnect`
   * is called then, so the caller can catch up on what was published meanwhile.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Connections of this instance: PostgreSQL's pool (total, idle, waiting); PGlite is one embedded connection. */
  poolStats(): { total: number; idle?: number; waiting?: number };
  /**
   * Where lost-connection errors are reported (the app's logger once it exists). A database error
   * never ends the process: the pool drops the broken connection and opens another on demand.
   */
  reportErrorsTo(log: ErrorLog): void;
  /** PGlite only: the whole data directory as an uncompressed tarball, for `openDatabase({ loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
}

/** The part of a pino logger the database reports to. */
export interface ErrorLog {
  warn(obj: object, msg: string): void;
}

/** Where start-up lines go before the app's logger exists (the migration lock, ops/startup-log.ts). */
export interface StartupLog extends ErrorLog {
  info(obj: object, msg: string): void;
}

const consoleLog: StartupLog = {
  warn: (obj, msg) => console.error(msg, (obj as { err?: Error }).err?.message ?? ''),
  info: (_obj, msg) => console.error(msg),
};

/** How long an instance waits at start for another one's migrations before it gives up (MIGRATION_LOCK_TIMEOUT_SECONDS). */
export const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 5 * 60_000;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The committed SQL migrations, found next to the source or next to the bundled server. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(here, 'migrations'),
    path.resolve(here, '../src/db/migrations'),
    path.resolve(here, '../../src/db/migrations'),
  ];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL server's URL; without it, embedded PGlite. */
  url?: string;
  /** PGlite's data directory, or `memory://` (the default) for an in-memory database. */
  dataDir?: string;
  /** PGlite only: start from this data directory tarball (made with `dumpDataDir()`) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * PGlite only: its `shared_buffers` (PostgreSQL's default, 128MB, unless given). The API tests open a
   * database for every test file and use `16MB`: such a small database starts in a third less time
   * (docs/decisions/0033-faster-suite.md).
   */
  sharedBuffers?: string;
  /**
   * Apply the committed migrations before returning (the default). Tests turn it off for a database
   * cloned from one that was already migrated.
   */
  migrate?: boolean;
  /** PostgreSQL only: connections per instance (DB_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL only: the `application_name` of this instance's connections (pg_stat_activity). */
  applicationName?: string;
  /**
   * PostgreSQL only: how long to wait for the migration lock while another instance migrates (default 5
   * minutes); then opening fails with the holder named, instead of holding this instance's start for ever.
   */
  migrationLockTimeoutMs?: number;
  /** Start-up lines (waiting for the migration lock) and lost connections until the app's logger takes over. */
  log?: StartupLog;
}

/**
 * Opens the database: a real PostgreSQL server when `url` is given, else embedded PGlite kept in
 * `dataDir` (or in memory for `memory://`). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  const database = opts.url
    ? await openPostgres(opts.url, opts.poolSize ?? 10, migrate, opts.applicationName ?? 'localperks', {
        lockTimeoutMs: opts.migrationLockTimeoutMs ?? DEFAULT_MIGRATION_LOCK_TIMEOUT_MS,
        log: opts.log ?? consoleLog,
      })
    : await openPglite(opts.dataDir ?? 'memory://', migrate, opts.loadDataDir, opts.sharedBuffers);
  return database;
}

/** `poolSize`: connections per instance (DB_POOL_SIZE, validated in config.ts). */
async function openPostgres(
  url: string,
  poolSize: number,
  applyMigrations: boolean,
  applicationName: string,
  startup: { lockTimeoutMs: number; log: StartupLog },
): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  let log: ErrorLog = startup.log;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: applicationName });
  // A connection the server ends (restart, failover, pg_terminate_backend) emits 'error': on an idle
  // connection through the pool, on a checked-out one (a transaction) on the client itself. Without
  // a listener Node would end the process; the pool already drops the broken connection, and the
  // query that was running on it fails on its own.
  pool.on('error', (err) => log.warn({ err }, 'database connection lost (idle); the pool opens a new one when needed'));
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'database connection lost')));
  releaseClientsWhoseBeginFails(pool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (applyMigrations) {
    // Several instances may start at once: one migrates while the others wait on the lock, for a while.
    const lockClient = await pool.connect();
    let failure: Error | undefined;
    try {
      await takeMigrationLock(lockClient, startup);
      await migrate(drizzle(pool, { schema }), { migrationsFolder: migrationsFolder() });
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
    } finally {
      await lockClient.query(`select pg_advisory_unlock(${LOCK_IDS.migrations})`).catch(() => {});
      lockClient.release();
    }
    if (failure) {
      await pool.end().catch(() => {});
      throw failure;
    }
  }
  const listener = new PgListener(
    () => new pg.Client({ connectionString: url, application_name: applicationName }),
    (err, msg) => log.warn({ err }, msg),
  );
  return {
    db,
    kind: 'postgres',
    async close() {
      await listener.close();
      await pool.end();
    },
    rawQuery: (text, values) => pool.query(text, values),
    listen: (channel, onMessage, onReconnect) => listener.listen(channel, onMessage, onReconnect),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    reportErrorsTo(l) {
      log = l;
    },
  };
}

type PgClient = import('pg').Client;

/**
 * drizzle-orm's `transaction()` (0.45) runs BEGIN before the try/finally that releases its pool client
 * (drizzle-team/drizzle-orm#6241, open): a BEGIN that fails because the connection was just cut (a database
 * restart, a failover) keeps that client checked out for good. Each time, the pool loses a connection, and
 * closing the pool waits for it forever (seen in test/ops/postgres-restart.pg.test.ts). Here a client whose
 * BEGIN fails is released with the error (pg-pool then discards it), and each checkout's release is made
 * idempotent, so drizzle's own release, once it moves BEGIN into its try, changes nothing.
 */
function releaseClientsWhoseBeginFails(pool: import('pg').Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<import('pg').PoolClient> | undefined;
  const wrapped = new WeakSet<object>();
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    // The callback form is pg-pool's own (pool.query): its statements are never BEGIN.
    if (args.length) return connect(...args);
    return connect()!.then((client) => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      if (!wrapped.has(client)) {
        wrapped.add(client);
        const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
        (client as { query: unknown }).query = (...a: unknown[]) => {
          const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: unknown } | undefined)?.text;
          const result = query(...a);
          if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
          return result.catch((err: unknown) => {
            client.release(err instanceof Error ? err : new Error(String(err)));
            throw err;
          });
        };
      }
      return client;
    });
  };
}

/**
 * The sessions holding the migration lock in this database. Advisory locks are per database: a server that
 * hosts several databases (one per test, or staging beside production) shows the same key held elsewhere.
 */
export async function migrationLockHolders(client: Pick<import('pg').ClientBase, 'query'>) {
  const { rows } = await client.query<Record<string, unknown>>(
    `select a.pid, a.application_name, a.client_addr::text as client_addr,
       extract(epoch from now() - coalesce(a.xact_start, a.backend_start))::int as seconds, left(a.query, 200) as query
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1::bigint and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())`,
    [LOCK_IDS.migrations],
  );
  return rows;
}

/**
 * The migration lock (docs/decisions/0044-rolling-migrations.md). Taken at once when free; otherwise one line
 * says who holds it and how long this instance waits, and the wait ends after `lockTimeoutMs` (PostgreSQL's
 * lock_timeout applies to advisory locks) with an error naming the holder: a migration that hangs then stops
 * the new instances with a reason, while the running ones keep serving.
 */
async function takeMigrationLock(client: import('pg').PoolClient, { lockTimeoutMs, log }: { lockTimeoutMs: number; log: StartupLog }) {
  const key = LOCK_IDS.migrations;
  const free = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key]);
  if (free.rows[0]?.ok) return;
  const holder = async () => (await migrationLockHolders(client).catch(() => []))[0];
  const seconds = Math.round(lockTimeoutMs / 1000);
  const before = await holder();
  const who = (h: Record<string, unknown> | undefined) =>
    h
      ? `pid ${String(h.pid)} (${String(h.application_name) || 'no application_name'}), busy for ${String(h.seconds)} s`
      : 'another session';
  log.warn(
    { migrationLock: key, holder: before, timeoutSeconds: seconds },
    `waiting up to ${seconds} s for the migration lock held by ${who(before)}: another instance is applying migrations`,
  );
  const started = Date.now();
  await client.query(`set lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
  } catch (err) {
    if ((err as { code?: string }).code !== '55P03') throw err;
    const still = await holder();
    throw new Error(
      `gave up after ${seconds} s waiting for the migration lock held by ${who(still)}` +
        `${typeof still?.query === 'string' ? ` running: ${still.query}` : ''}. The running instances keep serving; check that migration` +
        ` (pg_stat_activity), then start this instance again, or raise MIGRATION_LOCK_TIMEOUT_SECONDS for a long one.`,
      { cause: err },
    );
  } finally {
    await client.query('reset lock_timeout').catch(() => {});
  }
  log.info({ migrationLock: key, waitedMs: Date.now() - started }, `migration lock taken after ${Date.now() - started} ms`);
}

/**
 * One LISTEN connection per instance for all channels. When it is lost it is replaced, after 100 ms
 * and then twice as long each failed try (at most 5 s), and every channel is LISTENed again.
 * Notifications sent while it was down are not delivered by PostgreSQL: `onReconnect` lets the
 * caller fetch them (lib/events.ts replays them from the live_events table).
 */
class PgListener {
  private client: PgClient | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;
  private channels = new Map<string, Set<(payload: string) => void>>();
  private reconnectHandlers = new Set<() => void>();

  constructor(
    private newClient: () => PgClient,
    private report: (err: unknown, msg: string) => void,
  ) {}

  async listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void) {
    this.closed = false;
    const handlers = this.channels.get(channel) ?? new Set();
    const isNewChannel = handlers.size === 0;
    handlers.add(onMessage);
    this.channels.set(channel, handlers);
    if (onReconnect) this.reconnectHandlers.add(onReconnect);
    if (this.client && isNewChannel) await this.client.query(`listen ${quoteIdent(channel)}`);
    // The first connection: a failure here is a start-up failure and surfaces to the caller.
    else if (!this.client && this.retryTimer === undefined)
      await (this.connecting ??= this.connect().finally(() => (this.connecting = null)));
    return async () => {
      handlers.delete(onMessage);
      if (onReconnect) this.reconnectHandlers.delete(onReconnect);
      if (handlers.size === 0) {
        this.channels.delete(channel);
        await this.client?.query(`unlisten ${quoteIdent(channel)}`).catch(() => {});
      }
      if (this.channels.size === 0) await this.close();
    };
  }

  private async connect() {
    const client = this.newClient();
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (msg) => {
      for (const handler of this.channels.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${quoteIdent(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: PgClient, err: unknown) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    this.report(err, 'live events connection lost; reconnecting');
    this.retry();
  }

  private retry() {
    const delay = Math.min(100 * 2 ** this.failures, 5000);
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          this.retryTimer = undefined;
          this.failures = 0;
          if (this.closed) return;
          this.report(null, 'live events connection restored');
          for (const handler of this.reconnectHandlers) handler();
        },
        (err: unknown) => {
          this.failures++;
          if (this.closed) return;
          this.report(err, `live events connection failed; next try in ${Math.min(100 * 2 ** this.failures, 5000)} ms`);
          this.retry();
        },
      );
    }, delay);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function openPglite(dataDir: string, applyMigrations: boolean, loadDataDir?: Blob, sharedBuffers?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { cube } = await import('@electric-sql/pglite/contrib/cube');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, cube },
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] } : {}),
  });
  const db = drizzle(client, { schema });
  if (applyMigrations) await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    async rawQuery(text, values) {
      if (values?.length) return client.query(text, values);
      // A script (several statements, its own BEGIN ... COMMIT) runs inside PGlite's transaction, which
      // holds the single connection throughout and rolls back if a statement fails midway, so the
      // connection is never left in an aborted transaction for the next caller.
      const results = await client.transaction((tx) => tx.exec(text));
      return results.at(-1) ?? { rows: [] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    // Embedded: there is no connection to lose, so no reconnect.
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    poolStats: () => ({ total: 1 }),
    reportErrorsTo() {},
  };
}

/** The drizzle migrator's own table: one row per applied migration, `created_at` = the journal's `when`. */
const MIGRATIONS_TABLE = sql`"drizzle"."__drizzle_migrations"`;

let journal: { when: number; tag: string }[] | undefined;

/** Committed migrations not applied to this database yet (for /api/ready); throws when the database is unreachable. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;
  // oxlint-disable-next-line typescript/no-unnecessary-type-assertion -- execute<T>() does not compile against the PGlite | node-postgres union; the row shape is named here
  const res = (await db.execute(sql`select coalesce(max(created_at), 0)::text as last from ${MIGRATIONS_TABLE}`)) as unknown as {
    rows: { last: string }[];
  };
  const last = Number(res.rows[0]?.last ?? 0);
  return journal.filter((m) => m.when > last).map((m) => m.tag);
}
