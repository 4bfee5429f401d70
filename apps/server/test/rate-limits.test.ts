import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_AUTH_MESSAGES, CUSTOMER_MESSAGE_LIMIT, REFUND_MESSAGES_UI, REFUND_REQUEST_LIMIT } from '@localperks/shared';
import {
  adminMerchantMessages,
  customerMessages,
  emailOutbox,
  feedback,
  merchantLeads,
  merchantRegistrationRequests,
  supportMessages,
  rateLimitHits,
  refundRequests,
  supportTickets,
  users,
} from '../src/db/schema';
import { consumeRateLimit, pruneRateLimits } from '../src/lib/rate-limit';
import { AUTH_ERRORS } from '../src/modules/accounts';
import { build, sessionCookie, TEST_PASSWORD } from './build';
import { fixedClock } from './clock';
import { buy, createDeal, createMerchant, createMerchantSession } from './factories';

/**
 * Every limit holds under parallel requests: a burst gets exactly the limit through, never more
 * (docs/decisions/0006-rate-limits.md). Each burst uses its own client address and account so the
 * tests do not share counters.
 */
const HOUR = 60 * 60_000;
const t = await build({ env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lp-limits-')) } });
// The same app with a small account-wide limit, so a distributed attack needs few password checks.
const small = await build({ authLimits: { loginFailuresPerAccountAllAddresses: { max: 10, windowMs: HOUR } } });
const db = t.database.db;

async function burst(n: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const count = (status: number) => responses.filter((r) => r.statusCode === status).length;
  const unexpected = responses.filter((r) => ![200, 201, 204, 400, 401, 403, 429].includes(r.statusCode));
  expect(unexpected.map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
  return { responses, count, messages: new Set(responses.filter((r) => r.statusCode === 429).map((r) => r.json().error.message)) };
}

const askRefund = (cookie: string, purchaseId: string) =>
  t.request({ method: 'POST', url: `/api/purchases/${purchaseId}/refund-request`, cookie, payload: { reason: 'closed' } });

const login = (app: typeof t, email: string, password: string, remoteAddress: string) =>
  app.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('password sign-in under parallel guesses', () => {
  it('100 parallel wrong passwords for one account from one address: 5 are checked, 95 refused', async () => {
    const user = await t.createUser('customer');
    const b = await burst(100, (i) => login(t, user.email, `Wrong${i}pass`, '203.0.113.1'));
    expect(b.count(401)).toBe(5);
    expect(b.count(429)).toBe(95);
    expect(b.messages).toEqual(new Set([AUTH_ERRORS.tooManyForAccount]));
    expect((await login(t, user.email, TEST_PASSWORD, '203.0.113.1')).statusCode).toBe(429);
  });

  it('200 parallel wrong passwords from one address across accounts: 20 are checked, 180 refused', async () => {
    const b = await burst(200, (i) => login(t, `spray-${i}@example.com`, 'Wrong123', '203.0.113.2'));
    expect(b.count(401)).toBe(20);
    expect(b.count(429)).toBe(180);
    expect(b.messages).toEqual(new Set([AUTH_ERRORS.tooManyForAddress]));
  });

  it('the right password hidden in a parallel burst past the limit does not sign in', async () => {
    const user = await t.createUser('customer');
    const b = await burst(60, (i) => login(t, user.email, i === 45 ? TEST_PASSWORD : `Wrong${i}pass`, '203.0.113.3'));
    expect(b.count(200)).toBe(0);
    expect(b.count(401)).toBe(5);
    expect(b.count(429)).toBe(55);
  });

  it('100 parallel wrong passwords on the admin sign-in: 5 are checked, 95 refused', async () => {
    const admin = await t.createUser('admin');
    const b = await burst(100, (i) =>
      t.request({
        method: 'POST',
        url: '/api/admin-auth/login',
        payload: { email: admin.email, password: `Wrong${i}pass` },
        remoteAddress: '203.0.113.4',
      }),
    );
    expect(b.count(401)).toBe(5);
    expect(b.count(429)).toBe(95);
  });
});

describe('lock-out cannot be used as a weapon', () => {
  it('the owner signs in from their own address after an attacker’s failures from another address', async () => {
    const user = await t.createUser('customer');
    const attack = await burst(20, (i) => login(t, user.email, `Wrong${i}pass`, '198.51.100.10'));
    expect(attack.count(401)).toBe(5);
    // The attacker's address is refused even with the right password…
    const attacker = await login(t, user.email, TEST_PASSWORD, '198.51.100.10');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error.message).toBe(AUTH_ERRORS.tooManyForAccount);
    // …while the owner, elsewhere, is not locked out.
    expect((await login(t, user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('guesses from many addresses against one account slow down to the account-wide limit; the owner’s known address still gets in', async () => {
    const user = await small.createUser('customer');
    expect((await login(small, user.email, TEST_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
    const b = await burst(40, (i) => login(small, user.email, `Wrong${i}pass`, `192.0.2.${i + 1}`));
    expect(b.count(401)).toBe(10);
    expect(b.count(429)).toBe(30);
    expect(b.messages).toEqual(new Set([AUTH_ERRORS.tooManyForAccount]));
    // A new address gets no further, even with the right password…
    expect((await login(small, user.email, TEST_PASSWORD, '192.0.2.100')).statusCode).toBe(429);
    // …but the address the owner signed in from before is not paused by the attack.
    expect((await login(small, user.email, TEST_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  it('the admin finishes sign-in from their own address after 15 wrong codes from another address', async () => {
    const admin = await t.createUser('admin');
    const adminLogin = (remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/admin-auth/login', payload: { email: admin.email, password: TEST_PASSWORD }, remoteAddress });
    const submit = (cookie: string, code: string, remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/admin-auth/code', cookie, payload: { code }, remoteAddress });
    const mailedCode = async () => (await t.lastMail(admin.email, 'admin_access_code'))!.text.match(/\b(\d{6})\b/)![1]!;
    for (let round = 0; round < 3; round++) {
      const res = await adminLogin('198.51.100.30');
      expect(res.statusCode).toBe(200);
      const wrong = String((Number(await mailedCode()) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) await submit(sessionCookie(res), wrong, '198.51.100.30');
    }
    const paused = await adminLogin('198.51.100.30');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.message).toBe(ADMIN_AUTH_MESSAGES.tooManyWrongCodes);

    const own = await adminLogin('198.51.100.40');
    expect(own.statusCode).toBe(200);
    const cookie = sessionCookie(own);
    expect((await submit(cookie, await mailedCode(), '198.51.100.40')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/admin/overview', cookie, remoteAddress: '198.51.100.40' })).statusCode).toBe(200);
  });

  it('20 parallel requests for a new access code: 5 codes mailed in all, counting the sign-in’s', async () => {
    const admin = await t.createUser('admin');
    const signIn = await t.request({
      method: 'POST',
      url: '/api/admin-auth/login',
      payload: { email: admin.email, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.50',
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn);
    const b = await burst(20, () =>
      t.request({ method: 'POST', url: '/api/admin-auth/code/refresh', cookie, remoteAddress: '198.51.100.50' }),
    );
    expect(b.count(200)).toBe(4);
    expect(b.messages).toEqual(new Set([ADMIN_AUTH_MESSAGES.tooManyCodes]));
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, admin.email), eq(emailOutbox.kind, 'admin_access_code')));
    expect(mails).toHaveLength(5);
  });
});

describe('every other limit under a parallel burst', () => {
  it('100 parallel contact tickets from one address: 10 accepted', async () => {
    const b = await burst(100, (i) =>
      t.request({
        method: 'POST',
        url: '/api/support/tickets',
        remoteAddress: '203.0.113.20',
        payload: { name: 'Burst Tester', email: 'burst-contact@example.com', subject: `Burst ${i}`, message: 'Hello there, a message.' },
      }),
    );
    expect(b.count(201)).toBe(10);
    expect(b.count(429)).toBe(90);
    expect(await db.select().from(supportTickets).where(eq(supportTickets.email, 'burst-contact@example.com'))).toHaveLength(10);
  });

  it('100 parallel feedback messages from one address: 20 accepted', async () => {
    const b = await burst(100, (i) =>
      t.request({ method: 'POST', url: '/api/feedback', remoteAddress: '203.0.113.21', payload: { message: `burst-feedback ${i}` } }),
    );
    expect(b.count(201)).toBe(20);
    expect(await db.select().from(feedback).where(like(feedback.message, 'burst-feedback %'))).toHaveLength(20);
  });

  it('30 parallel merchant leads from one address: 10 accepted', async () => {
    const b = await burst(30, (i) =>
      t.request({
        method: 'POST',
        url: '/api/merchant-leads',
        remoteAddress: '203.0.113.22',
        payload: { optionType: 'commission', email: `burst-lead-${i}@example.com` },
      }),
    );
    expect(b.count(201)).toBe(10);
    expect(await db.select().from(merchantLeads).where(like(merchantLeads.email, 'burst-lead-%'))).toHaveLength(10);
  });

  it('20 parallel password-reset requests for one account: 3 e-mails', async () => {
    const user = await t.createUser('customer');
    const b = await burst(20, () =>
      t.request({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: '203.0.113.23', payload: { email: user.email } }),
    );
    expect(b.count(429)).toBe(17);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, 'password_reset')));
    expect(mails).toHaveLength(3);
  });

  it('20 parallel verification resends for one account: 3 e-mails', async () => {
    const user = await t.createUser('customer', { verified: false });
    const b = await burst(20, () =>
      t.request({ method: 'POST', url: '/api/auth/resend-verification', remoteAddress: '203.0.113.24', payload: { email: user.email } }),
    );
    expect(b.count(429)).toBe(17);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.kind, 'email_verification')));
    expect(mails).toHaveLength(3);
  });

  it('30 parallel sign-ups from one address: 10 accounts', async () => {
    const b = await burst(30, (i) =>
      t.request({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '203.0.113.25',
        payload: { email: `burst-signup-${i}@example.com`, password: 'Str0ngPassword' },
      }),
    );
    expect(b.count(201)).toBe(10);
    expect(b.messages).toEqual(new Set([AUTH_ERRORS.tooManySignups]));
    expect(await db.select().from(users).where(like(users.email, 'burst-signup-%'))).toHaveLength(10);
  });

  it('30 parallel messages from one customer to a merchant: 10 sent', async () => {
    const m = await createMerchant(db);
    const deal = await createDeal(db, m.merchant.id);
    const customer = await t.loginAs('customer');
    const b = await burst(30, (i) =>
      t.request({
        method: 'POST',
        url: '/api/customer-messages',
        cookie: customer.cookie,
        payload: { dealId: deal.id, subject: `S${i}`, message: 'Hello' },
      }),
    );
    expect(b.count(201)).toBe(CUSTOMER_MESSAGE_LIMIT.max);
    expect(await db.select().from(customerMessages).where(eq(customerMessages.customerId, customer.user.id))).toHaveLength(
      CUSTOMER_MESSAGE_LIMIT.max,
    );
  });

  it('15 parallel refund requests from one customer for 15 vouchers: 10 made, 20 e-mails', async () => {
    const m = await createMerchant(db);
    const a = await createDeal(db, m.merchant.id, { dealPriceCents: 1_000 });
    const b2 = await createDeal(db, m.merchant.id, { dealPriceCents: 1_000 });
    const customer = await t.loginAs('customer');
    const vouchers = await buy(t, customer.cookie, [
      { dealId: a.id, quantity: 10 },
      { dealId: b2.id, quantity: 6 },
    ]);
    const ask = (purchaseId: string) => askRefund(customer.cookie, purchaseId);
    const b = await burst(15, (i) => ask(vouchers[i]!.id));
    expect(b.count(200)).toBe(REFUND_REQUEST_LIMIT.max);
    expect(b.count(429)).toBe(5);
    expect(b.messages).toEqual(new Set([REFUND_MESSAGES_UI.tooMany]));
    const made = await db.select().from(refundRequests).where(eq(refundRequests.customerId, customer.user.id));
    expect(made).toHaveLength(REFUND_REQUEST_LIMIT.max);
    const mailsTo = (to: string, kind: string) =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, kind)));
    expect(await mailsTo(customer.user.email, 'refund_requested')).toHaveLength(REFUND_REQUEST_LIMIT.max);
    expect(await mailsTo(m.user.email, 'refund_request_merchant')).toHaveLength(REFUND_REQUEST_LIMIT.max);
    // The hour is full: the 16th voucher waits too, with the time to wait.
    const later = await ask(vouchers[15]!.id);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a refused refund request (already asked) does not use up the customer’s hour', async () => {
    const m = await createMerchant(db);
    const deal = await createDeal(db, m.merchant.id, { dealPriceCents: 1_000 });
    const customer = await t.loginAs('customer');
    const [voucher, other] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const ask = (purchaseId: string) => askRefund(customer.cookie, purchaseId);
    expect((await ask(voucher!.id)).statusCode).toBe(200);
    for (let i = 0; i < REFUND_REQUEST_LIMIT.max; i++) expect((await ask(voucher!.id)).statusCode).toBe(409);
    expect((await ask(other!.id)).statusCode).toBe(200);
  });

  it('50 parallel messages from a merchant to the admins: 30 sent', async () => {
    const m = await createMerchantSession(t, { approved: false });
    const [reg] = await db
      .insert(merchantRegistrationRequests)
      .values({
        userId: m.user.id,
        email: m.user.email,
        businessName: 'Burst Bistro',
        phone: '(312) 555-0100',
        city: 'Chicago',
        state: 'IL',
        description: 'A bistro.',
        plan: 'deals_messaging',
      })
      .returning();
    const b = await burst(50, (i) =>
      t.request({ method: 'POST', url: '/api/merchant/registration/messages', cookie: m.cookie, payload: { message: `Update ${i}` } }),
    );
    expect(b.count(201)).toBe(30);
    expect(await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, reg!.id))).toHaveLength(30);
  });

  it('30 parallel new tickets and 50 parallel replies from one account: 10 and 30 accepted', async () => {
    const customer = await t.loginAs('customer');
    const tickets = await burst(30, (i) =>
      t.request({
        method: 'POST',
        url: '/api/support/my-tickets',
        cookie: customer.cookie,
        payload: { subject: `Ticket ${i}`, message: 'A question about my order.' },
      }),
    );
    expect(tickets.count(201)).toBe(10);
    const ticketId = tickets.responses.find((r) => r.statusCode === 201)!.json().ticket.id as string;
    const replies = await burst(50, (i) =>
      t.request({
        method: 'POST',
        url: `/api/support/my-tickets/${ticketId}/messages`,
        cookie: customer.cookie,
        payload: { message: `Reply ${i}` },
      }),
    );
    expect(replies.count(201)).toBe(30);
    // The opening message plus the accepted replies.
    expect(await db.select().from(supportMessages).where(eq(supportMessages.ticketId, ticketId))).toHaveLength(31);
  });

  it('80 parallel deal-image uploads from one merchant: 60 stored', async () => {
    const m = await createMerchantSession(t);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    const boundary = '----lpburst';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const b = await burst(80, () =>
      t.request({
        method: 'POST',
        url: '/api/merchant/uploads/deal-images',
        cookie: m.cookie,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
    );
    expect(b.count(201)).toBe(60);
    expect(b.count(429)).toBe(20);
  });
});

describe('the clock', () => {
  it('counts hits at the time the caller passes and prunes them by the clock’s time', async () => {
    const key = 'clock-test:prune';
    // Long ago, so the pruning touches no other test's hits.
    const start = Date.UTC(2020, 0, 1);
    const limit = { max: 5, windowMs: HOUR };
    await consumeRateLimit(db, key, limit, 'Too many.', new Date(start));
    await consumeRateLimit(db, key, limit, 'Too many.', new Date(start + 2 * HOUR));
    const hits = async () => (await db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).map((h) => h.createdAt.getTime());
    expect((await hits()).sort((a, b) => a - b)).toEqual([start, start + 2 * HOUR]);
    await pruneRateLimits({ db, clock: fixedClock(start + 25 * HOUR) }, 24 * HOUR);
    expect(await hits()).toEqual([start + 2 * HOUR]);
  });
});
