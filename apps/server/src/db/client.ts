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
  /** Raw LISTEN/NOTIFY access for live updates across instances. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as an uncompressed tarball, for `openDatabase({ loadDataDir })`. */
  dumpDataDir?(): Promise<Blob>;
}

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
   * Apply the committed migrations before returning (the default). Tests turn it off for a database
   * cloned from one that was already migrated.
   */
  migrate?: boolean;
  /** PostgreSQL only: connections per instance (DB_POOL_SIZE). */
  poolSize?: number;
}

/**
 * Opens the database: a real PostgreSQL server when `url` is given, else embedded PGlite kept in
 * `dataDir` (or in memory for `memory://`). Migrations are applied before it is returned.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  const database = opts.url
    ? await openPostgres(opts.url, opts.poolSize ?? 10, migrate)
    : await openPglite(opts.dataDir ?? 'memory://', migrate, opts.loadDataDir);
  return database;
}

/** `poolSize`: connections per instance (DB_POOL_SIZE, validated in config.ts). */
async function openPostgres(url: string, poolSize: number, applyMigrations: boolean): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (applyMigrations) {
    // Several instances may start at once: one migrates while the others wait on the lock.
    const lockClient = await pool.connect();
    try {
      await lockClient.query(`select pg_advisory_lock(${LOCK_IDS.migrations})`);
      await migrate(drizzle(pool, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await lockClient.query(`select pg_advisory_unlock(${LOCK_IDS.migrations})`).catch(() => {});
      lockClient.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    rawQuery: (text, values) => pool.query(text, values),
    async listen(channel, onMessage) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel) onMessage(msg.payload ?? '');
      });
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
  };
}

async function openPglite(dataDir: string, applyMigrations: boolean, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
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
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
