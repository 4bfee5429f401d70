import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { users } from './db/schema';
import { seedDemoData } from './demo/seed';

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
  return openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: config.DB_POOL_SIZE } : { dataDir: config.dataDir });
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
