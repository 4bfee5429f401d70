import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, LOGIN_FAILURE_WINDOW_MS, PASSWORD_RESET_TTL_MS } from '@localperks/shared';
import { build, linkFrom, ORIGIN, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { sessions, users } from '../../../db/schema';

/** The server's clock: the real time, except where a test moves it to see a link expire or a lockout end. */
const clock = mutableClock();
/** Runs `work` with the server's clock at `at`, then gives it the real time back. */
async function at<T>(time: number, work: () => Promise<T>): Promise<T> {
  clock.set(time);
  try {
    return await work();
  } finally {
    clock.useRealTime();
  }
}

// The production cost, as the sign-up test checks the hash's parameters (other files hash at the test-only low cost).
const t = await build({
  clock,
  env: { PASSWORD_HASH_COST: 'standard' },
  authLimits: {
    loginFailuresPerAccount: 3,
    loginFailuresPerAddress: 6,
    signupPerAddress: { max: 4, windowMs: 60_000 },
    emailPerAccount: { max: 2, windowMs: 60_000 },
  },
});

const strong = 'Passw0rdX';

describe('sign-up', () => {
  it('creates a customer, never an admin, hashes the password with argon2id and mails a verification link', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'New.User@Example.com', password: strong, role: 'admin' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'new.user@example.com'));
    expect(row).toMatchObject({ role: 'customer', emailVerifiedAt: null, name: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await t.lastMail('new.user@example.com', 'email_verification');
    expect(mail?.html).toContain('/auth/callback?type=signup&amp;token=');
    expect(linkFrom(mail!.text, '/auth/callback').searchParams.get('type')).toBe('signup');
  });

  it('refuses weak passwords with the spec messages and writes nothing', async () => {
    const cases: [string, string][] = [
      ['Ab1', 'Password must be at least 8 characters'],
      ['abcdefg1', 'Password must contain at least one uppercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
    ];
    for (const [password, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'weak@example.com', password } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION', fields: { password: message } });
    }
    const bad = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'not-an-email', password: strong } });
    expect(bad.json().error.fields.email).toBe('Please enter a valid email address');
    expect(await t.database.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
  });

  it('answers an address that has an account exactly like a new one, makes no second account and warns the owner', async () => {
    const owner = await t.createUser('customer', { email: 'taken@example.com' });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    // Its own client address: the file's sign-up limit per address is small.
    const signUp = (email: string) =>
      t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: strong }, remoteAddress: '192.0.2.88' });
    const fresh = await signUp('untaken@example.com');
    const taken = await signUp('TAKEN@example.com');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'taken@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toBe(before!.passwordHash);
    const warning = await t.lastMail('taken@example.com');
    expect(warning).toMatchObject({ kind: 'signup_existing_account', subject: 'Someone tried to register with your LocalPerks address' });
    expect(warning!.text).toContain('Someone tried to create a LocalPerks account with your email address');
    expect(linkFrom(warning!.text, '/login').pathname).toBe('/login');
    expect(await t.lastMail('taken@example.com', 'email_verification')).toBeUndefined();
    expect((await t.lastMail('untaken@example.com', 'email_verification'))?.text).toContain('/auth/callback?type=signup&token=');
  });

  it('writes the account and its verification mail before answering: a sign-in right after the 201 works (docs/decisions/0052)', async () => {
    // app.inject, not t.request: nothing that runs after the answer has had a chance to run.
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: ORIGIN },
      payload: { email: 'at-once@example.com', password: strong },
      remoteAddress: '192.0.2.90',
    });
    expect(answer.statusCode).toBe(201);
    expect(await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, 'at-once@example.com'))).toEqual([
      { role: 'customer' },
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'at-once@example.com', password: strong },
      remoteAddress: '192.0.2.90',
    });
    expect(login.statusCode).toBe(200);
    expect((await t.lastMail('at-once@example.com', 'email_verification'))?.text).toContain('/auth/callback?type=signup&token=');
    await t.app.afterResponse.settled();
  });

  it('writes a reset request before answering: the link is in the outbox when the answer arrives (docs/decisions/0052)', async () => {
    await t.createUser('customer', { email: 'reset-at-once@example.com' });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { origin: ORIGIN },
      payload: { email: 'reset-at-once@example.com' },
      remoteAddress: '192.0.2.91',
    });
    expect(answer.statusCode).toBe(200);
    const mail = await t.lastMail('reset-at-once@example.com', 'password_reset');
    const link = linkFrom(mail!.text, '/reset-password');
    await t.app.afterResponse.settled();
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        accessToken: link.searchParams.get('access_token'),
        refreshToken: link.searchParams.get('refresh_token'),
        password: 'N3wPassword!',
      },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('forgot-password answers the same for an address with and without an account; only the owner gets a link', async () => {
    await t.createUser('customer', { email: 'has-account@example.com' });
    const ask = (email: string) =>
      t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '192.0.2.77' });
    const known = await ask('has-account@example.com');
    const unknown = await ask('no-account@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await t.lastMail('has-account@example.com', 'password_reset')).toBeDefined();
    expect(await t.lastMail('no-account@example.com')).toBeUndefined();
  });
});

describe('e-mail verification', () => {
  it('the mailed link verifies the address once and signs the user in', async () => {
    await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'verify@example.com', password: strong } });
    const link = linkFrom((await t.lastMail('verify@example.com', 'email_verification'))!.text, '/auth/callback');
    const token = link.searchParams.get('token')!;
    const res = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { emailVerified: true }, hasMerchantRegistration: false });
    const session = await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookie(res) });
    expect(session.json().user).toMatchObject({ email: 'verify@example.com', emailVerified: true });
    const again = await t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_USED');
    const forged = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: `${token.split('.')[0]}.${'x'.repeat(43)}` },
    });
    expect(forged.json().error.code).toBe('TOKEN_INVALID');
  });

  it('an expired link is refused with a clear message', async () => {
    const sentAt = Date.now();
    await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'late@example.com', password: strong } });
    const token = linkFrom((await t.lastMail('late@example.com'))!.text, '/auth/callback').searchParams.get('token')!;
    // The link's lifetime is counted on the server's clock.
    const res = await at(Date.now() + EMAIL_VERIFICATION_TTL_MS + 1000, () =>
      t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } }),
    );
    expect(res.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: 'This verification link has expired. Please request a new one.' });
    // Just before the end of its lifetime it still works.
    const inTime = await at(sentAt + EMAIL_VERIFICATION_TTL_MS - 60_000, () =>
      t.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } }),
    );
    expect(inTime.statusCode).toBe(200);
  });

  it('resend sends a new link, tells a signed-in verified user, and is rate limited per address', async () => {
    await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'resend@example.com', password: strong } });
    const r1 = await t.request({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'resend@example.com' } });
    expect(r1.json()).toEqual({ ok: true, alreadyVerified: false });
    const r2 = await t.request({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'resend@example.com' } });
    expect(r2.statusCode).toBe(200);
    const r3 = await t.request({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'resend@example.com' } });
    expect(r3.statusCode).toBe(429);
    expect(r3.json().error.message).toBe('Too many emails requested. Please wait a few minutes and try again.');
    const { cookie, user } = await t.loginAs('customer');
    const verified = await t.request({ method: 'POST', url: '/api/auth/resend-verification', cookie, payload: { email: user.email } });
    expect(verified.json()).toEqual({ ok: true, alreadyVerified: true });
  });
});

describe('login and sessions', () => {
  it('login sets an HttpOnly SameSite session cookie stored hashed; logout ends it', async () => {
    const user = await t.createUser('customer', { email: 'login@example.com' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'LOGIN@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.cookies.find((c) => c.name === 'lp_session')!;
    expect(raw).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).not.toBe(raw.value);
    const cookie = sessionCookie(res);
    expect((await t.request({ method: 'GET', url: '/api/auth/session', cookie })).json().user.email).toBe('login@example.com');
    // A new login renews the session id.
    const second = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      cookie,
      payload: { email: 'login@example.com', password: TEST_PASSWORD },
    });
    expect(sessionCookie(second)).not.toBe(cookie);
    expect((await t.request({ method: 'GET', url: '/api/auth/session', cookie })).json().user).toBeNull();
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie: sessionCookie(second) });
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/session', cookie: sessionCookie(second) })).json().user).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('a wrong password and an unknown account get the same message', async () => {
    await t.createUser('customer', { email: 'wrong@example.com' });
    const a = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'wrong@example.com', password: 'Nope12345' } });
    const b = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'Nope12345' } });
    expect(a.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(a.json().error.message).toBe('Invalid email or password');
  });

  it('login validation uses the spec messages', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'x', password: '123' } });
    expect(res.json().error.fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('refuses further attempts on an account from an address after repeated failures there, even with the right password', async () => {
    await t.createUser('customer', { email: 'brute@example.com' });
    for (let i = 0; i < 3; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'brute@example.com', password: `Wrong${i}pass` },
        remoteAddress: '10.0.0.1',
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'brute@example.com', password: TEST_PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(
      'Too many failed login attempts for this account. Please wait 15 minutes or reset your password.',
    );
    // Until the oldest failure leaves the 15-minute window.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // Someone else's failures do not lock the owner out of their own address (ASVS 5.0 V6.3).
    const owner = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'brute@example.com', password: TEST_PASSWORD },
      remoteAddress: '10.0.0.9',
    });
    expect(owner.statusCode).toBe(200);
    // Once the window has passed on the server's clock, the address may try again.
    const later = await at(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000, () =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'brute@example.com', password: TEST_PASSWORD },
        remoteAddress: '10.0.0.1',
      }),
    );
    expect(later.statusCode).toBe(200);
  });

  it('refuses further attempts from one address across many accounts', async () => {
    for (let i = 0; i < 6; i++) {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `spray${i}@example.com`, password: 'Wrong123' },
        remoteAddress: '192.0.2.7',
      });
    }
    const user = await t.createUser('customer');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '192.0.2.7',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Too many failed login attempts from your network. Please wait 15 minutes and try again.');
  });

  it('sign-up is rate limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: `flood${i}@example.com`, password: strong },
        remoteAddress: '198.51.100.4',
      });
      codes.push(r.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 429]);
  });
});

describe('password reset', () => {
  it('the mailed link changes the password once, ends old sessions and the old password stops working', async () => {
    const user = await t.createUser('customer', { email: 'reset@example.com' });
    const { cookie } = await (async () => {
      const r = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
      return { cookie: sessionCookie(r) };
    })();
    const req = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(req.json()).toEqual({ ok: true });
    const link = linkFrom((await t.lastMail(user.email, 'password_reset'))!.text, '/reset-password');
    const accessToken = link.searchParams.get('access_token')!;
    const refreshToken = link.searchParams.get('refresh_token')!;
    const weak = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { accessToken, refreshToken, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { accessToken, refreshToken, password: 'N3wPassword' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/session', cookie })).json().user).toBeNull();
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'N3wPassword' } })).statusCode,
    ).toBe(200);
    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { accessToken, refreshToken, password: 'An0therOne' },
    });
    expect(reused.json().error).toEqual({
      code: 'TOKEN_USED',
      message: 'This password reset link has already been used. Please request a new one.',
    });
    expect((await t.lastMail(user.email))!.kind).toBe('password_changed');
  });

  it('an expired reset link is refused and a newer link revokes the older one', async () => {
    const user = await t.createUser('customer', { email: 'reset2@example.com' });
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const first = linkFrom((await t.lastMail(user.email, 'password_reset'))!.text, '/reset-password');
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const second = linkFrom((await t.lastMail(user.email, 'password_reset'))!.text, '/reset-password');
    const old = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        accessToken: first.searchParams.get('access_token'),
        refreshToken: first.searchParams.get('refresh_token'),
        password: 'N3wPassword',
      },
    });
    expect(old.json().error.code).toBe('TOKEN_USED');
    const expired = await at(Date.now() + PASSWORD_RESET_TTL_MS + 1000, () =>
      t.request({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {
          accessToken: second.searchParams.get('access_token'),
          refreshToken: second.searchParams.get('refresh_token'),
          password: 'N3wPassword',
        },
      }),
    );
    expect(expired.json().error).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'This password reset link has expired. Please request a new one.',
    });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ghost@example.com' } });
    expect(res.json()).toEqual({ ok: true });
    expect(await t.lastMail('ghost@example.com')).toBeUndefined();
  });
});
