import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, PUBLISHED_DEMO_PASSWORD } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { DEMO_ACCOUNTS } from '../src/demo/seed';
import { guardDemoPasswords, seedOnStart, StartRefusedError } from '../src/start';
import { freshDatabase, freshDataDir, ORIGIN } from './build';
import { freePort } from '../../../scripts/built-server';

/**
 * A database first started with `npm start` (development: demo accounts with the password the README
 * publishes) and then started in production (docs/decisions/0040-safe-at-scale.md).
 */
const SLOW = 240_000;
const DEV = { NODE_ENV: 'development', APP_URL: ORIGIN, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'low' };
const PROD = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', APP_URL: ORIGIN, LOG_LEVEL: 'silent' };
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A database seeded as `npm start` seeds it in development. */
async function seededInDevelopment(): Promise<Database> {
  const database = await freshDatabase();
  expect(await seedOnStart(database.db, loadConfig(DEV))).toBe(true);
  return database;
}

async function signIn(database: Database, env: Record<string, string>, email: string, password: string) {
  const app = await buildApp({ config: loadConfig(env), database, logger: false });
  try {
    return (await app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email, password } }))
      .statusCode;
  } finally {
    await app.close();
  }
}

describe('a production start on a database seeded in development', () => {
  it(
    'is refused while a demo account still signs in with the published password, naming the accounts in one line',
    async () => {
      const database = await seededInDevelopment();
      afterAll(() => database.close());
      // Development starts on it as before.
      expect(await guardDemoPasswords(database.db, loadConfig(DEV))).toEqual({ reset: [] });
      const refused = guardDemoPasswords(database.db, loadConfig(PROD));
      await expect(refused).rejects.toBeInstanceOf(StartRefusedError);
      const message = await refused.catch((e: unknown) => (e as Error).message);
      expect(message).not.toContain('\n');
      expect(message).toMatch(
        /^Refusing to start in production: \d+ demo accounts \(.+ and \d+ more\) still sign in with the published demo password;/,
      );
      expect(message).toContain(DEMO_ACCOUNTS.admin.email);
      expect(message).not.toContain(PUBLISHED_DEMO_PASSWORD);
    },
    SLOW,
  );

  it(
    'with SEED_DEMO=true and a DEMO_PASSWORD of its own, gives every such account that password: the published one stops working',
    async () => {
      const database = await seededInDevelopment();
      afterAll(() => database.close());
      expect(await signIn(database, PROD, DEMO_ACCOUNTS.merchant.email, PUBLISHED_DEMO_PASSWORD)).toBe(200);
      const env = { ...PROD, SEED_DEMO: 'true', DEMO_PASSWORD: 'Own-Demo-Pass-9' };
      const { reset } = await guardDemoPasswords(database.db, loadConfig(env));
      expect(reset).toEqual(
        expect.arrayContaining([DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.merchant.email, DEMO_ACCOUNTS.admin.email]),
      );
      expect(await signIn(database, env, DEMO_ACCOUNTS.merchant.email, PUBLISHED_DEMO_PASSWORD)).toBe(401);
      expect(await signIn(database, env, DEMO_ACCOUNTS.merchant.email, 'Own-Demo-Pass-9')).toBe(200);
      // Nothing is left to change, and a plain production start is allowed now.
      expect(await guardDemoPasswords(database.db, loadConfig(env))).toEqual({ reset: [] });
      expect(await guardDemoPasswords(database.db, loadConfig(PROD))).toEqual({ reset: [] });
    },
    SLOW,
  );

  it(
    'the server itself exits 1 with that one line and never listens',
    async () => {
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        ...PROD,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        SERVE_WEB: 'false',
      };
      delete env.DATABASE_URL;
      if (process.env.TEST_DB === 'postgres') {
        const database = (await seededInDevelopment()) as Database & { url: string };
        await database.close();
        env.DATABASE_URL = database.url;
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-demo-prod-'));
        afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
        await freshDataDir(dataDir);
        const database = await openDatabase({ dataDir, migrate: false });
        expect(await seedOnStart(database.db, loadConfig(DEV))).toBe(true);
        await database.close();
        env.DATA_DIR = dataDir;
      }
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverDir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      // Ends when it exits, or when it listens after all (then it is stopped, and the test fails below).
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', resolve);
        child.stdout.on('data', () => {
          if (stdout.includes('is running at')) child.kill('SIGKILL');
        });
      });
      expect(code, stdout + stderr).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Refusing to start in production: \d+ demo accounts /)]);
      expect(stdout).not.toContain('is running at');
    },
    SLOW,
  );
});
