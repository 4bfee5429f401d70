import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { build, freshDatabase, linkFrom, sessionCookie, TEST_PASSWORD } from './build';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * DNS rebinding (docs/decisions/0040-safe-at-scale.md): a web page on rebind.example that points its
 * own name at 127.0.0.1 makes the developer's browser talk to `npm start` with `Host: rebind.example`
 * and a matching Origin, from loopback. Outside production the server answers only to localhost,
 * 127.x.x.x, [::1] and APP_URL's host; a proxy's `Forwarded` header counts as a remote client.
 */
const APP_URL = 'http://devbox.test:3000';
const t = await build({ env: { NODE_ENV: 'development', APP_URL } });

/**
 * The takeover of the local admin through the development helpers, request by request: a password
 * reset for the admin, the mailbox read for its link, the new password set, the admin sign-in with
 * the code shown on the page, the code, and an admin page. Each step uses what the previous one
 * answered (or a stand-in when it was refused), and every answer's status is kept.
 */
async function takeOver(host: string, adminEmail: string) {
  const origin = `http://${host}`;
  const statuses: number[] = [];
  const send = async ({ cookie, ...rest }: InjectOptions & { cookie?: string }) => {
    const res = await t.app.inject({ ...rest, remoteAddress: '127.0.0.1', headers: { host, origin, ...(cookie ? { cookie } : {}) } });
    await t.app.afterResponse.settled();
    statuses.push(res.statusCode);
    return res;
  };
  const ok = (res: LightMyRequestResponse) => res.statusCode < 300;
  await send({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: adminEmail } });
  const list = await send({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(adminEmail)}` });
  const mailId = ok(list)
    ? list.json<{ mails: { id: string; kind: string }[] }>().mails.find((m) => m.kind === 'password_reset')?.id
    : undefined;
  const mail = await send({ method: 'GET', url: `/api/dev/mailbox/${mailId ?? '00000000-0000-4000-8000-000000000000'}` });
  const link = ok(mail) ? linkFrom(mail.json<{ mail: { text: string } }>().mail.text, '/reset-password') : null;
  const password = 'Rebound-Admin-9';
  await send({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: {
      accessToken: link?.searchParams.get('access_token') ?? 'stand-in-token-0000',
      refreshToken: link?.searchParams.get('refresh_token') ?? 'stand-in-token-0000',
      password,
    },
  });
  const login = await send({ method: 'POST', url: '/api/admin-auth/login', payload: { email: adminEmail, password } });
  const cookie = ok(login) ? sessionCookie(login) : undefined;
  const code = ok(login) ? login.json<{ devCode?: string }>().devCode : undefined;
  await send({ method: 'POST', url: '/api/admin-auth/code', payload: { code: code ?? '000000' }, cookie });
  const overview = await send({ method: 'GET', url: '/api/admin/overview', cookie });
  return { statuses, isAdmin: overview.statusCode === 200, last: overview };
}

describe('DNS rebinding', () => {
  it('a page rebound to this machine (Host: rebind.example) is refused at each of the 7 requests of the takeover', async () => {
    const admin = await t.createUser('admin');
    const attack = await takeOver('rebind.example:3000', admin.email);
    expect(attack.statuses).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(attack.isAdmin).toBe(false);
    expect(attack.last.json().error.message).toContain('This development server answers only at localhost, 127.0.0.1, [::1], devbox.test');
    // Nothing was sent: no reset mail exists for the admin.
    expect(await t.lastMail(admin.email, 'password_reset')).toBeUndefined();
  });

  it('the same requests from the developer’s own browser work, at each of the names of this machine and APP_URL’s', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '127.0.0.2:3000', '[::1]:3000', 'devbox.test:3000', 'LOCALHOST']) {
      const admin = await t.createUser('admin');
      const own = await takeOver(host, admin.email);
      expect(own.statuses, host).toEqual([200, 200, 200, 200, 200, 200, 200]);
      expect(own.isAdmin, host).toBe(true);
    }
  });

  it('refuses a Host that is no plain name (user info, a path, two ports)', async () => {
    for (const host of ['evil.example@localhost', 'localhost/evil', 'localhost:3000:1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      expect(res.statusCode, host).toBe(403);
    }
  });

  it('a proxy on this machine sending only RFC 7239 Forwarded does not pass for this machine', async () => {
    for (const forwarded of ['for=203.0.113.9', 'for=127.0.0.1', 'for="[::1]";proto=http', 'for=unknown']) {
      const res = await t.request({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1', headers: { forwarded } });
      expect(res.statusCode, forwarded).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    // Nor does the on-page admin code show.
    const admin = await t.createUser('admin');
    const login = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', forwarded: 'for=198.51.100.4' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().devCode).toBeUndefined();
  });

  it('production answers to any Host (the names are nginx’s business there, and it has no development helpers)', async () => {
    const database = await freshDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', APP_URL: 'https://shop.example', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'www.shop.example' } })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
