import { describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MERCHANT_DASHBOARD_MESSAGES as D, hasMessagingAccess, type MessageEvent } from '@localperks/shared';
import {
  adminMerchantMessages,
  deals,
  emailOutbox,
  merchantCharges,
  merchantRegistrationRequests,
  merchants,
  sandboxSessions,
  sandboxSubscriptions,
  webhookEvents,
} from '../../../db/schema';
import { build, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { fixedClock, mutableClock } from '../../../../test/clock';
import { createBoostDeal, createDeal, createMerchant, sellAt, TEST_CARD } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';
import { runSandboxSubscriptions, expireStaleCharges, startMerchantCharge, withMessagingFacts } from '../../money';

// Reads the real time until a test sets it (and puts it back).
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const DAY = 86_400_000;

/** A merchant account with its merchant row and a registration request, signed in. */
async function merchantAccount(
  o: Partial<typeof merchants.$inferInsert> = {},
  request: Partial<typeof merchantRegistrationRequests.$inferInsert> = {},
) {
  const { merchant, user } = await createMerchant(db, {
    description: 'Neighbourhood bistro with seasonal plates.',
    phone: '(312) 555-0100',
    ...o,
  });
  const [reg] = await db
    .insert(merchantRegistrationRequests)
    .values({
      userId: user.id,
      email: user.email,
      businessName: merchant.businessName,
      phone: merchant.phone,
      city: merchant.city,
      state: merchant.state,
      description: merchant.description,
      plan: merchant.subscriptionPlan,
      status: merchant.approved ? 'approved' : 'pending',
      ...request,
    })
    .returning();
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return { merchant, user, registration: reg!, cookie: sessionCookie(res) };
}

/** The merchant row with its messaging access, derived the one way the server derives it. */
const merchantRow = async (id: string) => {
  const row = (await db.select().from(merchants).where(eq(merchants.id, id)))[0]!;
  return { ...row, hasMessaging: hasMessagingAccess(await withMessagingFacts(db, row), t.app.deps.clock.now()) };
};
const profile = (o: Record<string, unknown> = {}) => ({
  businessName: 'Lakeview Bakery',
  description: 'Sourdough, croissants and seasonal pies baked every morning.',
  website: 'https://lakeview-bakery.example',
  phone: '(312) 555-0142',
  city: 'Chicago',
  state: 'IL',
  plan: 'deals_messaging',
  ...o,
});

describe('profile edit', () => {
  it('updates the merchant row and the newest registration request, and answers with the commission rate', async () => {
    const a = await merchantAccount({ subscriptionPlan: 'deals_messaging' });
    // An older request of the same merchant stays as it was.
    const [older] = await db
      .insert(merchantRegistrationRequests)
      .values({
        userId: a.user.id,
        email: a.user.email,
        businessName: 'Old Name',
        phone: '1',
        city: 'Chicago',
        state: 'IL',
        description: 'An older application text.',
        plan: 'advertise_only',
        createdAt: new Date(Date.now() - 30 * DAY),
      })
      .returning();
    const res = await t.request({
      method: 'PUT',
      url: '/api/merchant/profile',
      cookie: a.cookie,
      payload: profile({ website: '', state: 'NY', city: 'Brooklyn' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ commissionRate: 15, phoneNumbersRemoved: false, planChanged: false, paymentRequired: false });
    expect(await merchantRow(a.merchant.id)).toMatchObject({
      businessName: 'Lakeview Bakery',
      website: null,
      city: 'Brooklyn',
      state: 'NY',
      phone: '(312) 555-0142',
      commissionRate: 15,
    });
    const [newest] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, a.registration.id));
    expect(newest).toMatchObject({
      businessName: 'Lakeview Bakery',
      city: 'Brooklyn',
      state: 'NY',
      website: null,
      plan: 'deals_messaging',
    });
    const [old] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, older!.id));
    expect(old!.businessName).toBe('Old Name');
  });

  it('removes phone numbers from the description and says so', async () => {
    const a = await merchantAccount();
    const res = await t.request({
      method: 'PUT',
      url: '/api/merchant/profile',
      cookie: a.cookie,
      payload: profile({ description: 'Fresh bread daily. Call 312-555-0199 to order ahead.' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phoneNumbersRemoved).toBe(true);
    // The sentence about calling goes with its number: no "Call to order ahead." without one.
    expect((await merchantRow(a.merchant.id)).description).toBe('Fresh bread daily.');
    const [reg] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, a.registration.id));
    expect(reg!.description).toBe('Fresh bread daily.');
  });

  it('refuses bad fields with the spec’s messages and writes nothing', async () => {
    const a = await merchantAccount();
    const before = await merchantRow(a.merchant.id);
    for (const [payload, field, message] of [
      [profile({ businessName: 'A' }), 'businessName', 'Business name must be at least 2 characters.'],
      [profile({ description: 'short' }), 'description', 'Description must be at least 10 characters.'],
      [profile({ website: 'not a url' }), 'website', 'Please enter a valid URL.'],
      [profile({ phone: '  ' }), 'phone', 'Phone number is required.'],
      [profile({ state: 'ZZ' }), 'state', 'Please select a state.'],
      [profile({ plan: undefined }), 'plan', 'Please select a subscription plan.'],
      // Only a phone number: nothing of the description is left.
      [profile({ description: '(312) 555-0123' }), 'description', 'Description must be at least 10 characters.'],
    ] as const) {
      const res = await t.request({ method: 'PUT', url: '/api/merchant/profile', cookie: a.cookie, payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields?.[field], field).toBe(message);
    }
    expect(await merchantRow(a.merchant.id)).toEqual(before);
  });

  it('changes only the caller’s own business; customers and merchants without a profile are refused', async () => {
    const a = await merchantAccount({ businessName: 'Shop A' });
    const b = await merchantAccount({ businessName: 'Shop B' });
    expect(
      (await t.request({ method: 'PUT', url: '/api/merchant/profile', cookie: b.cookie, payload: profile({ businessName: 'Renamed B' }) }))
        .statusCode,
    ).toBe(200);
    expect((await merchantRow(a.merchant.id)).businessName).toBe('Shop A');
    expect((await merchantRow(b.merchant.id)).businessName).toBe('Renamed B');

    const customer = await t.loginAs('customer');
    expect((await t.request({ method: 'PUT', url: '/api/merchant/profile', cookie: customer.cookie, payload: profile() })).statusCode).toBe(
      403,
    );
    const bare = await t.loginAs('merchant');
    const res = await t.request({ method: 'PUT', url: '/api/merchant/profile', cookie: bare.cookie, payload: profile() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No merchant profile found. Please complete your registration.');
  });
});

describe('admin–merchant thread, merchant side', () => {
  it('refuses a flood of messages to the admins (30 an hour) and writes nothing more', async () => {
    const a = await merchantAccount({ approved: false });
    for (let i = 0; i < 30; i++) {
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/merchant/registration/messages',
            cookie: a.cookie,
            payload: { message: `Update ${i}` },
          })
        ).statusCode,
      ).toBe(201);
    }
    const flood = await t.request({
      method: 'POST',
      url: '/api/merchant/registration/messages',
      cookie: a.cookie,
      payload: { message: 'One more' },
    });
    expect(flood.statusCode).toBe(429);
    const rows = await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, a.registration.id));
    expect(rows).toHaveLength(30);
  });

  it('lists the newest registration’s messages oldest first and marks the admin’s as read', async () => {
    const a = await merchantAccount({ approved: false }, { requiresMerchantResponse: true, rejectionReason: 'Please add your menu.' });
    const admin = await t.createUser('admin');
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    await db.insert(adminMerchantMessages).values([
      {
        registrationId: a.registration.id,
        senderType: 'admin',
        senderId: admin.id,
        message: 'Rejected: Please add your menu.',
        messageType: 'rejection_response',
        createdAt: at(1),
      },
      { registrationId: a.registration.id, senderType: 'merchant', senderId: a.user.id, message: 'Menu attached.', createdAt: at(2) },
      { registrationId: a.registration.id, senderType: 'admin', senderId: admin.id, message: 'Thanks!', createdAt: at(3) },
    ]);
    const events: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => events.push(e));
    try {
      const res = await t.request({ method: 'GET', url: '/api/merchant/registration/messages', cookie: a.cookie });
      expect(res.statusCode).toBe(200);
      const thread = res.json();
      expect(thread.registrationId).toBe(a.registration.id);
      expect(
        thread.messages.map((m: { message: string; senderType: string; messageType: string }) => [m.senderType, m.messageType, m.message]),
      ).toEqual([
        ['admin', 'rejection_response', 'Rejected: Please add your menu.'],
        ['merchant', 'general', 'Menu attached.'],
        ['admin', 'general', 'Thanks!'],
      ]);
      const rows = await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, a.registration.id));
      expect(rows.filter((r) => r.senderType === 'admin').every((r) => r.isRead)).toBe(true);
      // The merchant's own message is the admins' to read.
      expect(rows.find((r) => r.senderType === 'merchant')!.isRead).toBe(false);
      const deadline = Date.now() + 3000;
      while (!events.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(events).toContainEqual({ type: 'registration_message', registrationId: a.registration.id, merchantUserId: a.user.id });
    } finally {
      stop();
    }
  });

  it('sends a trimmed general message, refuses a blank one, and keeps threads apart', async () => {
    const a = await merchantAccount({ approved: false });
    const b = await merchantAccount({ approved: false });
    const blank = await t.request({
      method: 'POST',
      url: '/api/merchant/registration/messages',
      cookie: a.cookie,
      payload: { message: '  \n ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please enter a message.');
    const sent = await t.request({
      method: 'POST',
      url: '/api/merchant/registration/messages',
      cookie: a.cookie,
      payload: { message: '  Here is our menu link.  ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ senderType: 'merchant', messageType: 'general', message: 'Here is our menu link.', isRead: false });
    const rows = await db.select().from(adminMerchantMessages).where(eq(adminMerchantMessages.registrationId, a.registration.id));
    expect(rows).toEqual([expect.objectContaining({ senderId: a.user.id, message: 'Here is our menu link.' })]);
    const other = (await t.request({ method: 'GET', url: '/api/merchant/registration/messages', cookie: b.cookie })).json();
    expect(other).toEqual({ registrationId: b.registration.id, messages: [] });
  });

  it('stamps the merchant’s message with the clock’s time, so the thread follows the clock', async () => {
    const a = await merchantAccount({ approved: false });
    const admin = await t.createUser('admin');
    await db.insert(adminMerchantMessages).values({
      registrationId: a.registration.id,
      senderType: 'admin',
      senderId: admin.id,
      message: 'Could you add your menu?',
      createdAt: new Date('2030-01-02T10:00:00Z'),
    });
    const at = new Date('2030-01-02T09:00:00Z');
    try {
      clock.set(at);
      const sent = await t.request({
        method: 'POST',
        url: '/api/merchant/registration/messages',
        cookie: a.cookie,
        payload: { message: 'Written before your note.' },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json().createdAt).toBe(at.toISOString());
    } finally {
      clock.useRealTime();
    }
    const thread = (await t.request({ method: 'GET', url: '/api/merchant/registration/messages', cookie: a.cookie })).json();
    expect(thread.messages.map((m: { message: string }) => m.message)).toEqual(['Written before your note.', 'Could you add your menu?']);
  });

  it('answers 404 when the merchant has no registration request', async () => {
    const bare = await t.loginAs('merchant');
    const res = await t.request({ method: 'GET', url: '/api/merchant/registration/messages', cookie: bare.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("We couldn't find your merchant registration. Please contact support.");
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/registration/messages', cookie: bare.cookie, payload: { message: 'Hi' } }))
        .statusCode,
    ).toBe(404);
  });
});

const switchTo = (cookie: string, plan: string) => t.request({ method: 'POST', url: '/api/merchant/plan', cookie, payload: { plan } });

describe('switching plans', () => {
  it('keeps a merchant with live deals on the commission plan until they are paused, and a paused deal resumes only on it', async () => {
    const a = await merchantAccount({ subscriptionPlan: 'deals_messaging', commissionRate: 15, approved: true });
    const deal = await createDeal(db, a.merchant.id, { title: 'Live tasting menu' });
    const refused = await t.request({ method: 'POST', url: '/api/merchant/plan', cookie: a.cookie, payload: { plan: 'advertise_only' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(D.liveDealsBlockPlanChange);
    // The profile form's plan field follows the same rule.
    const viaProfile = await t.request({
      method: 'PUT',
      url: '/api/merchant/profile',
      cookie: a.cookie,
      payload: {
        businessName: a.merchant.businessName,
        description: a.merchant.description,
        website: '',
        phone: a.merchant.phone,
        city: a.merchant.city,
        state: a.merchant.state,
        plan: 'advertise_messaging',
      },
    });
    expect(viaProfile.statusCode).toBe(409);
    expect(viaProfile.json().error.fields.plan).toBe(D.liveDealsBlockPlanChange);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ subscriptionPlan: 'deals_messaging', commissionRate: 15 });

    expect((await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/pause`, cookie: a.cookie })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'POST', url: '/api/merchant/plan', cookie: a.cookie, payload: { plan: 'advertise_only' } })).statusCode,
    ).toBe(200);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ subscriptionPlan: 'advertise_only', commissionRate: 0 });
    const resume = await t.request({ method: 'POST', url: `/api/merchant/deals/${deal.id}/resume`, cookie: a.cookie });
    expect(resume.statusCode).toBe(403);
    const [row] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(row!.status).toBe('paused');
  });

  it('refuses the current plan with Already on this plan and changes nothing', async () => {
    const a = await merchantAccount({ subscriptionPlan: 'deals_messaging' });
    const before = await merchantRow(a.merchant.id);
    const res = await switchTo(a.cookie, 'deals_messaging');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Already on this plan');
    expect(await merchantRow(a.merchant.id)).toEqual(before);
  });

  it('sets plan, commission and messaging; advertise_messaging needs payment and gives no subscription by itself', async () => {
    const a = await merchantAccount({ subscriptionPlan: 'deals_messaging', commissionRate: 15 });
    let res = await switchTo(a.cookie, 'advertise_only');
    expect(res.json()).toMatchObject({ plan: 'advertise_only', commissionRate: 0, paymentRequired: false, downgraded: false });
    expect(await merchantRow(a.merchant.id)).toMatchObject({
      subscriptionPlan: 'advertise_only',
      commissionRate: 0,
      hasMessaging: false,
      hasSubscription: false,
    });

    res = await switchTo(a.cookie, 'advertise_messaging');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'advertise_messaging', commissionRate: 0, paymentRequired: true });
    expect(res.json().overview.merchant).toMatchObject({ messagingAccess: false, paymentRequired: true });
    expect(await merchantRow(a.merchant.id)).toMatchObject({
      subscriptionPlan: 'advertise_messaging',
      commissionRate: 0,
      hasMessaging: false,
      hasSubscription: false,
    });

    res = await switchTo(a.cookie, 'deals_messaging');
    expect(res.json()).toMatchObject({ plan: 'deals_messaging', commissionRate: 15, paymentRequired: false, downgraded: true });
    expect(await merchantRow(a.merchant.id)).toMatchObject({ subscriptionPlan: 'deals_messaging', commissionRate: 15, hasMessaging: true });
    const [reg] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, a.registration.id));
    expect(reg!.plan).toBe(a.registration.plan);
  });

  it('a merchant still under review switches the plan the approval will apply', async () => {
    const a = await merchantAccount({ approved: false, subscriptionPlan: 'advertise_only', commissionRate: 0 });
    expect((await switchTo(a.cookie, 'deals_messaging')).statusCode).toBe(200);
    const [reg] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, a.registration.id));
    expect(reg!.plan).toBe('deals_messaging');
    // Messaging comes with the plan once the merchant is approved (the inbox refuses it before).
    expect(await merchantRow(a.merchant.id)).toMatchObject({
      subscriptionPlan: 'deals_messaging',
      commissionRate: 15,
      hasMessaging: false,
    });
  });

  it('a subscription flag without a paid, current subscription behind it does not unlock messaging', async () => {
    const a = await merchantAccount({ subscriptionPlan: 'deals_messaging', hasSubscription: true });
    const res = await switchTo(a.cookie, 'advertise_messaging');
    expect(res.json()).toMatchObject({ paymentRequired: true });
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false, hasMessaging: false });
  });

  it('refuses a plan that does not exist and customers', async () => {
    const a = await merchantAccount();
    const res = await switchTo(a.cookie, 'platinum');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.plan).toBe('Please select a subscription plan.');
    expect((await switchTo((await t.loginAs('customer')).cookie, 'advertise_only')).statusCode).toBe(403);
  });
});

/** Pays a sandbox session through its public card page API. */
const payOnSandbox = (sessionId: string) =>
  t.request({ method: 'POST', url: `/api/sandbox/sessions/${sessionId}/pay`, payload: TEST_CARD });
const chargesOf = (merchantId: string) => db.select().from(merchantCharges).where(eq(merchantCharges.merchantId, merchantId));

async function subscribedCheckout(o: Partial<typeof merchants.$inferInsert> = {}) {
  const a = await merchantAccount({ subscriptionPlan: 'advertise_messaging', commissionRate: 0, ...o });
  const res = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
  expect(res.statusCode).toBe(200);
  const [charge] = await chargesOf(a.merchant.id);
  return { ...a, url: res.json().url as string, charge: charge! };
}

describe('the $15/month messaging subscription (sandbox provider)', () => {
  it('opens a monthly $15 card page; the subscription counts only once the signed webhook confirms it', async () => {
    const a = await subscribedCheckout();
    expect(a.charge).toMatchObject({ kind: 'subscription', amountCents: 1500, status: 'open', provider: 'sandbox' });
    expect(a.url).toBe(`http://localhost:3000/sandbox/checkout/${a.charge.providerSessionId}`);
    const page = (await t.request({ method: 'GET', url: `/api/sandbox/sessions/${a.charge.providerSessionId}` })).json();
    expect(page).toMatchObject({
      mode: 'subscription',
      purpose: 'merchant_charge',
      totalCents: 1500,
      taxCents: 0,
      lines: [{ name: 'Advertise + Messaging plan (monthly)', unitAmountCents: 1500, quantity: 1 }],
    });
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, a.charge.providerSessionId!));
    expect(session!.successUrl).toBe('http://localhost:3000/merchant/dashboard?payment=success');
    expect(session!.cancelUrl).toBe('http://localhost:3000/merchant/dashboard?payment=cancelled');

    // Not paid yet: check-subscription says so, and the merchant cannot mark it themselves.
    const check = () => t.request({ method: 'POST', url: '/api/merchant/subscription/check', cookie: a.cookie });
    expect((await check()).json()).toEqual({ hasSubscription: false, messagingAccess: false });

    expect((await payOnSandbox(a.charge.providerSessionId!)).statusCode).toBe(200);
    expect((await check()).json()).toEqual({ hasSubscription: true, messagingAccess: true });
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: true, hasMessaging: true });
    const receipt = await t.lastMail(a.user.email, 'merchant_subscription_activated');
    expect(receipt?.subject).toBe('Your LocalPerks messaging subscription is active');
    expect(receipt?.text).toContain('$15.00');
    const [paid] = await chargesOf(a.merchant.id);
    expect(paid).toMatchObject({ status: 'paid', providerSubscriptionId: expect.stringMatching(/^sub_sandbox_/) });
    const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, paid!.providerSubscriptionId!));
    expect(paid!.currentPeriodEnd!.getTime()).toBe(sub!.currentPeriodEnd.getTime());
    expect(sub!.currentPeriodEnd.getTime() - Date.now()).toBeGreaterThan(27 * DAY);

    // Already paid: no second card page.
    const again = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a forged or unsigned event, and applies a paid event exactly once when it is delivered twice or at once', async () => {
    const a = await subscribedCheckout();
    const event = {
      id: `evt_${a.charge.providerSessionId}_completed`,
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: a.charge.providerSessionId,
          payment_status: 'paid',
          metadata: { chargeId: a.charge.id },
          mode: 'subscription',
          subscription: 'sub_sandbox_forged_000000000',
          current_period_end: null,
        },
      },
    };
    const payload = JSON.stringify(event);
    const deliver = (signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
        payload,
      });
    for (const bad of [undefined, signSandboxPayload('not-the-secret', payload)]) {
      const res = await deliver(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_SIGNATURE');
    }
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });
    expect((await chargesOf(a.merchant.id))[0]!.status).toBe('open');

    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(signSandboxPayload(t.app.sandboxSecret, payload))));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.json().fulfilled)).toHaveLength(1);
    const later = await deliver(signSandboxPayload(t.app.sandboxSecret, payload));
    expect(later.json()).toEqual({ received: true, fulfilled: false });
    const charges = await chargesOf(a.merchant.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: 'paid' });
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: true, hasMessaging: true });
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, event.id));
    expect(count!.n).toBe(1);
    const [mails] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, a.user.email), eq(emailOutbox.kind, 'merchant_subscription_activated')));
    expect(mails!.n).toBe(1);
  });

  it('renews itself at the period end, and a downgrade cancels it at the period end', async () => {
    const a = await subscribedCheckout();
    await payOnSandbox(a.charge.providerSessionId!);
    const charge = (await chargesOf(a.merchant.id))[0]!;
    const firstEnd = charge.currentPeriodEnd!;

    // Renewal: the sandbox bills the next month and tells us with a signed invoice.paid.
    const subId = charge.providerSubscriptionId!;
    let run = await runSandboxSubscriptions({ ...t.app.deps, clock: fixedClock(firstEnd.getTime() + 1000) });
    expect(run.renewed).toContain(subId);
    const renewed = (await chargesOf(a.merchant.id))[0]!;
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * DAY);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: true });
    expect((await t.lastMail(a.user.email, 'merchant_subscription_renewed'))?.text).toContain('is paid through');
    // Running again in the same period does nothing.
    run = await runSandboxSubscriptions({ ...t.app.deps, clock: fixedClock(firstEnd.getTime() + 2000) });
    expect([...run.renewed, ...run.ended]).not.toContain(subId);

    // Downgrade: plan changes now, the subscription is not renewed at its period end.
    const res = await switchTo(a.cookie, 'advertise_only');
    expect(res.json()).toMatchObject({ downgraded: true, commissionRate: 0 });
    const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, renewed.providerSubscriptionId!));
    expect(sub!.cancelAtPeriodEnd).toBe(true);
    // Messaging stays until the end of the period paid for (the downgrade dialog's promise).
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasMessaging: true, hasSubscription: true });

    run = await runSandboxSubscriptions({ ...t.app.deps, clock: fixedClock(renewed.currentPeriodEnd!.getTime() + 1000) });
    expect(run.ended).toContain(subId);
    expect(run.renewed).not.toContain(subId);
    expect((await chargesOf(a.merchant.id))[0]!.status).toBe('canceled');
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false, hasMessaging: false });
    expect((await t.lastMail(a.user.email, 'merchant_subscription_ended'))?.subject).toBe(
      'Your LocalPerks messaging subscription has ended',
    );
  });

  it('coming back to the plan before the period ends resumes renewal', async () => {
    const a = await subscribedCheckout();
    await payOnSandbox(a.charge.providerSessionId!);
    const subId = (await chargesOf(a.merchant.id))[0]!.providerSubscriptionId!;
    await switchTo(a.cookie, 'deals_messaging');
    expect((await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subId)))[0]!.cancelAtPeriodEnd).toBe(true);
    const back = await switchTo(a.cookie, 'advertise_messaging');
    expect(back.json()).toMatchObject({ paymentRequired: false });
    expect((await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subId)))[0]!.cancelAtPeriodEnd).toBe(false);
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasMessaging: true, hasSubscription: true, commissionRate: 0 });
  });

  it('a second card page closes the first, so the subscription can be paid only once', async () => {
    const a = await subscribedCheckout();
    const second = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(second.statusCode).toBe(200);
    const secondSession = second.json().url.split('/').pop() as string;
    expect((await payOnSandbox(a.charge.providerSessionId!)).statusCode).toBe(409);
    expect((await payOnSandbox(secondSession)).statusCode).toBe(200);
    const statuses = new Map((await chargesOf(a.merchant.id)).map((c) => [c.providerSessionId, c.status]));
    expect(statuses.get(a.charge.providerSessionId)).toBe('canceled');
    expect(statuses.get(secondSession)).toBe('paid');
    // Once paid, no further card page opens.
    const third = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: a.cookie });
    expect(third.statusCode).toBe(409);
  });

  it('a second subscription paid anyway is not renewed', async () => {
    const a = await subscribedCheckout();
    await payOnSandbox(a.charge.providerSessionId!);
    // A second subscription page that got paid anyway (say, a provider page opened before this
    // product closed them): it must not renew, or the merchant would pay twice a month.
    const [extra] = await db
      .insert(merchantCharges)
      .values({ merchantId: a.merchant.id, kind: 'subscription', amountCents: 1500, provider: 'sandbox', status: 'open' })
      .returning();
    const page = await t.app.payments.createMerchantCheckout({
      chargeId: extra!.id,
      customerEmail: a.user.email,
      mode: 'subscription',
      name: 'Advertise + Messaging',
      amountCents: 1500,
      successUrl: 'http://localhost:3000/merchant/dashboard?payment=success',
      cancelUrl: 'http://localhost:3000/merchant/dashboard?payment=cancelled',
      expiresAt: new Date(Date.now() + DAY),
    });
    await db.update(merchantCharges).set({ providerSessionId: page.sessionId }).where(eq(merchantCharges.id, extra!.id));
    await payOnSandbox(page.sessionId);
    const charges = await chargesOf(a.merchant.id);
    expect(charges.map((c) => c.status)).toEqual(['paid', 'paid']);
    const subs = await db
      .select()
      .from(sandboxSubscriptions)
      .where(
        inArray(
          sandboxSubscriptions.id,
          charges.map((c) => c.providerSubscriptionId!),
        ),
      );
    const byId = new Map(subs.map((x) => [x.id, x]));
    expect(
      byId.get(charges.find((c) => c.providerSessionId === a.charge.providerSessionId)!.providerSubscriptionId!)!.cancelAtPeriodEnd,
    ).toBe(false);
    expect(byId.get(charges.find((c) => c.providerSessionId === page.sessionId)!.providerSubscriptionId!)!.cancelAtPeriodEnd).toBe(true);
  });

  it('an unpaid card page closes after a day: its charge expires and can no longer apply', async () => {
    const a = await subscribedCheckout();
    await expireStaleCharges({ db, clock: fixedClock(Date.now() + DAY + 60_000) });
    expect((await chargesOf(a.merchant.id))[0]!.status).toBe('expired');
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });
  });

  it('is only for approved merchants on the messaging plan', async () => {
    const pending = await merchantAccount({ approved: false, subscriptionPlan: 'advertise_messaging' });
    expect((await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: pending.cookie })).statusCode).toBe(403);
    const other = await merchantAccount({ subscriptionPlan: 'deals_messaging' });
    const res = await t.request({ method: 'POST', url: '/api/merchant/subscription/checkout', cookie: other.cookie });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Switch to the Advertise + Messaging plan to subscribe.');
    expect(await chargesOf(other.merchant.id)).toEqual([]);
  });
});

describe('PerkBoost launch payment (billing contract)', () => {
  it('launches the draft deal once the signed payment event arrives, and only once', async () => {
    const a = await merchantAccount();
    const deal = await createBoostDeal(db, a.merchant.id, 50, 0, { status: 'draft', votingEndDate: null });
    const { chargeId, url } = await startMerchantCharge(t.app.deps, {
      merchantId: a.merchant.id,
      merchantEmail: a.user.email,
      kind: 'perkboost',
      dealId: deal.id,
      boostDays: 7,
      amountCents: 4999,
      description: 'PerkBoost: 7 days',
      successPath: '/merchant/dashboard?boost=success',
      cancelPath: '/merchant/dashboard?boost=cancelled',
    });
    const sessionId = url.split('/').pop()!;
    expect((await db.select().from(merchantCharges).where(eq(merchantCharges.id, chargeId)))[0]).toMatchObject({
      status: 'open',
      kind: 'perkboost',
      amountCents: 4999,
      boostDays: 7,
    });
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.status).toBe('draft');

    const before = Date.now();
    expect((await payOnSandbox(sessionId)).statusCode).toBe(200);
    const [launched] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect(launched).toMatchObject({ status: 'pending', boostDays: 7 });
    expect(launched!.votingEndDate!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(launched!.votingEndDate!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect((await db.select().from(merchantCharges).where(eq(merchantCharges.id, chargeId)))[0]).toMatchObject({ status: 'paid' });
    // No subscription came of it.
    expect(await merchantRow(a.merchant.id)).toMatchObject({ hasSubscription: false });
  });
});

describe('launch checklist', () => {
  it('follows the real rows: verification, profile, approval, payment, first deal, first sale', async () => {
    const pending = await merchantAccount({ approved: false, subscriptionPlan: 'advertise_messaging' });
    let list = (await t.request({ method: 'GET', url: '/api/merchant/launch-checklist', cookie: pending.cookie })).json();
    expect(Object.fromEntries(list.steps.map((s: { key: string; status: string }) => [s.key, s.status]))).toEqual({
      emailVerified: 'done',
      profileComplete: 'done',
      approved: 'todo',
      planPaid: 'todo',
      firstDealLive: 'not_needed',
      firstSale: 'not_needed',
    });
    expect(list).toMatchObject({ done: 2, total: 4 });

    const seller = await merchantAccount({ subscriptionPlan: 'deals_messaging' });
    list = (await t.request({ method: 'GET', url: '/api/merchant/launch-checklist', cookie: seller.cookie })).json();
    expect(list.steps.map((s: { status: string }) => s.status)).toEqual(['done', 'done', 'done', 'not_needed', 'todo', 'todo']);
    await createDeal(db, seller.merchant.id);
    list = (await t.request({ method: 'GET', url: '/api/merchant/launch-checklist', cookie: seller.cookie })).json();
    expect(list.steps.find((s: { key: string }) => s.key === 'firstDealLive').status).toBe('done');
    expect(list.steps.find((s: { key: string }) => s.key === 'firstSale').status).toBe('todo');
    expect(
      await db
        .select()
        .from(merchantCharges)
        .where(and(eq(merchantCharges.merchantId, seller.merchant.id))),
    ).toEqual([]);
  });
});

describe('second-factor reminder (docs/decisions/0055-passkeys-and-authenticator-codes.md)', () => {
  const reminder = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/merchant/second-factor-reminder', cookie })).json();

  it('reminds the owner of a business that holds a balance, until the account has a second factor; it never locks', async () => {
    const quiet = await merchantAccount();
    expect(await reminder(quiet.cookie)).toEqual({ remind: false, balanceCents: 0 });

    const { merchant, cookie } = await merchantAccount();
    await sellAt(t, merchant.id, [{ at: new Date().toISOString(), priceCents: 5_000, rate: 15 }]);
    expect(await reminder(cookie)).toEqual({ remind: true, balanceCents: 4_250 });
    // A reminder, not a lock: the console works as before.
    expect((await t.request({ method: 'GET', url: '/api/merchant/launch-checklist', cookie })).statusCode).toBe(200);

    await t.request({ method: 'POST', url: '/api/account/reauthenticate', cookie, payload: { password: TEST_PASSWORD } });
    const { secret } = (await t.request({ method: 'POST', url: '/api/account/totp/setup', cookie })).json();
    const on = await t.request({ method: 'POST', url: '/api/account/totp/enable', cookie, payload: { code: generateSync({ secret }) } });
    expect(on.statusCode).toBe(200);
    expect(await reminder(cookie)).toEqual({ remind: false, balanceCents: 4_250 });
  });
});
