import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { PUBLISHED_DEMO_PASSWORD, type Config } from './config';
import { openDatabase, type Database, type Db, type StartupLog } from './db/client';
import { sessions, users } from './db/schema';
import { seedDemoData } from './demo/seed';
import { hashPassword, verifyPassword } from './lib/crypto';

/**
 * Reads `.env` from the working directory into process.env when the file exists, as `.env.example`
 * promises. Variables already set in the environment win. Only the entry points call this (never tests).
 */
export function loadDotEnv(file = path.resolve('.env')): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** The database the configuration names: PostgreSQL by DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase(
    config.DATABASE_URL
      ? {
          url: config.DATABASE_URL,
          poolSize: config.DB_POOL_SIZE,
          migrationLockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT_SECONDS * 1000,
          log: startupLog,
        }
      : { dataDir: config.dataDir },
  );
}

/**
 * Log lines written before the app's logger exists (waiting for the migration lock), in the same JSON
 * line shape as the app's pino logs, so a log pipeline reads them alike.
 */
export const startupLog: StartupLog = {
  info: (obj, msg) => writeStartupLine(30, obj, msg),
  warn: (obj, msg) => writeStartupLine(40, obj, msg),
};

function writeStartupLine(level: number, obj: object, msg: string) {
  const err = (obj as { err?: unknown }).err;
  const fields = err instanceof Error ? { ...obj, err: { type: err.name, message: err.message } } : obj;
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
}

/**
 * Demo data at start: only when SEED_DEMO is on (the default outside production; in production only
 * by name and with a DEMO_PASSWORD of its own, which loadConfig enforces). Returns whether it seeded.
 */
export async function seedOnStart(db: Db, config: Config): Promise<boolean> {
  if (!config.SEED_DEMO) return false;
  return seedDemoData(db, config.DEMO_PASSWORD);
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return Boolean(row);
}

/** The seed's accounts are all at this domain: the demo ones, the catalogue's merchants, the past buyers. */
export const DEMO_EMAIL_DOMAIN = 'localperks.example';

/** A production start refused: the message is the one line the operator reads. */
export class StartRefusedError extends Error {}

/**
 * A production start on a database first started in development (docs/decisions/0040-safe-at-scale.md):
 * its demo accounts still sign in with the password the README publishes. Production refuses to start
 * then, unless demo data was asked for by name (SEED_DEMO=true, which loadConfig allows only with a
 * DEMO_PASSWORD of one's own): those accounts then get that password, and their sessions end.
 * Outside production, and on a database whose demo accounts have other passwords, nothing happens.
 * Every distinct hash is checked once (the seed gives all its accounts one).
 */
export async function guardDemoPasswords(db: Db, config: Config): Promise<{ reset: string[] }> {
  if (!config.isProduction) return { reset: [] };
  const demo = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(or(sql`lower(${users.email}) like ${`%@${DEMO_EMAIL_DOMAIN}`}`, sql`lower(${users.email}) like ${`%.${DEMO_EMAIL_DOMAIN}`}`))
    .orderBy(users.email);
  const published = new Map<string, boolean>();
  for (const hash of new Set(demo.map((u) => u.passwordHash).filter((h): h is string => Boolean(h))))
    published.set(hash, await verifyPassword(hash, PUBLISHED_DEMO_PASSWORD));
  const exposed = demo.filter((u) => u.passwordHash && published.get(u.passwordHash));
  if (!exposed.length) return { reset: [] };
  if (!config.SEED_DEMO) {
    const named = exposed
      .slice(0, 3)
      .map((u) => u.email)
      .join(', ');
    const more = exposed.length > 3 ? ` and ${exposed.length - 3} more` : '';
    throw new StartRefusedError(
      `Refusing to start in production: ${exposed.length} demo account${exposed.length === 1 ? '' : 's'} (${named}${more}) still sign${exposed.length === 1 ? 's' : ''} in with the published demo password; delete ${exposed.length === 1 ? 'it' : 'them'} or change the password, or set SEED_DEMO=true with a DEMO_PASSWORD of your own to give ${exposed.length === 1 ? 'it' : 'them'} that password.`,
    );
  }
  const passwordHash = await hashPassword(config.DEMO_PASSWORD);
  const ids = exposed.map((u) => u.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(inArray(users.id, ids));
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
  });
  return { reset: exposed.map((u) => u.email) };
}
