import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '@localperks/shared';
import { emailOutbox, notificationSends } from '../../../db/schema';
import { composeMail } from '../../../mail/mailer';
import { build, linkFrom } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { startSmtpServer } from '../../../../test/smtp';
import { sendNotification, unsubscribeToken, type NotificationKind } from './notifications.service';

// Mail leaves by SMTP here, so the headers a mailbox provider reads are checked on the wire.
const smtp = await startSmtpServer();
const clock = mutableClock();
const t = await build({ clock, env: { SMTP_URL: smtp.url } });
const db = t.database.db;

/** A non-transactional mail of `kind` about `subjectId` to the customer, through the one way they are sent. */
const notify = (user: { id: string; email: string }, kind: NotificationKind, subjectId = randomUUID()) =>
  sendNotification(t.app.deps, {
    userId: user.id,
    kind,
    subjectId,
    mail: (unsubscribe) => ({
      to: user.email,
      kind,
      subject: `Alert ${subjectId}`,
      ...composeMail({ heading: 'Something new', paragraphs: ['A deal you saved is ending soon.'], unsubscribe }),
    }),
  });
const tokenFrom = (text: string) => linkFrom(text, '/unsubscribe').searchParams.get('token')!;
const unsubscribe = (token: string, opts: { form?: boolean; undo?: boolean } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/unsubscribe${opts.undo ? '/undo' : ''}?token=${encodeURIComponent(token)}`,
    // A mailbox provider's one-click POST: form-encoded, no cookie, no Origin header.
    ...(opts.form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' }
      : { headers: { origin: 'http://localhost:3000' } }),
  });

describe('notification preferences', () => {
  it('the account’s switches: every kind on until switched off; only customers', async () => {
    const customer = await t.loginAs('customer');
    const get = () => t.request({ method: 'GET', url: '/api/account/notifications', cookie: customer.cookie });
    expect((await get()).json()).toEqual({ reviewRequests: true, expiryReminders: true, savedDealAlerts: true, followedBusinesses: true });
    const put = await t.request({
      method: 'PUT',
      url: '/api/account/notifications',
      cookie: customer.cookie,
      payload: { savedDealAlerts: false },
    });
    expect(put.json()).toMatchObject({ savedDealAlerts: false, reviewRequests: true });
    expect((await get()).json()).toMatchObject({ savedDealAlerts: false });
    expect(
      (await t.request({ method: 'PUT', url: '/api/account/notifications', cookie: customer.cookie, payload: { reviewRequests: 'no' } }))
        .statusCode,
    ).toBe(400);
    // A switched-off kind is not sent.
    expect(await notify(customer.user, 'saved_deal_ending')).toBe('off');
    expect(await notify(customer.user, 'followed_business_deal')).toBe('sent');
    const merchant = await t.loginAs('merchant');
    expect((await t.request({ method: 'GET', url: '/api/account/notifications', cookie: merchant.cookie })).statusCode).toBe(403);
  });

  it('with every switch off, the account’s transactional mail is still sent, without an unsubscribe link', async () => {
    const customer = await t.loginAs('customer');
    const allOff = { reviewRequests: false, expiryReminders: false, savedDealAlerts: false, followedBusinesses: false };
    const put = await t.request({ method: 'PUT', url: '/api/account/notifications', cookie: customer.cookie, payload: allOff });
    expect(put.json()).toEqual(allOff);
    for (const kind of ['review_request', 'expiry_7_days', 'saved_deal_ending', 'followed_business_deal'] as const) {
      expect(await notify(customer.user, kind), kind).toBe('off');
    }
    const reset = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: customer.user.email } });
    expect(reset.statusCode).toBe(200);
    const mail = await t.lastMail(customer.user.email, 'password_reset');
    expect(mail, 'the reset mail is written whatever the switches say').toBeDefined();
    expect(mail!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
    expect(mail!.text).not.toContain('/unsubscribe?token=');
  });
});

describe('one-click unsubscribe', () => {
  it('every non-transactional mail has a visible link and the RFC 8058 headers; the signed token turns its kind off without signing in', async () => {
    const customer = await t.createUser('customer');
    expect(await notify(customer, 'expiry_7_days')).toBe('sent');
    const [row] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, customer.email), eq(emailOutbox.kind, 'expiry_7_days')));
    const token = tokenFrom(row!.text);
    expect(row!.text).toContain('Unsubscribe: http://localhost:3000/unsubscribe?token=');
    expect(row!.html).toContain('>Unsubscribe</a>');
    expect(row!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // As the mail left by SMTP.
    await vi.waitFor(() => expect(smtp.messages.some((m) => m.includes(`Subject: Alert`) && m.includes(customer.email))).toBe(true));
    const wire = smtp.messages.find((m) => m.includes(customer.email))!.replace(/\r\n[ \t]+/g, ' ');
    expect(wire).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/unsubscribe\?token=/m);
    expect(wire).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // Valid: the mailbox provider's one-click POST turns expiry reminders off, and nothing else.
    const first = await unsubscribe(token, { form: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      kind: 'expiryReminders',
      label: 'Expiry reminders',
      subscribed: false,
      message: 'You will no longer get expiry reminders e-mails.',
    });
    expect(await notify(customer, 'expiry_1_day')).toBe('off');
    expect(await notify(customer, 'review_request')).toBe('sent');

    // Reused: the same link again answers the same and changes nothing more.
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ kind: 'expiryReminders', subscribed: false });
    expect(await notify(customer, 'expiry_1_day')).toBe('off');

    // Undo on the page turns it back on.
    expect((await unsubscribe(token, { undo: true })).json()).toMatchObject({ subscribed: true });
    expect(await notify(customer, 'expiry_1_day')).toBe('sent');
  });

  it('a forged or altered token is refused and changes nothing', async () => {
    const victim = await t.createUser('customer');
    const other = await t.createUser('customer');
    const real = await unsubscribeToken(db, other.id, 'reviewRequests');
    const [, , sig] = real.split('.');
    const forged = [
      // Another customer's signature on the victim's id.
      `${victim.id}.reviewRequests.${sig}`,
      // The right customer, another kind, the signature of the first kind.
      `${other.id}.savedDealAlerts.${sig}`,
      // Made up.
      `${victim.id}.reviewRequests.${'A'.repeat(43)}`,
      `${victim.id}.everything.${sig}`,
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await unsubscribe(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.message).toBe(
        'This unsubscribe link is not valid. Open the newest e-mail’s link, or change your settings in your account.',
      );
    }
    expect(await notify(victim, 'review_request')).toBe('sent');
    expect(await notify(other, 'saved_deal_ending')).toBe('sent');
    // No token at all.
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe', headers: { origin: 'http://localhost:3000' } })).statusCode).toBe(
      400,
    );
  });
});

describe('the daily cap', () => {
  it('at most 3 alert and marketing e-mails to a customer in 24 hours; the next waits for the next day; each is sent once', async () => {
    const customer = await t.createUser('customer');
    clock.set('2026-12-01T09:00:00Z');
    const subject = randomUUID();
    expect(await notify(customer, 'saved_deal_unlocked', subject)).toBe('sent');
    // The same notification again (another run, another instance) is not sent twice.
    expect(await notify(customer, 'saved_deal_unlocked', subject)).toBe('already-sent');
    clock.set('2026-12-01T12:00:00Z');
    expect(await notify(customer, 'review_request')).toBe('sent');
    clock.set('2026-12-01T20:00:00Z');
    expect(await notify(customer, 'followed_business_deal')).toBe('sent');
    const waiting = randomUUID();
    expect(await notify(customer, 'saved_deal_ending', waiting)).toBe('capped');
    // 24 hours after the first: one place is free again, and the one that waited goes out.
    clock.set(new Date(Date.parse('2026-12-01T09:00:00Z') + DAY_MS + 60_000));
    expect(await notify(customer, 'saved_deal_ending', waiting)).toBe('sent');
    expect(await notify(customer, 'saved_deal_ending')).toBe('capped');
    const sent = await db.select().from(notificationSends).where(eq(notificationSends.userId, customer.id));
    expect(sent).toHaveLength(4);
    clock.useRealTime();
  });
});
