import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_CODE_MAX_TRIES, ACCESS_CODE_TTL_MS, ADMIN_AUTH_MESSAGES } from '@localperks/shared';
import { authTokens, sessions } from '../../../db/schema';
import { sha256 } from '../../../lib/crypto';
import { build, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { verifyAccessCode } from './admin-auth.service';
import { fixedClock, mutableClock } from '../../../../test/clock';

/** The server's clock: the real time, except where a test moves it to see a code expire. */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

const codeFromMail = async (email: string) => {
  const mail = await t.lastMail(email, 'admin_access_code');
  const m = mail?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code mailed to ${email}`);
  return m[1]!;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Step 1 for a new admin: the session cookie and the mailed code. */
async function credentials(email?: string) {
  const admin = await t.createUser('admin', email ? { email } : {});
  const res = await t.request({ method: 'POST', url: '/api/admin-auth/login', payload: { email: admin.email, password: TEST_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return { admin, cookie: sessionCookie(res), code: await codeFromMail(admin.email), body: res.json() };
}
const submit = (cookie: string, code: string) => t.request({ method: 'POST', url: '/api/admin-auth/code', cookie, payload: { code } });
const overview = (cookie: string) => t.request({ method: 'GET', url: '/api/admin/overview', cookie });

describe('admin sign-in, step 1 (credentials)', () => {
  it('mails a 6-digit code, stores only its hash, and starts a session that admin APIs still refuse', async () => {
    const { admin, cookie, code, body } = await credentials();
    expect(body).toMatchObject({ step: 'code', user: { email: admin.email, role: 'admin' } });
    expect(body.devCode).toBeUndefined(); // not in test/production mode
    expect(new Date(body.codeExpiresAt).getTime() - Date.now()).toBeGreaterThan(ACCESS_CODE_TTL_MS - 60_000);
    const rows = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, admin.id), eq(authTokens.kind, 'admin_code')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    const refused = await overview(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Please enter your 6-digit access code to continue.');
    expect((await t.request({ method: 'GET', url: '/api/admin-auth/status', cookie })).json()).toMatchObject({
      step: 'code',
      codeExpiresAt: body.codeExpiresAt,
    });
  });

  it('refuses a non-admin with the spec’s message and gives them no session', async () => {
    for (const role of ['customer', 'merchant'] as const) {
      const u = await t.createUser(role);
      const res = await t.request({ method: 'POST', url: '/api/admin-auth/login', payload: { email: u.email, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('You do not have admin privileges');
      expect(res.cookies.find((c) => c.name === 'lp_session')).toBeUndefined();
      expect(await db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(0);
      expect(await t.lastMail(u.email, 'admin_access_code')).toBeUndefined();
    }
  });

  it('answers bad input with the spec’s messages', async () => {
    const bad = await t.request({ method: 'POST', url: '/api/admin-auth/login', payload: { email: 'nope', password: '123' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    const wrong = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: 'nobody@test.example', password: 'whatever1' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('keeps the shared login’s brute-force limit per account', async () => {
    const admin = await t.createUser('admin');
    for (let i = 0; i < 5; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/admin-auth/login',
        payload: { email: admin.email, password: 'wrong-password' },
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
  });
});

describe('admin sign-in, step 2 (access code)', () => {
  it('accepts the mailed code once: the session then reaches admin APIs; the code cannot be used again', async () => {
    const { admin, cookie, code } = await credentials();
    const ok = await submit(cookie, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ step: 'signed-in', user: { id: admin.id } });
    expect((await overview(cookie)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin-auth/status', cookie })).json().step).toBe('signed-in');

    // A second session with the same (spent) code is refused.
    const again = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: TEST_PASSWORD } });
    const other = sessionCookie(again);
    const reused = await submit(other, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('Invalid access code');
    expect((await overview(other)).statusCode).toBe(403);
  });

  it('refuses a wrong code, and after 5 wrong tries even the right one until a new code is issued', async () => {
    const { cookie, code } = await credentials();
    for (let i = 1; i < ACCESS_CODE_MAX_TRIES; i++) {
      const r = await submit(cookie, wrongCode(code));
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe('Invalid access code');
    }
    const fifth = await submit(cookie, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.message).toBe('Too many incorrect codes. Please request a new one.');
    const right = await submit(cookie, code);
    expect(right.statusCode).toBe(429);
    expect((await overview(cookie)).statusCode).toBe(403);
  });

  it('parallel guesses cannot get more than 5 tries', async () => {
    const { admin, cookie, code } = await credentials();
    const results = await Promise.all(Array.from({ length: 12 }, () => submit(cookie, wrongCode(code))));
    expect(results.filter((r) => r.statusCode === 400 || r.statusCode === 429)).toHaveLength(12);
    const [row] = await db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, admin.id), eq(authTokens.kind, 'admin_code')));
    expect(row!.attempts).toBe(ACCESS_CODE_MAX_TRIES);
    expect((await submit(cookie, code)).statusCode).toBe(429);
  });

  it('a code expires after 10 minutes (time passed into the service)', async () => {
    const { admin, cookie, code } = await credentials();
    const sessionId = sha256(cookie.split('=')[1]!);
    const later = new Date(Date.now() + ACCESS_CODE_TTL_MS + 1000);
    await expect(
      verifyAccessCode({ db, clock: fixedClock(later) }, { userId: admin.id, role: 'admin', sessionId, code, ip: '127.0.0.1' }),
    ).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: 'This access code has expired. Please request a new one.',
    });
    // Through the API too, once the server's clock has passed the stored expiry.
    clock.set(later);
    const res = await submit(cookie, code).finally(() => clock.useRealTime());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'This access code has expired. Please request a new one.' });
    // Just inside the window it works.
    const fresh = await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie });
    const newCode = await codeFromMail(admin.email);
    expect(newCode).toMatch(/^\d{6}$/);
    const justInTime = new Date(new Date(fresh.json().codeExpiresAt).getTime() - 1000);
    await verifyAccessCode(
      { db, clock: fixedClock(justInTime) },
      { userId: admin.id, role: 'admin', sessionId, code: newCode, ip: '127.0.0.1' },
    );
    expect((await overview(cookie)).statusCode).toBe(200);
  });

  it('refresh issues a new code and the old one stops working; refresh is rate-limited', async () => {
    const { admin, cookie, code } = await credentials();
    const r1 = await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie });
    expect(r1.statusCode).toBe(200);
    const second = await codeFromMail(admin.email);
    if (second !== code) expect((await submit(cookie, code)).json().error.message).toBe('Invalid access code');
    // The sign-in's code counts too: five codes in all, then the limit.
    for (let i = 2; i < 5; i++)
      expect((await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie })).statusCode).toBe(200);
    const limited = await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie });
    expect(limited.statusCode).toBe(429);
    expect((await submit(cookie, await codeFromMail(admin.email))).statusCode).toBe(200);
  });

  it('signing in again for fresh codes does not give endless guesses: 15 wrong codes in an hour stop the admin sign-in', async () => {
    const admin = await t.createUser('admin');
    let cookie = '';
    for (let round = 0; round < 3; round++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin-auth/login',
        payload: { email: admin.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      cookie = sessionCookie(res);
      const code = await codeFromMail(admin.email);
      for (let i = 0; i < ACCESS_CODE_MAX_TRIES; i++) await submit(cookie, wrongCode(code));
    }
    const again = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(ADMIN_AUTH_MESSAGES.tooManyWrongCodes);
    expect((await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie })).statusCode).toBe(429);
    expect((await overview(cookie)).statusCode).toBe(403);
  });

  it('mails the code in the body only, never in the subject', async () => {
    const { admin, code } = await credentials();
    const mail = await t.lastMail(admin.email, 'admin_access_code');
    expect(mail!.subject).not.toContain(code);
    expect(mail!.text).toContain(code);
  });

  it('checks the format: exactly 6 digits', async () => {
    const { cookie } = await credentials();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const r = await submit(cookie, code);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe('Access code must be 6 digits');
    }
  });

  it('a non-admin cannot use the code step or ask for codes', async () => {
    const { cookie } = await t.loginAs('customer');
    expect((await submit(cookie, '123456')).json().error.message).toBe('You do not have admin privileges');
    expect((await t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie })).statusCode).toBe(403);
    expect((await overview(cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin-auth/status', cookie })).json().step).toBe('not-admin');
  });

  it('the shared /api/auth/login never yields a session past the code step', async () => {
    const { admin, cookie, code } = await credentials();
    expect((await submit(cookie, code)).statusCode).toBe(200);
    // Signing in again through the shared login replaces the session with one that needs the code.
    const shared = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      cookie,
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    const c2 = sessionCookie(shared);
    expect((await overview(c2)).statusCode).toBe(403);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(c2.split('=')[1]!)));
    expect(row!.secondFactorAt).toBeNull();
    expect((await t.request({ method: 'GET', url: '/api/admin-auth/status', cookie: c2 })).json()).toMatchObject({
      step: 'code',
      codeExpiresAt: null,
    });
  });

  it('anonymous callers are told to sign in', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin-auth/status' })).json()).toMatchObject({ step: 'credentials', user: null });
    expect((await submit('', '123456')).statusCode).toBe(401);
  });
});

describe('development mode', () => {
  it('returns the code to the page only in development', async () => {
    const dev = await build({ env: { NODE_ENV: 'development' } });
    const admin = await dev.createUser('admin');
    const res = await dev.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(res.json().devCode).toMatch(/^\d{6}$/);
    expect((await dev.lastMail(admin.email, 'admin_access_code'))!.text).toContain(res.json().devCode);
  });
});
