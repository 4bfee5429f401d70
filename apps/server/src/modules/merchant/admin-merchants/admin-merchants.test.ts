import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hasMessagingAccess, type MessageEvent } from '@localperks/shared';
import {
  adminAuditLog,
  adminMerchantMessages,
  merchantCharges,
  merchantRegistrationRequests,
  merchants,
  notifications,
} from '../../../db/schema';
import { RENEWAL_GRACE_MS, withMessagingFacts } from '../../money';
import { build, TEST_PASSWORD } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { rejectionNotice } from './admin-merchants.service';

/** The server's clock: the real time, except where a test moves it past a paid period. */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const admin = await t.loginAs('admin');

type Plan = 'advertise_only' | 'advertise_messaging' | 'deals_messaging';

/** A merchant account with a pending registration request (and, as registration makes it, an unapproved merchant record). */
async function registration(o: { plan?: Plan; businessName?: string; withMerchant?: boolean; verified?: boolean } = {}) {
  const plan = o.plan ?? 'deals_messaging';
  const businessName = o.businessName ?? `Shop ${Math.random().toString(36).slice(2, 8)}`;
  const user = await t.createUser('merchant', { name: businessName, verified: o.verified ?? true });
  const business = {
    businessName,
    description: 'Fresh bread and coffee every day.',
    website: 'https://shop.example',
    phone: '(312) 555-0100',
    city: 'Chicago',
    state: 'IL',
  };
  const [request] = await db
    .insert(merchantRegistrationRequests)
    .values({ userId: user.id, email: user.email, ...business, plan })
    .returning();
  let merchantId: string | null = null;
  if (o.withMerchant !== false) {
    const [m] = await db
      .insert(merchants)
      .values({
        userId: user.id,
        ...business,
        subscriptionPlan: plan,
        approved: false,
        hasSubscription: false,
        commissionRate: 15,
      })
      .returning();
    merchantId = m!.id;
  }
  return { user, request: request!, merchantId };
}

const post = (url: string, payload: object = {}, cookie = admin.cookie) => t.request({ method: 'POST', url, cookie, payload });
const get = (url: string, cookie = admin.cookie) => t.request({ method: 'GET', url, cookie });
const section = async (s: 'pending' | 'awaiting' | 'processed') => (await get(`/api/admin/merchant-requests?section=${s}`)).json();
/** A merchant row with its messaging access, derived the one way the server derives it. */
const merchantOf = async (where: ReturnType<typeof eq>) => {
  const [row] = await db.select().from(merchants).where(where);
  return row && { ...row, hasMessaging: hasMessagingAccess(await withMessagingFacts(db, row), new Date()) };
};
const audits = (entityId: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId));
const requestRow = async (id: string) =>
  (await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, id)))[0]!;

describe('merchant approval', () => {
  it('lists a new request under pending with its plan commission and unread count', async () => {
    const { request } = await registration({ plan: 'deals_messaging', businessName: 'Listed Bakery' });
    const pending = await section('pending');
    const row = pending.items.find((r: { id: string }) => r.id === request.id);
    expect(row).toMatchObject({
      businessName: 'Listed Bakery',
      plan: 'deals_messaging',
      commissionRate: 15,
      status: 'pending',
      requiresMerchantResponse: false,
      unreadMessages: 0,
      website: 'https://shop.example',
      city: 'Chicago',
      state: 'IL',
    });
    expect(pending.total).toBeGreaterThanOrEqual(1);
    expect((await section('awaiting')).items.some((r: { id: string }) => r.id === request.id)).toBe(false);
    expect((await section('processed')).items.some((r: { id: string }) => r.id === request.id)).toBe(false);
  });

  it('approves: request approved, merchant approved with the plan commission, audit, notification and e-mail; a second approval is 409', async () => {
    const { user, request, merchantId } = await registration({ plan: 'deals_messaging', businessName: 'Approved Diner' });
    const res = await post(`/api/admin/merchant-requests/${request.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: request.id, status: 'approved', commissionRate: 15, merchantId });

    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', requiresMerchantResponse: false });
    const m = await merchantOf(eq(merchants.userId, user.id));
    expect(m).toMatchObject({
      approved: true,
      commissionRate: 15,
      hasMessaging: true,
      hasSubscription: false,
      subscriptionPlan: 'deals_messaging',
    });
    const log = await audits(request.id);
    expect(log.map((a) => [a.action, a.adminId])).toEqual([['merchant.approved', admin.user.id]]);
    expect(
      await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'merchant_approved'))),
    ).toHaveLength(1);
    const mail = await t.lastMail(user.email, 'merchant_approved');
    expect(mail?.text).toContain('Approved Diner');
    expect(mail?.text).toContain('15% commission');

    const again = await post(`/api/admin/merchant-requests/${request.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This registration has already been approved.');
    expect(await audits(request.id)).toHaveLength(1);

    const processed = await section('processed');
    expect(processed.items.find((r: { id: string }) => r.id === request.id)).toMatchObject({ status: 'approved' });
    expect(processed.items.length).toBeLessThanOrEqual(10);
  });

  it('two admins approving at once: exactly one succeeds, the other gets 409', async () => {
    const { request } = await registration();
    const other = await t.loginAs('admin');
    const results = await Promise.all([
      post(`/api/admin/merchant-requests/${request.id}/approve`),
      post(`/api/admin/merchant-requests/${request.id}/approve`, {}, other.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await audits(request.id)).filter((a) => a.action === 'merchant.approved')).toHaveLength(1);
  });

  it('creates the merchant record on approval when none exists; advertise plans get 0% and no subscription without payment', async () => {
    const { user, request } = await registration({ plan: 'advertise_messaging', withMerchant: false });
    const res = await post(`/api/admin/merchant-requests/${request.id}/approve`);
    expect(res.statusCode).toBe(200);
    const m = await merchantOf(eq(merchants.userId, user.id));
    // No messaging until the $15/month subscription is paid (docs/product/design.md §7).
    expect(m).toMatchObject({
      approved: true,
      commissionRate: 0,
      hasMessaging: false,
      hasSubscription: false,
      subscriptionPlan: 'advertise_messaging',
      businessName: request.businessName,
    });

    const only = await registration({ plan: 'advertise_only' });
    await post(`/api/admin/merchant-requests/${only.request.id}/approve`);
    const o = await merchantOf(eq(merchants.id, only.merchantId!));
    expect(o).toMatchObject({ approved: true, commissionRate: 0, hasMessaging: false, hasSubscription: false });
  });

  it('keeps a paid messaging subscription on approval (docs/product/design.md §7)', async () => {
    const { request, merchantId } = await registration({ plan: 'advertise_messaging' });
    await db.insert(merchantCharges).values({
      merchantId: merchantId!,
      kind: 'subscription',
      amountCents: 1500,
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(),
      currentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
    });
    await post(`/api/admin/merchant-requests/${request.id}/approve`);
    const m = await merchantOf(eq(merchants.id, merchantId!));
    expect(m).toMatchObject({ approved: true, hasSubscription: true, hasMessaging: true, commissionRate: 0 });
  });

  it('counts the subscription the provider confirmed, with billing’s renewal grace, not a stale flag', async () => {
    // A flag left over without a paid subscription behind it gives no messaging.
    const stale = await registration({ plan: 'advertise_messaging' });
    await db.update(merchants).set({ hasSubscription: true }).where(eq(merchants.id, stale.merchantId!));
    await post(`/api/admin/merchant-requests/${stale.request.id}/approve`);
    expect(await merchantOf(eq(merchants.id, stale.merchantId!))).toMatchObject({
      hasSubscription: false,
      hasMessaging: false,
    });
    // A period that ended an hour ago is still in its renewal grace: the merchant stays subscribed.
    const renewing = await registration({ plan: 'advertise_messaging' });
    await db.insert(merchantCharges).values({
      merchantId: renewing.merchantId!,
      kind: 'subscription',
      amountCents: 1500,
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(),
      currentPeriodEnd: new Date(Date.now() - 3_600_000),
    });
    await post(`/api/admin/merchant-requests/${renewing.request.id}/approve`);
    expect(await merchantOf(eq(merchants.id, renewing.merchantId!))).toMatchObject({
      hasSubscription: true,
      hasMessaging: true,
    });
  });

  it('judges the subscription at the server’s clock: a period whose grace has run out by then gives no messaging', async () => {
    const lapsed = await registration({ plan: 'advertise_messaging' });
    const periodEnd = new Date(Date.now() + 20 * 86_400_000);
    await db.insert(merchantCharges).values({
      merchantId: lapsed.merchantId!,
      kind: 'subscription',
      amountCents: 1500,
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(),
      currentPeriodEnd: periodEnd,
    });
    // Paid for the next 20 days by the wall clock, but the server's clock is past that period and its grace.
    clock.set(periodEnd.getTime() + RENEWAL_GRACE_MS + 60_000);
    try {
      const res = await post(`/api/admin/merchant-requests/${lapsed.request.id}/approve`);
      expect(res.json()).toMatchObject({ hasSubscription: false, hasMessaging: false });
    } finally {
      clock.useRealTime();
    }
    expect(await merchantOf(eq(merchants.id, lapsed.merchantId!))).toMatchObject({ approved: true, hasSubscription: false });
  });

  it('shows whether the merchant’s e-mail is verified, and approves an unverified one only with confirmUnverified: true', async () => {
    const verified = await registration({ businessName: 'Verified Florist' });
    const unverified = await registration({ businessName: 'Unverified Florist', verified: false });
    const pending = (await section('pending')).items;
    expect(pending.find((r: { id: string }) => r.id === verified.request.id).emailVerifiedAt).toEqual(expect.any(String));
    expect(pending.find((r: { id: string }) => r.id === unverified.request.id).emailVerifiedAt).toBeNull();

    const url = `/api/admin/merchant-requests/${unverified.request.id}/approve`;
    for (const payload of [{}, { confirmUnverified: false }]) {
      const refused = await post(url, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining('has not verified their e-mail address'),
        fields: { confirmUnverified: expect.any(String) },
      });
    }
    const bad = await post(url, { confirmUnverified: 'yes' });
    expect(bad.statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect(await requestRow(unverified.request.id)).toMatchObject({ status: 'pending' });
    expect(await merchantOf(eq(merchants.userId, unverified.user.id))).toMatchObject({ approved: false });
    expect(await audits(unverified.request.id)).toHaveLength(0);

    const ok = await post(url, { confirmUnverified: true });
    expect(ok.statusCode).toBe(200);
    expect(await merchantOf(eq(merchants.userId, unverified.user.id))).toMatchObject({ approved: true });
    // A verified merchant needs no flag, with or without a body.
    const plain = await t.request({
      method: 'POST',
      url: `/api/admin/merchant-requests/${verified.request.id}/approve`,
      cookie: admin.cookie,
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('an unknown request is 404', async () => {
    const res = await post('/api/admin/merchant-requests/00000000-0000-4000-8000-000000000000/approve');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Merchant registration request not found.');
  });
});

describe('rejection and reset to review', () => {
  it('refuses a blank reason with the spec message and writes nothing', async () => {
    const { request } = await registration();
    for (const reason of ['', '   ']) {
      const res = await post(`/api/admin/merchant-requests/${request.id}/reject`, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION',
        message: 'Please provide a reason for rejection.',
        fields: { reason: 'Please provide a reason for rejection.' },
      });
    }
    expect(await requestRow(request.id)).toMatchObject({ requiresMerchantResponse: false, rejectionReason: null });
    expect(await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, request.id))).toHaveLength(0);
    expect(await audits(request.id)).toHaveLength(0);
  });

  it('rejects: stays pending, awaits the merchant, reason stored, rejection notice in the thread, e-mail and audit; again is 409', async () => {
    const { user, request } = await registration({ businessName: 'Rejected Cafe' });
    const reason = '  Please add a working website and a business licence number so we can verify your shop.  ';
    const res = await post(`/api/admin/merchant-requests/${request.id}/reject`, { reason });
    expect(res.statusCode).toBe(200);
    const trimmed = reason.trim();
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', requiresMerchantResponse: true, rejectionReason: trimmed });

    const thread = (await get(`/api/admin/merchant-requests/${request.id}/messages`)).json();
    expect(thread.registration).toMatchObject({
      id: request.id,
      businessName: 'Rejected Cafe',
      status: 'pending',
      requiresMerchantResponse: true,
    });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]).toMatchObject({ senderType: 'admin', messageType: 'rejection_response', message: rejectionNotice(trimmed) });
    expect(thread.messages[0].message).toMatch(/rejected for the following reason: Please add a working website/);
    expect(thread.messages[0].message).toMatch(/address these concerns and respond/);

    const mail = await t.lastMail(user.email, 'merchant_rejected');
    expect(mail?.text).toContain(trimmed);
    expect((await audits(request.id)).map((a) => a.action)).toEqual(['merchant.rejected']);

    const awaiting = await section('awaiting');
    expect(awaiting.items.find((r: { id: string }) => r.id === request.id)).toMatchObject({
      rejectionReason: trimmed,
      requiresMerchantResponse: true,
    });
    expect((await section('pending')).items.some((r: { id: string }) => r.id === request.id)).toBe(false);
    expect((await section('processed')).items.some((r: { id: string }) => r.id === request.id)).toBe(false);

    const again = await post(`/api/admin/merchant-requests/${request.id}/reject`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, request.id))).toHaveLength(1);
  });

  it('reset to review only from awaiting a response; clears the flag and is audited', async () => {
    const { request } = await registration();
    const early = await post(`/api/admin/merchant-requests/${request.id}/reset`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('This registration is not awaiting a merchant response.');

    await post(`/api/admin/merchant-requests/${request.id}/reject`, { reason: 'Missing details' });
    const res = await post(`/api/admin/merchant-requests/${request.id}/reset`);
    expect(res.statusCode).toBe(200);
    expect(await requestRow(request.id)).toMatchObject({
      status: 'pending',
      requiresMerchantResponse: false,
      rejectionReason: 'Missing details',
    });
    expect((await audits(request.id)).map((a) => a.action).sort()).toEqual(['merchant.rejected', 'merchant.reset_to_review']);
    expect((await section('pending')).items.some((r: { id: string }) => r.id === request.id)).toBe(true);
    expect((await post(`/api/admin/merchant-requests/${request.id}/reset`)).statusCode).toBe(409);
  });

  it('an approved request cannot be rejected or reset', async () => {
    const { request } = await registration();
    await post(`/api/admin/merchant-requests/${request.id}/approve`);
    expect((await post(`/api/admin/merchant-requests/${request.id}/reject`, { reason: 'Too late' })).statusCode).toBe(409);
    expect((await post(`/api/admin/merchant-requests/${request.id}/reset`)).statusCode).toBe(409);
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', requiresMerchantResponse: false, rejectionReason: null });
  });
});

describe('admin–merchant messages', () => {
  it('refuses a blank message, stores a trimmed one, e-mails the merchant and tells listeners live', async () => {
    const { user, request } = await registration({ businessName: 'Chatty Deli' });
    const events: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => events.push(e));
    try {
      const blank = await post(`/api/admin/merchant-requests/${request.id}/messages`, { message: ' \n ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe('Please enter a message.');

      const sent = await post(`/api/admin/merchant-requests/${request.id}/messages`, { message: '  Could you send your menu?  ' });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ senderType: 'admin', message: 'Could you send your menu?', messageType: 'general' });
      const mail = await t.lastMail(user.email, 'admin_merchant_message');
      expect(mail?.text).toContain('Could you send your menu?');
      const deadline = Date.now() + 3000;
      while (!events.some((e) => e.type === 'registration_message' && e.registrationId === request.id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      expect(events).toContainEqual({ type: 'registration_message', registrationId: request.id, merchantUserId: user.id });
    } finally {
      stop();
    }
    const thread = (await get(`/api/admin/merchant-requests/${request.id}/messages`)).json();
    expect(thread.messages.map((m: { message: string }) => m.message)).toEqual(['Could you send your menu?']);
  });

  it('counts unread merchant messages, shows them as new once, and marks them read when the admin opens the thread', async () => {
    const { user, request } = await registration();
    await post(`/api/admin/merchant-requests/${request.id}/messages`, { message: 'Hello from the admins' });
    await db.insert(adminMerchantMessages).values([
      {
        registrationId: request.id,
        senderType: 'merchant',
        senderId: user.id,
        message: 'Here is my licence',
        createdAt: new Date(Date.now() + 1000),
      },
      {
        registrationId: request.id,
        senderType: 'merchant',
        senderId: user.id,
        message: 'And my website',
        createdAt: new Date(Date.now() + 2000),
      },
    ]);
    const listed = (await section('pending')).items.find((r: { id: string }) => r.id === request.id);
    expect(listed.unreadMessages).toBe(2);

    const thread = (await get(`/api/admin/merchant-requests/${request.id}/messages`)).json();
    expect(thread.messages.map((m: { senderType: string; isRead: boolean }) => [m.senderType, m.isRead])).toEqual([
      ['admin', false],
      ['merchant', false],
      ['merchant', false],
    ]);
    const read = await post(`/api/admin/merchant-requests/${request.id}/messages/read`);
    expect(read.json()).toEqual({ marked: 2 });
    // Only the merchant's messages: the admin's own message stays unread for the merchant.
    const after = (await get(`/api/admin/merchant-requests/${request.id}/messages`)).json();
    expect(after.messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([false, true, true]);
    expect((await section('pending')).items.find((r: { id: string }) => r.id === request.id).unreadMessages).toBe(0);
    expect((await post(`/api/admin/merchant-requests/${request.id}/messages/read`)).json()).toEqual({ marked: 0 });
  });

  it('admin routes refuse merchants (even the thread’s own merchant), customers and anonymous callers', async () => {
    const { user, request } = await registration();
    const ownerLogin = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    const owner = `lp_session=${ownerLogin.cookies.find((c) => c.name === 'lp_session')!.value}`;
    const otherMerchant = await t.loginAs('merchant');
    const customer = await t.loginAs('customer');
    const calls = [
      ['GET', `/api/admin/merchant-requests/${request.id}/messages`],
      ['POST', `/api/admin/merchant-requests/${request.id}/messages`],
      ['POST', `/api/admin/merchant-requests/${request.id}/messages/read`],
      ['POST', `/api/admin/merchant-requests/${request.id}/approve`],
      ['POST', `/api/admin/merchant-requests/${request.id}/reject`],
      ['POST', `/api/admin/merchant-requests/${request.id}/reset`],
      ['GET', '/api/admin/merchant-requests'],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? { message: 'Let me in', reason: 'x' } : undefined;
      for (const cookie of [owner, otherMerchant.cookie, customer.cookie]) {
        expect((await t.request({ method, url, cookie, payload })).statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await t.request({ method, url, payload })).statusCode).toBe(401);
    }
    expect(await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, request.id))).toHaveLength(0);
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', requiresMerchantResponse: false });
  });

  it('an unknown thread is 404', async () => {
    const res = await get('/api/admin/merchant-requests/00000000-0000-4000-8000-000000000000/messages');
    expect(res.statusCode).toBe(404);
  });
});
