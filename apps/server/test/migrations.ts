import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';

/**
 * Tests of one migration on data written before it (ledger-backfill, migration-0029): an empty database
 * of the test's own, and the committed migration files applied to it one by one.
 */

/** An empty database of this test's own (no migrations applied). */
export async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ dataDir: 'memory://', migrate: false });
  const url = new URL(inject('postgresUrl'));
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`create database ${name} template template0`);
  await client.end();
  url.pathname = `/${name}`;
  return openDatabase({ url: url.toString(), migrate: false });
}

/** Runs the committed migration files whose names pass `which`, statement by statement, as drizzle-kit splits them. */
export async function applyMigrations(database: Database, which: (file: string) => boolean) {
  const files = fs
    .readdirSync(migrationsFolder())
    .filter((f) => f.endsWith('.sql') && which(f))
    .sort();
  for (const f of files)
    for (const statement of fs.readFileSync(path.join(migrationsFolder(), f), 'utf8').split('--> statement-breakpoint'))
      if (statement.trim()) await database.rawQuery(statement);
}
