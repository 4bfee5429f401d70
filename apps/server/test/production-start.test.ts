import { afterAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig, PUBLISHED_DEMO_PASSWORD } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { users } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/seed';
import { main as adminCreate } from '../src/cli/admin-create';
import { loadDotEnv, seedOnStart } from '../src/start';
import { build, freshDatabase, ORIGIN, TEST_PASSWORD } from './build';

/** Opening and migrating extra databases is slow on a busy machine. */
const SLOW = 120_000;

/** docs/decisions/0007-production-start.md */
const PROD = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', APP_URL: ORIGIN, LOG_LEVEL: 'silent' };

async function appOn(database: Database, env: Record<string, string>) {
  const app = await buildApp({ config: loadConfig(env), database, logger: false });
  await app.ready();
  afterAll(() => app.close());
  return app;
}
const signIn = (app: Awaited<ReturnType<typeof appOn>>, email: string, password: string, url = '/api/auth/login') =>
  app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: { email, password } });

describe('.env', () => {
  it('is read at start when it exists; the environment wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-env-'));
    const file = path.join(dir, '.env');
    expect(loadDotEnv(file)).toBe(false);
    fs.writeFileSync(file, 'LP_DOTENV_ONLY=from-file\nLP_DOTENV_BOTH=from-file\n');
    process.env.LP_DOTENV_BOTH = 'from-environment';
    try {
      expect(loadDotEnv(file)).toBe(true);
      expect(process.env.LP_DOTENV_ONLY).toBe('from-file');
      expect(process.env.LP_DOTENV_BOTH).toBe('from-environment');
    } finally {
      delete process.env.LP_DOTENV_ONLY;
      delete process.env.LP_DOTENV_BOTH;
    }
  });
});

describe('demo data in production', () => {
  it(
    'an empty production database gets no demo accounts: the demo merchant cannot sign in',
    async () => {
      const database = await freshDatabase();
      afterAll(() => database.close());
      const config = loadConfig(PROD);
      expect(await seedOnStart(database.db, config)).toBe(false);
      expect(await database.db.select().from(users)).toHaveLength(0);
      const app = await appOn(database, PROD);
      expect((await signIn(app, DEMO_ACCOUNTS.merchant.email, PUBLISHED_DEMO_PASSWORD)).statusCode).toBe(401);
    },
    SLOW,
  );

  it(
    'seeds in production only with SEED_DEMO=true and a password of its own; the published one does not work',
    async () => {
      const database = await freshDatabase();
      afterAll(() => database.close());
      const env = { ...PROD, SEED_DEMO: 'true', DEMO_PASSWORD: 'Own-Demo-Pass-9' };
      expect(await seedOnStart(database.db, loadConfig(env))).toBe(true);
      const app = await appOn(database, env);
      expect((await signIn(app, DEMO_ACCOUNTS.merchant.email, PUBLISHED_DEMO_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(app, DEMO_ACCOUNTS.merchant.email, 'Own-Demo-Pass-9')).statusCode).toBe(200);
    },
    SLOW,
  );
});

describe('npm run admin:create', () => {
  it(
    'creates a verified admin with a generated strong password that signs in, on PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL)',
    async () => {
      let target: Record<string, string>;
      let reopen: () => Promise<Database>;
      if (process.env.TEST_DB === 'postgres') {
        const database = (await freshDatabase()) as Database & { url: string };
        await database.close();
        target = { DATABASE_URL: database.url };
        reopen = () => openDatabase({ url: database.url });
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-admin-create-'));
        target = { DATA_DIR: dataDir };
        reopen = () => openDatabase({ dataDir });
      }
      const printed: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void printed.push(a.join(' ')));
      const env = { ...PROD, ...target };
      let code: number;
      try {
        code = await adminCreate(['--email', 'Owner@Shop.example', '--name', 'Shop Owner'], { env, readDotEnv: false });
      } finally {
        log.mockRestore();
      }
      expect(code).toBe(0);
      const password = printed.join('\n').match(/Password \(shown once, store it now\): (\S+)/)?.[1];
      expect(password).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(20);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);

      const database = await reopen();
      afterAll(() => database.close());
      const [row] = await database.db.select().from(users).where(eq(users.email, 'owner@shop.example'));
      expect(row).toMatchObject({ role: 'admin', name: 'Shop Owner' });
      expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
      const app = await appOn(database, env);
      const res = await signIn(app, 'owner@shop.example', password!, '/api/admin-auth/login');
      expect(res.statusCode).toBe(200);
      expect(res.json().step).toBe('code');

      // A second run for the same address refuses and changes nothing.
      const err = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect(await adminCreate(['--email', 'owner@shop.example'], { env, readDotEnv: false })).toBe(1);
        expect(err.mock.calls.flat().join(' ')).toMatch(/already exists/);
        expect(await adminCreate([], { env, readDotEnv: false })).toBe(2);
      } finally {
        err.mockRestore();
      }
    },
    SLOW,
  );
});

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>LocalPerks</title></head><body></body></html>');
const dev = await build({ env: { NODE_ENV: 'development' }, serveWeb: true, webDir });

describe('development helpers answer this machine only', () => {
  // A browser on this machine names APP_URL's host; under another loopback name it is first sent there (dev-host.ts).
  const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
    remoteAddress,
    headers: { host: 'localhost:3000', ...headers },
  });

  it('the mailbox API and page refuse a client on the network and serve one on loopback', async () => {
    const t = dev;
    await t.createUser('customer', { email: 'someone@example.com' });
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'someone@example.com' } });
    const mail = await t.lastMail('someone@example.com', 'password_reset');
    expect(mail).toBeDefined();
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox?to=someone@example.com', `/api/dev/mailbox/${mail!.id}`, '/dev/mailbox']) {
      const remote = await t.request({ method: 'GET', url, ...from('10.0.0.5') });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('reset-password');
      // Nor is it pointed at the helpers when it names another loopback host (only this machine's browser is sent to APP_URL's).
      expect((await t.request({ method: 'GET', url, ...from('10.0.0.5', { host: '127.0.0.1:3000' }) })).statusCode, url).toBe(404);
      // A client on the network cannot pass for loopback by naming it in X-Forwarded-For.
      expect((await t.request({ method: 'GET', url, ...from('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }) })).statusCode, url).toBe(404);
      expect((await t.request({ method: 'GET', url, ...from('127.0.0.1') })).statusCode, url).toBe(200);
      expect((await t.request({ method: 'GET', url, ...from('::1') })).statusCode, url).toBe(200);
    }
    const local = await t.request({ method: 'GET', url: `/api/dev/mailbox/${mail!.id}`, ...from('::ffff:127.0.0.1') });
    expect(local.json().mail.text).toContain('/reset-password?');
    // A proxy on this machine forwarding a remote client does not open the mailbox either.
    expect(
      (await t.request({ method: 'GET', url: '/api/dev/mailbox', ...from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }) })).statusCode,
    ).toBe(404);
  });

  it(
    'behind a trusted proxy every forwarded address must be loopback, whatever the client prepends',
    async () => {
      const t = await build({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
      const get = (xff: string) => t.request({ method: 'GET', url: '/api/dev/mailbox', ...from('127.0.0.1', { 'x-forwarded-for': xff }) });
      expect((await get('203.0.113.9')).statusCode).toBe(404);
      expect((await get('127.0.0.1, 203.0.113.9')).statusCode).toBe(404);
      expect((await get('203.0.113.9, 127.0.0.1')).statusCode).toBe(404);
      expect((await get('127.0.0.1')).statusCode).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: '/api/dev/mailbox', ...from('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }) })).statusCode,
      ).toBe(404);
    },
    SLOW,
  );

  it('the admin code is shown on the page to a loopback client only', async () => {
    const t = dev;
    const admin = await t.createUser('admin');
    const login = (remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/admin-auth/login', payload: { email: admin.email, password: TEST_PASSWORD }, remoteAddress });
    const remote = await login('10.0.0.5');
    expect(remote.statusCode).toBe(200);
    expect(remote.json().step).toBe('code');
    expect(remote.json().devCode).toBeUndefined();
    const remoteCookie = remote.cookies.find((c) => c.name === 'lp_session')!;
    const refreshed = await t.request({
      method: 'POST',
      url: '/api/admin-auth/code/refresh',
      cookie: `lp_session=${remoteCookie.value}`,
      remoteAddress: '10.0.0.5',
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().devCode).toBeUndefined();
    const local = await login('127.0.0.1');
    expect(local.json().devCode).toMatch(/^\d{6}$/);
  });
});

describe('production', () => {
  it(
    'has no mailbox, no on-page admin code and no API documentation unless API_DOCS=true',
    async () => {
      const database = await freshDatabase();
      afterAll(() => database.close());
      const app = await appOn(database, PROD);
      expect((await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      const [admin] = await database.db
        .insert(users)
        .values({
          email: 'prod-admin@example.com',
          role: 'admin',
          passwordHash: await (await import('../src/lib/crypto')).hashPassword(TEST_PASSWORD),
          emailVerifiedAt: new Date(),
        })
        .returning();
      const res = await signIn(app, admin!.email, TEST_PASSWORD, '/api/admin-auth/login');
      expect(res.statusCode).toBe(200);
      expect(res.json().devCode).toBeUndefined();

      const withDocs = await appOn(database, { ...PROD, API_DOCS: 'true' });
      const docs = await withDocs.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(Object.keys(docs.json().paths)).toContain('/api/admin/overview');
    },
    SLOW,
  );
});

describe('Content-Security-Policy', () => {
  it('stays strict for the app shell: scripts from our origin only, no eval (zod runs jitless in the browser instead)', async () => {
    const res = await dev.request({ method: 'GET', url: '/merchant/dashboard' });
    const csp = res.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('event streams', () => {
  it('carry the security headers like every other response', async () => {
    const t = dev;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { cookie } = await t.loginAs('customer');
    for (const [url, headers] of [
      ['/api/events', {}],
      ['/api/events/messages', { cookie }],
    ] as const) {
      const ctrl = new AbortController();
      const res = await fetch(`${base}${url}`, { headers, signal: ctrl.signal });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe('text/event-stream');
      expect(res.headers.get('content-security-policy'), url).toContain("default-src 'self'");
      expect(res.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
      ctrl.abort();
    }
  });
});
