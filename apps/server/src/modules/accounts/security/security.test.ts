import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import {
  ACCESS_MESSAGES,
  RECOVERY_CODE_COUNT,
  REAUTH_WINDOW_MS,
  SECOND_STEP_MAX_TRIES,
  SECURITY_MESSAGES,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from '@localperks/shared';
import { passkeys, recoveryCodes, totpAuthenticators, users, webauthnChallenges } from '../../../db/schema';
import { build, ORIGIN, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { SoftAuthenticator } from '../../../../test/soft-authenticator';
import { WRONG_CODES_PER_ADDRESS } from './totp.service';
import { REAUTH_FAILURES } from './reauth.service';
import { pruneWebauthnChallenges } from './passkeys.service';

/** Passkeys and authenticator codes (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

const post = (url: string, cookie?: string, payload?: object) => t.request({ method: 'POST', url, cookie, payload });
const reauth = (cookie: string, password = TEST_PASSWORD) => post('/api/account/reauthenticate', cookie, { password });
const overview = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/account/security', cookie })).json();
/** The app's current code for `secret` by the server's clock, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) + steps * 30 });

/** Signs in and registers a passkey on `authenticator`; returns the cookie, the user and the passkey's credential id. */
async function withPasskey(role: 'customer' | 'merchant' | 'admin', authenticator = new SoftAuthenticator(ORIGIN)) {
  const { cookie, user } = await t.loginAs(role);
  expect((await reauth(cookie)).statusCode).toBe(200);
  const { options } = (await post('/api/account/passkeys/options', cookie)).json();
  const response = authenticator.register(options);
  const added = await post('/api/account/passkeys', cookie, { name: 'My laptop', response });
  expect(added.statusCode).toBe(201);
  return { cookie, user, authenticator, credentialId: response.id, passkey: added.json().passkey };
}

/** Signs in and turns the authenticator app on; returns the secret and the recovery codes. */
async function withTotp(role: 'customer' | 'merchant' | 'admin') {
  const { cookie, user } = await t.loginAs(role);
  await reauth(cookie);
  const setup = (await post('/api/account/totp/setup', cookie)).json();
  const on = await post('/api/account/totp/enable', cookie, { code: codeFor(setup.secret) });
  expect(on.statusCode).toBe(200);
  return { cookie, user, secret: setup.secret as string, recoveryCodes: on.json().recoveryCodes as string[] };
}
/** The code for the next period: a code is accepted once, so a test that signs in again uses a fresh one. */
const nextPeriod = () => clock.advance(30_000);

describe('recent re-authentication', () => {
  it('is needed to add or remove a passkey and to turn the app on or off; the password is checked', async () => {
    clock.set(Date.now());
    const { cookie } = await t.loginAs('customer');
    for (const url of [
      '/api/account/passkeys/options',
      '/api/account/totp/setup',
      '/api/account/totp/disable',
      '/api/account/totp/recovery-codes',
    ]) {
      const res = await post(url, cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'REAUTH_REQUIRED', message: SECURITY_MESSAGES.reauthRequired });
    }
    const gone = await t.request({ method: 'DELETE', url: '/api/account/passkeys/00000000-0000-4000-8000-000000000000', cookie });
    expect(gone.json().error.code).toBe('REAUTH_REQUIRED');
    expect((await overview(cookie)).reauthenticatedUntil).toBeNull();

    const wrong = await reauth(cookie, 'Wr0ngPassword');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your password is incorrect.' });
    expect((await post('/api/account/totp/setup', cookie)).statusCode).toBe(403);

    const ok = await reauth(cookie);
    expect(ok.statusCode).toBe(200);
    expect(new Date(ok.json().reauthenticatedUntil).getTime() - clock.now().getTime()).toBe(REAUTH_WINDOW_MS);
    expect((await post('/api/account/totp/setup', cookie)).statusCode).toBe(200);
    // Only for a while, and only in this session.
    clock.advance(REAUTH_WINDOW_MS + 1000);
    expect((await post('/api/account/totp/setup', cookie)).json().error.code).toBe('REAUTH_REQUIRED');
    clock.useRealTime();
  });

  it('counts wrong passwords per account, and refuses once the limit is reached', async () => {
    const { cookie } = await t.loginAs('merchant');
    for (let i = 0; i < REAUTH_FAILURES.max; i++) expect((await reauth(cookie, 'Wr0ngPassword')).statusCode).toBe(400);
    const refused = await reauth(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SECURITY_MESSAGES.tooManyPasswordTries);
  });

  it('is refused to an admin session that has not passed the admin second step', async () => {
    const admin = await t.createUser('admin');
    const login = await post('/api/auth/login', undefined, { email: admin.email, password: TEST_PASSWORD });
    const cookie = sessionCookie(login);
    expect((await reauth(cookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/account/security', cookie })).statusCode).toBe(403);
  });
});

describe('passkeys', () => {
  it('are added with a verified registration, named, listed, and the account is told by e-mail', async () => {
    const { cookie, user, passkey, credentialId } = await withPasskey('customer');
    expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null, synced: false });
    const [row] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ credentialId, counter: 0, deviceType: 'singleDevice', transports: ['internal'] });
    expect((await t.lastMail(user.email, 'security_passkey_added'))?.text).toContain('My laptop');

    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/account/passkeys/${passkey.id}`,
      cookie,
      payload: { name: 'Work phone' },
    });
    expect(renamed.json().passkey.name).toBe('Work phone');
    expect((await overview(cookie)).passkeys).toEqual([expect.objectContaining({ id: passkey.id, name: 'Work phone' })]);
    const blank = await t.request({ method: 'PATCH', url: `/api/account/passkeys/${passkey.id}`, cookie, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    // Another account cannot rename or remove it.
    const other = await t.loginAs('customer');
    await reauth(other.cookie);
    const foreign = await t.request({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}`, cookie: other.cookie });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a registration answer that was not made for this session’s challenge, or that is replayed', async () => {
    const { cookie } = await t.loginAs('merchant');
    await reauth(cookie);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const { options } = (await post('/api/account/passkeys/options', cookie)).json();
    const forged = authenticator.register({ ...options, challenge: 'bm90LXRoZS1zZXJ2ZXJzLWNoYWxsZW5nZQ' });
    const refused = await post('/api/account/passkeys', cookie, { name: 'Forged', response: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(SECURITY_MESSAGES.challengeInvalid);

    const response = authenticator.register(options);
    expect((await post('/api/account/passkeys', cookie, { name: 'Key', response })).statusCode).toBe(201);
    const again = await post('/api/account/passkeys', cookie, { name: 'Key again', response });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(SECURITY_MESSAGES.challengeInvalid);

    // From another origin (a phishing page), even with a fresh challenge.
    const { options: next } = (await post('/api/account/passkeys/options', cookie)).json();
    const phished = new SoftAuthenticator('https://localperks.example.evil').register(next);
    expect((await post('/api/account/passkeys', cookie, { name: 'Phished', response: phished })).json().error.message).toBe(
      SECURITY_MESSAGES.passkeyFailed,
    );
  });

  it('sign in without a password: the challenge works once and expires, the counter must grow', async () => {
    const { user, authenticator, credentialId } = await withPasskey('customer');
    const options = (await post('/api/auth/passkey/options')).json().options;
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.assert(options, credentialId);
    const signedIn = await post('/api/auth/passkey', undefined, { response: assertion });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: user.email });
    const cookie = sessionCookie(signedIn);
    expect((await t.request({ method: 'GET', url: '/api/auth/session', cookie })).json().user.id).toBe(user.id);
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();

    // The same answer again: its challenge was used.
    const replay = await post('/api/auth/passkey', undefined, { response: assertion });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(SECURITY_MESSAGES.challengeInvalid);

    // A challenge past its lifetime.
    const old = (await post('/api/auth/passkey/options')).json().options;
    clock.advance(WEBAUTHN_CHALLENGE_TTL_MS + 1000);
    const late = await post('/api/auth/passkey', undefined, { response: authenticator.assert(old, credentialId) });
    expect(late.json().error.message).toBe(SECURITY_MESSAGES.challengeInvalid);
    clock.useRealTime();

    // A cloned authenticator: a fresh challenge signed with a counter that did not grow.
    authenticator.setCounter(credentialId, 0);
    const fresh = (await post('/api/auth/passkey/options')).json().options;
    const cloned = await post('/api/auth/passkey', undefined, { response: authenticator.assert(fresh, credentialId) });
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().error.message).toBe(SECURITY_MESSAGES.passkeyFailed);
  });

  it('refuses a passkey the site does not know, and one without user verification', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: 'eA', rp: { id: 'localhost' }, user: { id: 'eA' } });
    const options = (await post('/api/auth/passkey/options')).json().options;
    const unknown = await post('/api/auth/passkey', undefined, { response: stranger.assert(options) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(SECURITY_MESSAGES.passkeyUnknown);

    const { authenticator, credentialId } = await withPasskey('merchant');
    const next = (await post('/api/auth/passkey/options')).json().options;
    const presenceOnly = await post('/api/auth/passkey', undefined, { response: authenticator.assert(next, credentialId, 0x01) });
    expect(presenceOnly.statusCode).toBe(401);
  });

  it('forgets challenges a day after they expired (the hourly clean-up job)', async () => {
    const fresh = (await post('/api/auth/passkey/options')).json().options.challenge;
    clock.set(Date.now() - 3 * 86_400_000);
    const old = (await post('/api/auth/passkey/options')).json().options.challenge;
    clock.useRealTime();
    await pruneWebauthnChallenges(t.app.deps);
    const left = (await db.select({ c: webauthnChallenges.challenge }).from(webauthnChallenges)).map((r) => r.c);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });

  it('limits sign-in requests per address', async () => {
    const limited = await build({ clock, authLimits: { passkeyRequestsPerAddress: { max: 2, windowMs: 60_000 } } });
    expect((await limited.request({ method: 'POST', url: '/api/auth/passkey/options' })).statusCode).toBe(200);
    expect((await limited.request({ method: 'POST', url: '/api/auth/passkey/options' })).statusCode).toBe(200);
    const third = await limited.request({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.message).toBe(SECURITY_MESSAGES.tooManyPasskeyRequests);
  });

  it('are removed after re-authentication, the account is told, and the passkey no longer signs in', async () => {
    const { cookie, user, authenticator, credentialId, passkey } = await withPasskey('customer');
    clock.advance(REAUTH_WINDOW_MS + 1000);
    const refused = await t.request({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}`, cookie });
    expect(refused.json().error.code).toBe('REAUTH_REQUIRED');
    clock.useRealTime();
    await reauth(cookie);
    expect((await t.request({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}`, cookie })).statusCode).toBe(200);
    expect((await t.lastMail(user.email, 'security_passkey_removed'))?.text).toContain('My laptop');
    const options = (await post('/api/auth/passkey/options')).json().options;
    expect((await post('/api/auth/passkey', undefined, { response: authenticator.assert(options, credentialId) })).statusCode).toBe(401);
  });

  it('does not sign in a banned customer or a deactivated admin: the passkey proves who they are, not that they may', async () => {
    for (const [role, change, message] of [
      ['customer', { bannedAt: new Date(), banReason: 'Chargeback fraud' }, ACCESS_MESSAGES.banned('Chargeback fraud')],
      ['admin', { deactivatedAt: new Date() }, ACCESS_MESSAGES.deactivated],
    ] as const) {
      const { user, authenticator, credentialId } = await withPasskey(role);
      await db.update(users).set(change).where(eq(users.id, user.id));
      const options = (await post('/api/auth/passkey/options')).json().options;
      const refused = await post('/api/auth/passkey', undefined, { response: authenticator.assert(options, credentialId) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(message);
      expect(refused.cookies.find((c) => c.name === 'lp_session' && c.value)).toBeUndefined();
    }
  });
});

describe('authenticator app (TOTP)', () => {
  it('is turned on with a QR code and a code from the app; 10 recovery codes are given once and kept hashed', async () => {
    const { cookie, user } = await t.loginAs('customer');
    await reauth(cookie);
    const setup = await post('/api/account/totp/setup', cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(uri).toBe(`otpauth://totp/LocalPerks:${encodeURIComponent(user.email)}?secret=${secret}&issuer=LocalPerks`);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Not on until a code confirms it: a password sign-in is still one step.
    expect((await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().user).toBeDefined();

    const wrong = await post('/api/account/totp/enable', cookie, { code: codeFor(secret, 10) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(SECURITY_MESSAGES.codeWrong);
    const bad = await post('/api/account/totp/enable', cookie, { code: '12ab' });
    expect(bad.json().error.fields).toEqual({ code: SECURITY_MESSAGES.totpFormat });

    const on = await post('/api/account/totp/enable', cookie, { code: codeFor(secret) });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
    expect(await t.lastMail(user.email, 'security_totp_enabled')).toBeDefined();
    expect((await overview(cookie)).totp).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it('asks for the code after the password: no session until it is right, a code works once', async () => {
    const { user, secret } = await withTotp('merchant');
    nextPeriod();
    const first = await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name === 'lp_session')).toBeUndefined();
    const { token } = first.json().secondStep;

    const wrong = await post('/api/auth/login/second-step', undefined, { token, code: codeFor(secret, 20) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(SECURITY_MESSAGES.codeWrong);
    expect(wrong.cookies.find((c) => c.name === 'lp_session')).toBeUndefined();

    const code = codeFor(secret);
    const right = await post('/api/auth/login/second-step', undefined, { token, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(user.id);
    const cookie = sessionCookie(right);
    expect((await t.request({ method: 'GET', url: '/api/merchant/me', cookie })).statusCode).not.toBe(401);

    // The token is spent; and the same code on a new sign-in is a replay.
    expect((await post('/api/auth/login/second-step', undefined, { token, code })).json().error.message).toBe(
      SECURITY_MESSAGES.secondStepExpired,
    );
    const again = (await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().secondStep;
    const replay = await post('/api/auth/login/second-step', undefined, { token: again.token, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(SECURITY_MESSAGES.codeWrong);
  });

  it('takes a recovery code instead, once', async () => {
    const { user, recoveryCodes: codes, cookie } = await withTotp('customer');
    const login = async () =>
      (await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().secondStep.token;
    const ok = await post('/api/auth/login/second-step', undefined, { token: await login(), code: codes[0]!.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/api/auth/login/second-step', undefined, { token: await login(), code: codes[0] });
    expect(reused.statusCode).toBe(400);
    expect((await overview(cookie)).totp.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('limits wrong codes per account and address, and each sign-in token to its tries', async () => {
    const { user, secret } = await withTotp('customer');
    const login = async () =>
      (await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD })).json().secondStep.token;
    const wrongCode = (token: string, i: number) =>
      post('/api/auth/login/second-step', undefined, { token, code: codeFor(secret, 40 + i) });
    const first = await login();
    for (let i = 0; i < SECOND_STEP_MAX_TRIES; i++)
      expect((await wrongCode(first, i)).json().error.message).toBe(SECURITY_MESSAGES.codeWrong);
    // The token's tries are spent: even the right code needs the password again.
    const spent = await post('/api/auth/login/second-step', undefined, { token: first, code: codeFor(secret) });
    expect(spent.json().error).toMatchObject({ code: 'TOKEN_EXPIRED', message: SECURITY_MESSAGES.secondStepExpired });
    const second = await login();
    for (let i = SECOND_STEP_MAX_TRIES; i < WRONG_CODES_PER_ADDRESS.max; i++) expect((await wrongCode(second, i)).statusCode).toBe(400);
    const blocked = await post('/api/auth/login/second-step', undefined, { token: await login(), code: codeFor(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(SECURITY_MESSAGES.tooManyWrongCodes);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is turned off after re-authentication; the account is told and the password alone signs in again', async () => {
    const { cookie, user, recoveryCodes: codes } = await withTotp('merchant');
    clock.advance(REAUTH_WINDOW_MS + 1000);
    expect((await post('/api/account/totp/disable', cookie)).json().error.code).toBe('REAUTH_REQUIRED');
    clock.useRealTime();
    await reauth(cookie);
    expect((await post('/api/account/totp/disable', cookie)).statusCode).toBe(200);
    expect(await t.lastMail(user.email, 'security_totp_disabled')).toBeDefined();
    expect(await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const login = await post('/api/auth/login', undefined, { email: user.email, password: TEST_PASSWORD });
    expect(login.json().user.id).toBe(user.id);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  });
});

describe('admin second step', () => {
  const adminLogin = (email: string) => post('/api/admin-auth/login', undefined, { email, password: TEST_PASSWORD });
  const adminOverview = (cookie: string) => t.request({ method: 'GET', url: '/api/admin/overview', cookie });

  it('by authenticator app, as an alternative to the e-mailed code', async () => {
    const { user, secret } = await withTotp('admin');
    nextPeriod();
    const step1 = await adminLogin(user.email);
    expect(step1.json()).toMatchObject({ step: 'code', codeExpiresAt: null, methods: ['totp', 'email'] });
    const cookie = sessionCookie(step1);
    expect(await t.lastMail(user.email, 'admin_access_code')).toBeUndefined();
    expect((await adminOverview(cookie)).statusCode).toBe(403);
    const wrong = await post('/api/admin-auth/totp', cookie, { code: codeFor(secret, 20) });
    expect(wrong.statusCode).toBe(400);
    const ok = await post('/api/admin-auth/totp', cookie, { code: codeFor(secret) });
    expect(ok.json()).toMatchObject({ step: 'signed-in' });
    expect((await adminOverview(cookie)).statusCode).toBe(200);
    // The e-mailed code stays available on request.
    const other = sessionCookie(await adminLogin(user.email));
    expect((await post('/api/admin-auth/code/refresh', other)).statusCode).toBe(200);
    expect(await t.lastMail(user.email, 'admin_access_code')).toBeDefined();
  });

  it('by passkey, which replaces the e-mailed code', async () => {
    const { user, authenticator, credentialId } = await withPasskey('admin');
    const step1 = await adminLogin(user.email);
    expect(step1.json()).toMatchObject({ step: 'code', codeExpiresAt: null, methods: ['passkey'] });
    const cookie = sessionCookie(step1);
    expect(await t.lastMail(user.email, 'admin_access_code')).toBeUndefined();
    const refresh = await post('/api/admin-auth/code/refresh', cookie);
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().error.message).toBe(SECURITY_MESSAGES.emailCodeReplaced);
    expect((await post('/api/admin-auth/code', cookie, { code: '123456' })).statusCode).toBe(403);

    const { options } = (await post('/api/admin-auth/passkey/options', cookie)).json();
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: credentialId })]);
    // A challenge is bound to its session: another session of the same admin cannot use it.
    const elsewhere = sessionCookie(await adminLogin(user.email));
    const stolen = await post('/api/admin-auth/passkey', elsewhere, { response: authenticator.assert(options, credentialId) });
    expect(stolen.statusCode).toBe(400);
    expect((await adminOverview(elsewhere)).statusCode).toBe(403);

    const { options: fresh } = (await post('/api/admin-auth/passkey/options', cookie)).json();
    const ok = await post('/api/admin-auth/passkey', cookie, { response: authenticator.assert(fresh, credentialId) });
    expect(ok.json()).toMatchObject({ step: 'signed-in' });
    expect((await adminOverview(cookie)).statusCode).toBe(200);
  });

  it('a passkey sign-in from the login page passes both steps; another account’s passkey does not pass an admin’s', async () => {
    const { user, authenticator, credentialId } = await withPasskey('admin');
    const options = (await post('/api/auth/passkey/options')).json().options;
    const signedIn = await post('/api/auth/passkey', undefined, { response: authenticator.assert(options, credentialId) });
    expect(signedIn.json().user.id).toBe(user.id);
    expect((await adminOverview(sessionCookie(signedIn))).statusCode).toBe(200);

    const other = await withPasskey('admin');
    const cookie = sessionCookie(await adminLogin(other.user.email));
    const { options: mine } = (await post('/api/admin-auth/passkey/options', cookie)).json();
    const foreign = await post('/api/admin-auth/passkey', cookie, { response: authenticator.assert(mine, credentialId) });
    expect(foreign.statusCode).toBe(401);
    expect((await adminOverview(cookie)).statusCode).toBe(403);
  });
});
