import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '../db/client';
import type { FileStorage } from '../lib/storage';

/**
 * Backups (docs/decisions/0043-backups.md): one tar file holding
 *
 * - `manifest.json`: when, which database, the last migration, every table's row count and the ledger's sums
 *   (what a restore is checked against), and the uploaded images with their checksums;
 * - the database: `database.pgdump` (pg_dump's custom format: one consistent snapshot, restored by pg_restore)
 *   or `pglite-data.tar` (PGlite's own dump of its data directory);
 * - `uploads/<key>`: the images, when they are on the local disk. With an S3 bucket, the manifest lists its
 *   objects with size and ETag instead (the bucket keeps the bytes: turn on its versioning or replication),
 *   and a restore checks that every one is still there.
 *
 * Images are written once under random keys and only images no deal uses, a day old, are ever removed, so
 * copying them after the database snapshot gives every image the snapshot names.
 */

export const BACKUP_FORMAT = 'localperks-backup';
const MANIFEST = 'manifest.json';
const PG_DUMP_FILE = 'database.pgdump';
const PGLITE_FILE = 'pglite-data.tar';
const UPLOAD_FOLDERS = ['deals', 'businesses'];

/** What a restored database must match: row counts of every table and the ledger's sums. */
export interface DatabaseSummary {
  lastMigration: string | null;
  tables: Record<string, number>;
  ledger: { entries: number; sumCents: number; byKind: Record<string, number> };
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: { kind: Database['kind']; file: string } & DatabaseSummary;
  uploads:
    | { storage: 'disk'; files: { key: string; size: number; sha256: string }[] }
    | { storage: 's3'; objects: { key: string; size: number; etag: string | null }[] };
}

const run = promisify(execFile);

/** A PostgreSQL client program: PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin, else the PATH. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const candidates = [process.env.PG_BIN_DIR ? path.join(process.env.PG_BIN_DIR, name) : null];
  try {
    const versions = fs
      .readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join('/usr/lib/postgresql', v, 'bin', name)));
  } catch {
    // no Debian PostgreSQL packages: the PATH decides
  }
  return candidates.find((c) => c && fs.existsSync(c)) ?? name;
}

/** Runs one SQL statement and returns its rows: a Database's rawQuery, or one connection's query. */
export type RowsOf = (text: string) => Promise<Record<string, unknown>[]>;

/** Row counts of every table of the application (public schema), the last migration applied, and the ledger's sums. */
export async function summarize(rows: RowsOf): Promise<DatabaseSummary> {
  const names = await rows(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const tables: Record<string, number> = {};
  for (const { name } of names) {
    const [count] = await rows(`select count(*)::int as n from public."${String(name).replace(/"/g, '""')}"`);
    tables[String(name)] = Number(count!.n);
  }
  const [migration] = await rows(`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  const ledger = await rows(
    `select kind::text as kind, count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint::text as sum from ledger_entries group by kind order by kind`,
  );
  return {
    lastMigration: migration ? String(migration.at) : null,
    tables,
    ledger: {
      entries: ledger.reduce((n, r) => n + Number(r.n), 0),
      sumCents: ledger.reduce((n, r) => n + Number(r.sum), 0),
      byKind: Object.fromEntries(ledger.map((r) => [String(r.kind), Number(r.sum)])),
    },
  };
}

/** `summarize` over a Database's raw queries. */
export const rowsOfDatabase =
  (database: Database): RowsOf =>
  async (text) =>
    (await database.rawQuery(text)).rows;

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Writes a backup of `database` (and the images in `storage`) into `outDir` as
 * `localperks-<kind>-<UTC time>.tar`; returns its path and manifest. PostgreSQL needs `url` (pg_dump reads it).
 */
export async function createBackup(opts: {
  database: Database;
  url?: string;
  storage: FileStorage;
  outDir: string;
  now?: Date;
}): Promise<{ file: string; manifest: BackupManifest }> {
  const { database, storage } = opts;
  const now = opts.now ?? new Date();
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-backup-'));
  try {
    let databaseFile: string;
    let summary: DatabaseSummary;
    if (database.kind === 'postgres') {
      if (!opts.url) throw new Error('a PostgreSQL backup needs the database URL');
      databaseFile = PG_DUMP_FILE;
      summary = await dumpPostgres(opts.url, path.join(staging, databaseFile));
    } else {
      if (!database.dumpDataDir) throw new Error('this PGlite database cannot dump its data directory');
      databaseFile = PGLITE_FILE;
      // PGlite is one connection: the summary and the dump see the same data.
      summary = await summarize(rowsOfDatabase(database));
      const dump = await database.dumpDataDir();
      // Images under DATA_DIR/uploads are inside PGlite's data directory, so its dump carries them too: they are
      // kept once, under uploads/.
      fs.writeFileSync(path.join(staging, databaseFile), withoutTopFolder(Buffer.from(await dump.arrayBuffer()), 'uploads'));
    }
    const uploads = await backUpUploads(storage, staging);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      database: { kind: database.kind, file: databaseFile, ...summary },
      uploads,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(opts.outDir, { recursive: true });
    const file = path.join(opts.outDir, `localperks-${database.kind}-${stamp(now)}.tar`);
    // Written under a temporary name and renamed: a backup file that exists is complete.
    await run('tar', ['-cf', `${file}.partial`, '-C', staging, '.']);
    fs.renameSync(`${file}.partial`, file);
    return { file, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * pg_dump of one snapshot, and the manifest's counts read in that same snapshot: a transaction exports it
 * (`pg_export_snapshot`) and stays open while pg_dump runs with `--snapshot`, so the counts are exactly those
 * of the dump whatever is written meanwhile.
 */
async function dumpPostgres(url: string, file: string): Promise<DatabaseSummary> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url, application_name: 'localperks-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const summary = await summarize(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    await run(
      postgresTool('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.id}`, `--file=${file}`, url],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    await client.query('commit');
    return summary;
  } finally {
    await client.end();
  }
}

/**
 * A tar archive (ustar, as PGlite writes it) without the entries under one top-level folder. Each entry is a
 * 512-byte header (name at 0, size in octal at 124, prefix at 345) and its data padded to 512 bytes; the
 * archive ends with two empty blocks. Written here rather than with `tar --delete`, whose rewrite PGlite
 * does not read back.
 */
export function withoutTopFolder(tar: Buffer, folder: string): Buffer {
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = `${field(345, 155)}${field(345, 155) ? '/' : ''}${field(0, 100)}`.replace(/^\.?\/+/, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (name !== folder && !name.startsWith(`${folder}/`)) kept.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

async function backUpUploads(storage: FileStorage, staging: string): Promise<BackupManifest['uploads']> {
  const listed = (await Promise.all(UPLOAD_FOLDERS.map((f) => storage.list(f)))).flat();
  if (storage.kind === 's3') {
    const objects = [];
    for (const { key } of listed) {
      const head = await storage.get(key);
      if (!head || head.notModified) continue;
      head.body.destroy();
      objects.push({ key, size: head.contentLength ?? 0, etag: head.etag ?? null });
    }
    return { storage: 's3', objects };
  }
  const files = [];
  for (const { key } of listed) {
    const object = await storage.get(key);
    if (!object || object.notModified) continue;
    const target = path.join(staging, 'uploads', key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    fs.writeFileSync(target, bytes);
    files.push({ key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return { storage: 'disk', files };
}

/** Reads a backup's manifest (and unpacks it into `into`). */
async function unpack(file: string, into: string): Promise<BackupManifest> {
  await run('tar', ['-xf', file, '-C', into]);
  const manifest = JSON.parse(fs.readFileSync(path.join(into, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new Error(`${file} is not a LocalPerks backup (format ${manifest.format})`);
  return manifest;
}

export class RestoreError extends Error {}

/**
 * Restores a backup into an empty database: PostgreSQL at `url` (no table of its own yet), or PGlite in
 * `dataDir` (missing or empty). Images on disk are written back into `storage`; with a bucket, every object
 * the backup lists is checked to be there. Returns the manifest, the restored database's summary (read right
 * after the restore, to compare with `manifest.database`: compareSummaries) and the objects missing from the bucket.
 */
export async function restoreBackup(opts: {
  file: string;
  url?: string;
  dataDir: string;
  storage: FileStorage;
}): Promise<{ manifest: BackupManifest; restored: DatabaseSummary; missingObjects: string[] }> {
  const into = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-restore-'));
  try {
    const manifest = await unpack(opts.file, into);
    const source = path.join(into, manifest.database.file);
    let restored: DatabaseSummary;
    if (manifest.database.kind === 'postgres') {
      if (!opts.url)
        throw new RestoreError('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.');
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: opts.url, application_name: 'localperks-restore' });
      await client.connect();
      try {
        await assertEmptyPostgres(client);
        await run(
          postgresTool('pg_restore'),
          ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${opts.url}`, source],
          {
            maxBuffer: 16 * 1024 * 1024,
          },
        );
        restored = await summarize(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
      } finally {
        await client.end();
      }
    } else {
      if (opts.url)
        throw new RestoreError('This backup is of an embedded (PGlite) database: unset DATABASE_URL and set DATA_DIR to an empty folder.');
      const entries = fs.existsSync(opts.dataDir) ? fs.readdirSync(opts.dataDir) : [];
      if (entries.length) throw new RestoreError(`DATA_DIR ${opts.dataDir} is not empty: restore into a new, empty folder.`);
      fs.mkdirSync(opts.dataDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
      const { cube } = await import('@electric-sql/pglite/contrib/cube');
      // The extensions the app opens it with (db/client.ts): its places and their indexes need cube's functions.
      const pglite = await PGlite.create(opts.dataDir, { extensions: { pg_trgm, cube }, loadDataDir: new Blob([fs.readFileSync(source)]) });
      try {
        restored = await summarize(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
      } finally {
        await pglite.close();
      }
    }
    const missingObjects: string[] = [];
    if (manifest.uploads.storage === 'disk') {
      for (const f of manifest.uploads.files) {
        const bytes = fs.readFileSync(path.join(into, 'uploads', f.key));
        if (createHash('sha256').update(bytes).digest('hex') !== f.sha256)
          throw new RestoreError(`uploads/${f.key} in the backup does not match its checksum`);
        await opts.storage.put(f.key, bytes, contentTypeOf(f.key));
      }
    } else {
      for (const o of manifest.uploads.objects) if (!(await opts.storage.exists(o.key))) missingObjects.push(o.key);
    }
    return { manifest, restored, missingObjects };
  } finally {
    fs.rmSync(into, { recursive: true, force: true });
  }
}

const contentTypeOf = (key: string) => (key.endsWith('.webp') ? 'image/webp' : key.endsWith('.png') ? 'image/png' : 'image/jpeg');

async function assertEmptyPostgres(client: import('pg').Client) {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  if (rows[0]!.n > 0)
    throw new RestoreError(`The database at DATABASE_URL already has ${rows[0]!.n} tables: restore into a new, empty database (createdb).`);
}

/** Differences between a restored database and what the backup recorded (empty: it matches). */
export function compareSummaries(expected: DatabaseSummary, actual: DatabaseSummary): string[] {
  const problems: string[] = [];
  for (const [table, n] of Object.entries(expected.tables))
    if (actual.tables[table] !== n) problems.push(`${table}: ${actual.tables[table] ?? 'missing'} rows, the backup has ${n}`);
  if (actual.ledger.sumCents !== expected.ledger.sumCents || actual.ledger.entries !== expected.ledger.entries)
    problems.push(
      `ledger: ${actual.ledger.entries} entries summing to ${actual.ledger.sumCents}, the backup has ${expected.ledger.entries} summing to ${expected.ledger.sumCents}`,
    );
  if (actual.lastMigration !== expected.lastMigration)
    problems.push(`last migration ${actual.lastMigration}, the backup has ${expected.lastMigration}`);
  return problems;
}
