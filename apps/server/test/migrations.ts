import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';
import { hashPassword } from '../src/lib/crypto';
import { TEST_PASSWORD } from './build';

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

/** The committed migrations' tags in the order the journal runs them (by `when`, not by file name). */
function journalTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** Which migrations the journal runs before the one whose tag starts with `prefix` (e.g. '0029'). */
export function migrationsBefore(prefix: string): (tag: string) => boolean {
  const tags = journalTags();
  const at = tags.findIndex((t) => t.startsWith(prefix));
  if (at < 0) throw new Error(`No migration ${prefix} in the journal`);
  const before = new Set(tags.slice(0, at));
  return (tag) => before.has(tag);
}

/**
 * Runs the committed migrations whose tags pass `which`, in the journal's order, statement by statement,
 * as drizzle-kit splits them.
 */
export async function applyMigrations(database: Database, which: (tag: string) => boolean) {
  for (const tag of journalTags().filter(which))
    for (const statement of fs.readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8').split('--> statement-breakpoint'))
      if (statement.trim()) await database.rawQuery(statement);
}

/**
 * An approved merchant (15 % commission, Chicago) and its user, written in SQL as the tables were before the later
 * migrations: the schema module knows columns (users.deleted_at of 0045, the address of 0044, …) that an older
 * database lacks.
 */
export async function oldMerchant(database: Database) {
  // The users table as it was too: the schema module names columns (the roles and bans of 0046, …) an older one lacks.
  const email = `m-${randomUUID().slice(0, 8)}@test.example`;
  const inserted = await database.rawQuery(
    `insert into users (email, password_hash, role, email_verified_at) values ($1, $2, 'merchant', now()) returning id`,
    [email, await hashPassword(TEST_PASSWORD)],
  );
  const user = { id: String(inserted.rows[0]!.id), email };
  const { rows } = await database.rawQuery(
    `insert into merchants (user_id, business_name, city, state, subscription_plan, approved, commission_rate)
     values ($1, 'Test Bistro', 'Chicago', 'IL', 'deals_messaging', true, 15) returning id`,
    [user.id],
  );
  return { merchant: { id: String(rows[0]!.id) }, user };
}
