import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_CHANGE_UNDO_TTL_MS } from '@localperks/shared';
import { users } from '../../../db/schema';
import { build, linkFrom, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';

const clock = mutableClock();
const t = await build({ clock });

const tokenOf = (text: string, path: string) => linkFrom(text, path).searchParams.get('token')!;
const signIn = async (email: string, password = TEST_PASSWORD) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
/** Asks for `newEmail`, opens the link mailed there, and returns the undo link's token mailed to `oldEmail`. */
async function changeAndConfirm(cookie: string, oldEmail: string, newEmail: string) {
  await t.request({ method: 'POST', url: '/api/account/email', cookie, payload: { newEmail, password: TEST_PASSWORD } });
  const confirm = await t.lastMail(newEmail, 'email_change_confirm');
  await t.request({
    method: 'POST',
    url: '/api/account/email/confirm',
    payload: { token: tokenOf(confirm!.text, '/account/email/confirm') },
  });
  return tokenOf((await t.lastMail(oldEmail, 'email_change_undo'))!.text, '/account/email/undo');
}
const profile = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/account/profile', cookie })).json().profile;

describe('change of e-mail', () => {
  it('needs the password, mails a link to the new address and changes nothing until it is opened', async () => {
    const { cookie, user } = await t.loginAs('customer');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: 'new-home@example.com', password: 'Wr0ngPass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your password is incorrect.' });
    expect(await t.lastMail('new-home@example.com')).toBeUndefined();

    const asked = await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: 'New-Home@Example.com', password: TEST_PASSWORD },
    });
    expect(asked.json()).toEqual({ pendingEmail: 'new-home@example.com' });
    expect((await profile(cookie)).pendingEmail).toBe('new-home@example.com');
    // Not in effect yet: the old address still signs in, the new one does not.
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await signIn('new-home@example.com')).statusCode).toBe(401);

    const mail = await t.lastMail('new-home@example.com', 'email_change_confirm');
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: tokenOf(mail!.text, '/account/email/confirm') },
    });
    expect(confirmed.json()).toEqual({ email: 'new-home@example.com' });
    expect((await signIn('new-home@example.com')).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(401);
    expect(await profile(cookie)).toMatchObject({ email: 'new-home@example.com', emailVerified: true, pendingEmail: null });
    // The link works once.
    const again = await t.request({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: tokenOf(mail!.text, '/account/email/confirm') },
    });
    expect(again.json().error.code).toBe('TOKEN_USED');
    // The old address is told, with an undo link.
    expect((await t.lastMail(user.email, 'email_change_undo'))?.text).toContain('now uses new-home@example.com');
  });

  it('the old address undoes it within 7 days: its address comes back and every session ends', async () => {
    const { cookie, user } = await t.loginAs('merchant');
    const undoToken = await changeAndConfirm(cookie, user.email, 'taken-over@example.com');

    const start = Date.now();
    try {
      clock.set(start + EMAIL_CHANGE_UNDO_TTL_MS - 60_000);
      const undone = await t.request({ method: 'POST', url: '/api/account/email/undo', payload: { token: undoToken } });
      expect(undone.json()).toEqual({ email: user.email });
    } finally {
      clock.useRealTime();
    }
    expect((await t.request({ method: 'GET', url: '/api/account/profile', cookie })).statusCode).toBe(401);
    expect((await signIn(user.email)).statusCode).toBe(200);
    expect((await signIn('taken-over@example.com')).statusCode).toBe(401);
    expect((await t.lastMail(user.email, 'email_change_undone'))?.subject).toBe('Your LocalPerks email address was restored');
  });

  it('an undo link older than 7 days no longer works', async () => {
    const { cookie, user } = await t.loginAs('customer');
    const undoToken = await changeAndConfirm(cookie, user.email, 'late-undo@example.com');
    try {
      clock.set(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS + 60_000);
      const late = await t.request({ method: 'POST', url: '/api/account/email/undo', payload: { token: undoToken } });
      expect(late.json().error.code).toBe('TOKEN_EXPIRED');
    } finally {
      clock.useRealTime();
    }
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('late-undo@example.com');
  });

  it('answers the same for an address that has an account, which gets a notice and no link', async () => {
    const other = await t.createUser('customer');
    const { cookie, user } = await t.loginAs('customer');
    const asked = await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: other.email, password: TEST_PASSWORD },
    });
    expect(asked.json()).toEqual({ pendingEmail: other.email });
    const notice = await t.lastMail(other.email);
    expect(notice).toMatchObject({ kind: 'email_change_taken' });
    expect(notice!.text).not.toContain('/account/email/confirm');
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('a newer request replaces the older one, whose link stops working; its own address is refused', async () => {
    const { cookie, user } = await t.loginAs('customer');
    const same = await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: user.email, password: TEST_PASSWORD },
    });
    expect(same.json().error.fields).toEqual({ newEmail: 'This is already your email address.' });
    await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: 'first-try@example.com', password: TEST_PASSWORD },
    });
    await t.request({
      method: 'POST',
      url: '/api/account/email',
      cookie,
      payload: { newEmail: 'second-try@example.com', password: TEST_PASSWORD },
    });
    const first = await t.lastMail('first-try@example.com', 'email_change_confirm');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: tokenOf(first!.text, '/account/email/confirm') },
    });
    expect(res.json().error.code).toBe('TOKEN_INVALID');
    expect((await profile(cookie)).pendingEmail).toBe('second-try@example.com');
    expect(
      (await t.request({ method: 'POST', url: '/api/account/email/confirm', payload: { token: 'nope.nope' } })).json().error.code,
    ).toBe('TOKEN_INVALID');
  });

  it('is refused without a session, and rate-limited per account', async () => {
    expect(
      (await t.request({ method: 'POST', url: '/api/account/email', payload: { newEmail: 'x@example.com', password: 'x' } })).statusCode,
    ).toBe(401);
    const { cookie } = await t.loginAs('customer');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await t.request({
            method: 'POST',
            url: '/api/account/email',
            cookie,
            payload: { newEmail: `many-${i}@example.com`, password: TEST_PASSWORD },
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

// A signed-in browser keeps working after its own change (the session is the account's, not the address's).
describe('the session after a change', () => {
  it('stays signed in', async () => {
    const user = await t.createUser('customer');
    const cookie = sessionCookie(await signIn(user.email));
    await changeAndConfirm(cookie, user.email, 'moved-on@example.com');
    expect((await profile(cookie)).email).toBe('moved-on@example.com');
  });
});
