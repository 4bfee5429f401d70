import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { BUSINESS_PROFILE_MESSAGES, CUSTOMER_MESSAGE_MESSAGES as M, DAY_MS, type MessageEvent } from '@localperks/shared';
import { customerMessages, merchantCharges } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';

/** The server's clock: the real time, except where a test moves it past a paid period. */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;

const merchantSession = (overrides: Parameters<typeof createMerchant>[1] = {}) => createMerchantSession(t, overrides);

const send = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/customer-messages', cookie, payload });

describe('customer → merchant messages', () => {
  it('goes from a deal page to the inbox (unread → read → responded), e-mails the reply, and shows it to the customer, with live events', async () => {
    const m = await merchantSession({ businessName: 'Windy Tacos' });
    const deal = await createDeal(db, m.merchant.id, { title: 'Taco Tuesday' });
    const customer = await t.loginAs('customer', { name: 'Casey Asker' });
    const events: MessageEvent[] = [];
    const stop = t.app.events.subscribeMessages((e) => events.push(e));

    const sent = await send(customer.cookie, {
      dealId: deal.id,
      subject: 'Gluten free?',
      message: '  Do you have gluten-free tortillas?  ',
    });
    expect(sent.statusCode).toBe(201);
    const inbox = (await t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: m.cookie })).json();
    expect(inbox.counts).toEqual({ all: 1, unread: 1, read: 0, responded: 0 });
    expect(inbox.messages[0]).toMatchObject({
      customerName: 'Casey Asker',
      customerEmail: customer.user.email,
      subject: 'Gluten free?',
      message: 'Do you have gluten-free tortillas?',
      status: 'unread',
      dealTitle: 'Taco Tuesday',
    });
    expect((await t.lastMail(m.user.email, 'customer_message_new'))?.subject).toBe('New customer message: Gluten free?');

    const id = inbox.messages[0].id;
    expect((await t.request({ method: 'POST', url: `/api/merchant/customer-messages/${id}/read`, cookie: m.cookie })).json().status).toBe(
      'read',
    );
    const blank = await t.request({
      method: 'POST',
      url: `/api/merchant/customer-messages/${id}/response`,
      cookie: m.cookie,
      payload: { response: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(M.responseRequired);
    const answered = await t.request({
      method: 'POST',
      url: `/api/merchant/customer-messages/${id}/response`,
      cookie: m.cookie,
      payload: { response: 'Yes, every day!' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'responded', response: 'Yes, every day!' });
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/merchant/customer-messages/${id}/response`,
          cookie: m.cookie,
          payload: { response: 'Again' },
        })
      ).statusCode,
    ).toBe(409);
    // Opening again does not turn a responded message back into read.
    expect((await t.request({ method: 'POST', url: `/api/merchant/customer-messages/${id}/read`, cookie: m.cookie })).json().status).toBe(
      'responded',
    );

    const mail = await t.lastMail(customer.user.email, 'customer_message_response');
    expect(mail?.subject).toBe('Windy Tacos replied: Gluten free?');
    expect(mail?.text).toContain('Yes, every day!');
    const mine = (await t.request({ method: 'GET', url: '/api/customer-messages', cookie: customer.cookie })).json();
    expect(mine.messages[0]).toMatchObject({
      merchantName: 'Windy Tacos',
      response: 'Yes, every day!',
      status: 'responded',
      dealTitle: 'Taco Tuesday',
    });

    // Live events arrive after their commits: wait for them, then stop listening.
    await vi.waitFor(() =>
      expect(
        events.filter((e) => e.type === 'customer_message' && e.merchantUserId === m.user.id && e.customerId === customer.user.id).length,
      ).toBeGreaterThanOrEqual(3),
    );
    stop();
  });

  it('writes from a purchase of the customer’s own, never from someone else’s', async () => {
    const m = await merchantSession();
    const deal = await createDeal(db, m.merchant.id);
    const buyer = await t.loginAs('customer');
    const [purchase] = await buy(t, buyer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const ok = await send(buyer.cookie, { purchaseId: purchase!.id, subject: 'Redeeming', message: 'Can I redeem on Sunday?' });
    expect(ok.statusCode).toBe(201);
    const [row] = await db.select().from(customerMessages).where(eq(customerMessages.id, ok.json().id));
    expect(row).toMatchObject({ merchantId: m.merchant.id, dealId: deal.id, purchaseId: purchase!.id });
    const stranger = await t.loginAs('customer');
    const refused = await send(stranger.cookie, { purchaseId: purchase!.id, subject: 'Hi', message: 'Hello' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(M.purchaseNotFound);
  });

  it('validates, rate-limits sends, and refuses unapproved merchants and non-customers', async () => {
    const m = await merchantSession();
    const deal = await createDeal(db, m.merchant.id);
    const customer = await t.loginAs('customer');
    expect((await send(customer.cookie, { dealId: deal.id, subject: '', message: 'x' })).json().error.fields.subject).toBe(
      M.subjectRequired,
    );
    expect((await send(customer.cookie, { dealId: deal.id, subject: 'x', message: ' ' })).json().error.fields.message).toBe(
      M.messageRequired,
    );
    expect((await send(customer.cookie, { subject: 'x', message: 'y' })).json().error.message).toBe(M.targetRequired);
    const unapproved = await createMerchant(db, { approved: false });
    const hidden = await createDeal(db, unapproved.merchant.id);
    expect((await send(customer.cookie, { dealId: hidden.id, subject: 'x', message: 'y' })).statusCode).toBe(404);
    expect((await send(m.cookie, { dealId: deal.id, subject: 'x', message: 'y' })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/customer-messages', payload: { dealId: deal.id, subject: 'x', message: 'y' } }))
        .statusCode,
    ).toBe(401);

    const spammer = await t.loginAs('customer');
    for (let i = 0; i < 10; i++)
      expect((await send(spammer.cookie, { dealId: deal.id, subject: `S${i}`, message: 'Hello' })).statusCode).toBe(201);
    const limited = await send(spammer.cookie, { dealId: deal.id, subject: 'S10', message: 'Hello' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(M.tooMany);
  });

  it('lets only merchants with messaging access read or answer, and only their own messages', async () => {
    const owner = await merchantSession();
    const deal = await createDeal(db, owner.merchant.id);
    const customer = await t.loginAs('customer');
    const id = (await send(customer.cookie, { dealId: deal.id, subject: 'Hours', message: 'When do you open?' })).json().id;

    const unpaid = await merchantSession({ subscriptionPlan: 'advertise_messaging', hasSubscription: false, commissionRate: 0 });
    const free = await merchantSession({ subscriptionPlan: 'advertise_only', commissionRate: 0 });
    for (const who of [unpaid, free]) {
      const res = await t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: who.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(M.noAccess);
    }
    const paid = await merchantSession({ subscriptionPlan: 'advertise_messaging', hasSubscription: true, commissionRate: 0 });
    expect((await t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: paid.cookie })).json().messages).toEqual([]);
    // Another merchant with access cannot open or answer this message.
    for (const url of [`/api/merchant/customer-messages/${id}/read`, `/api/merchant/customer-messages/${id}/response`]) {
      const res = await t.request({ method: 'POST', url, cookie: paid.cookie, payload: { response: 'Not mine' } });
      expect(res.statusCode).toBe(404);
    }
    expect((await db.select().from(customerMessages).where(eq(customerMessages.id, id)))[0]).toMatchObject({
      status: 'unread',
      response: null,
    });
    expect((await t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: customer.cookie })).statusCode).toBe(403);
  });

  it('a merchant who left the messaging plan keeps the inbox and the business page’s messages until the paid period ends on the server’s clock', async () => {
    const left = await merchantSession({ subscriptionPlan: 'advertise_only', hasSubscription: false, commissionRate: 0 });
    const paidUntil = new Date(Date.now() + 5 * DAY_MS);
    await db.insert(merchantCharges).values({
      merchantId: left.merchant.id,
      kind: 'subscription',
      amountCents: 1500,
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(paidUntil.getTime() - 30 * DAY_MS),
      currentPeriodEnd: paidUntil,
    });
    const customer = await t.loginAs('customer');
    const inbox = () => t.request({ method: 'GET', url: '/api/merchant/customer-messages', cookie: left.cookie });
    const fromPage = (subject: string) => send(customer.cookie, { businessSlug: left.merchant.slug, subject, message: 'Are you open?' });

    clock.set(paidUntil.getTime() - DAY_MS);
    try {
      expect((await fromPage('Still paid')).statusCode).toBe(201);
      expect((await inbox()).json().counts.all).toBe(1);
      clock.set(paidUntil.getTime() + 1000);
      const refused = await fromPage('Period over');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(BUSINESS_PROFILE_MESSAGES.noMessaging);
      const closed = await inbox();
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.message).toBe(M.noAccess);
    } finally {
      clock.useRealTime();
    }
  });
});
