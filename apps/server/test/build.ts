import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import pg from 'pg';
import { desc, eq } from 'drizzle-orm';
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
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteSnapshot(), migrate: false, sharedBuffers: TEST_SHARED_BUFFERS });
  }
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
