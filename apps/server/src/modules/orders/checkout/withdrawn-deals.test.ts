import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { REFUND_MESSAGES, formatCents } from '@localperks/shared';
import { emailOutbox, favorites, orderRefunds, orders, purchases, sandboxRefunds, sandboxSessions } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createBoostDeal, createDeal, createMerchant, createMerchantSession, TEST_BILLING, TEST_CARD } from '../../../../test/factories';
import { WITHDRAWALS, withdrawDeal } from '../../../../test/withdraw-deal';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../../payments/sandbox';
import { deliverCompletedWebhook } from '../../money';

/**
 * A deal withdrawn while a customer's payment page is open (security issue, item 4) and deals
 * customers cannot see bought or favourited by id (item 5), with the sandbox provider.
 */
const t = await build();
const db = t.database.db;
const HOUR = 3_600_000;

async function openOrder(cookie: string, items: { dealId: string; quantity: number }[]) {
  const res = await t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING } });
  expect(res.statusCode).toBe(200);
  const { orderId, url } = res.json<{ orderId: string; url: string }>();
  return { orderId, sessionId: url.split('/sandbox/checkout/')[1]! };
}

/**
 * The customer's card is charged on the sandbox page, but its confirmation has not reached us yet
 * (the webhook is delayed or retried): exactly what the page's Pay does before it posts the webhook.
 */
async function chargeWithoutConfirming(sessionId: string) {
  const [paid] = await db
    .update(sandboxSessions)
    .set({ status: 'paid', paidAt: new Date(), card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 } })
    .where(and(eq(sandboxSessions.id, sessionId), eq(sandboxSessions.status, 'open')))
    .returning();
  expect(paid).toBeDefined();
  return paid!;
}

/** The sandbox's `checkout.session.completed` event for a session, signed, posted to our endpoint. */
function deliverEvent(sessionId: string, orderId: string, eventId = `evt_${sessionId}_completed`) {
  const payload = JSON.stringify({
    id: eventId,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, payment_status: 'paid', metadata: { orderId } } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, payload) },
    payload,
  });
}

const mailsOf = (to: string, kind: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, kind)));
const refundsOf = (orderId: string) => db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const purchasesOf = (orderId: string) => db.select().from(purchases).where(eq(purchases.orderId, orderId));
const orderStatus = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
const sessionStatus = async (sessionId: string) =>
  (await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId)))[0]!.status;

describe('a deal withdrawn while its payment was under way', () => {
  it.each(WITHDRAWALS)(
    '%s: no voucher for it, its price and tax share refunded once at the provider, the customer told by e-mail and on My Purchases',
    async (kind) => {
      const { merchant, cookie: merchantCookie } = await createMerchantSession(t);
      // Expiring in 2 h: on sale now; the expiry case moves its date past later.
      const gone = await createDeal(db, merchant.id, {
        title: `Withdrawn ${kind} spa day`,
        dealPriceCents: 2_500,
        expirationDate: new Date(Date.now() + 2 * HOUR),
      });
      const kept = await createDeal(db, merchant.id, { title: `Kept ${kind} pizza`, dealPriceCents: 1_999 });
      const { cookie, user } = await t.loginAs('customer');
      const { orderId, sessionId } = await openOrder(cookie, [
        { dealId: gone.id, quantity: 2 },
        { dealId: kept.id, quantity: 1 },
      ]);
      // Another customer only has the payment page open, not paid.
      const other = await t.loginAs('customer');
      const unpaid = await openOrder(other.cookie, [{ dealId: gone.id, quantity: 1 }]);
      const unrelated = await openOrder(other.cookie, [{ dealId: kept.id, quantity: 1 }]);

      const charged = await chargeWithoutConfirming(sessionId);
      await withdrawDeal(t, kind, gone.id, merchantCookie);

      // The open page that sells the withdrawn deal is closed and can no longer be paid.
      expect(await sessionStatus(unpaid.sessionId)).toBe('expired');
      expect(await orderStatus(unpaid.orderId)).toBe('expired');
      const late = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${unpaid.sessionId}/pay`, payload: TEST_CARD });
      expect(late.statusCode).toBe(409);
      expect(await purchasesOf(unpaid.orderId)).toHaveLength(0);
      // Pages that do not sell it stay open; the page already paid stays paid: its confirmation decides.
      expect(await sessionStatus(unrelated.sessionId)).toBe('open');
      expect(await orderStatus(unrelated.orderId)).toBe('open');
      expect(await sessionStatus(sessionId)).toBe('paid');

      expect(await deliverCompletedWebhook(t.app.deps, charged)).toBe(true);

      // The still-sellable deal of the order gets its voucher; the withdrawn one none.
      const bought = await purchasesOf(orderId);
      expect(bought.map((p) => p.dealId)).toEqual([kept.id]);
      expect(await orderStatus(orderId)).toBe('paid');
      // 2 x $25.00 plus its share of the order's tax (8 % of $69.99 = $5.60, of which $4.00 is this line's).
      const amountCents = 2 * 2_500 + 400;
      const [refund, ...more] = await refundsOf(orderId);
      expect(more).toHaveLength(0);
      expect(refund).toMatchObject({
        dealId: gone.id,
        amountCents,
        reason: 'deal_withdrawn',
        status: 'refunded',
        provider: 'sandbox',
        idempotencyKey: `refund-${orderId}-${gone.id}`,
      });
      // The provider refunded exactly that, once, on this payment.
      const atProvider = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId));
      expect(atProvider).toEqual([
        expect.objectContaining({ id: refund!.providerRefundId, amountCents, idempotencyKey: `refund-${orderId}-${gone.id}` }),
      ]);

      // The customer is told by e-mail; the voucher e-mail lists only the voucher issued.
      const message = REFUND_MESSAGES.withdrawnRefunded({ dealTitle: gone.title, quantity: 2 }, formatCents(amountCents));
      expect(message).toBe(`Refunded: ${gone.title} (x2) was withdrawn before your payment completed — $54.00 refunded to your card.`);
      const refundMails = await mailsOf(user.email, 'order_refund');
      expect(refundMails).toHaveLength(1);
      expect(refundMails[0]!.text).toContain(message);
      const confirmations = await mailsOf(user.email, 'purchase_confirmation');
      expect(confirmations).toHaveLength(1);
      expect(confirmations[0]!.text).toContain(kept.title);
      expect(confirmations[0]!.text).not.toContain(gone.title);

      // My Purchases shows the voucher and the refunded line.
      const page = (await t.request({ method: 'GET', url: '/api/purchases?status=all', cookie })).json();
      expect(page.purchases.map((p: { dealId: string }) => p.dealId)).toEqual([kept.id]);
      expect(page.refunds).toEqual([
        expect.objectContaining({
          orderId,
          dealId: gone.id,
          dealTitle: gone.title,
          quantity: 2,
          amountCents,
          reason: 'deal_withdrawn',
          status: 'refunded',
        }),
      ]);

      // The confirmation delivered again, and another event for the same payment: nothing more.
      for (const again of [await deliverEvent(sessionId, orderId), await deliverEvent(sessionId, orderId, `evt_${sessionId}_again`)]) {
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ fulfilled: false });
      }
      expect(await refundsOf(orderId)).toHaveLength(1);
      expect(await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId))).toHaveLength(1);
      expect(await mailsOf(user.email, 'order_refund')).toHaveLength(1);
      expect(await purchasesOf(orderId)).toHaveLength(1);
    },
  );

  it('refunds the whole payment when every deal of the order was withdrawn, and sends no voucher e-mail', async () => {
    const { merchant, cookie: merchantCookie } = await createMerchantSession(t);
    const a = await createDeal(db, merchant.id, { dealPriceCents: 1_000 });
    const b = await createDeal(db, merchant.id, { dealPriceCents: 333 });
    const { cookie, user } = await t.loginAs('customer');
    const { orderId, sessionId } = await openOrder(cookie, [
      { dealId: a.id, quantity: 1 },
      { dealId: b.id, quantity: 3 },
    ]);
    const charged = await chargeWithoutConfirming(sessionId);
    await withdrawDeal(t, 'pause', a.id, merchantCookie);
    await withdrawDeal(t, 'delete', b.id, merchantCookie);
    // Ten deliveries at once of the same confirmation.
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(sessionId, orderId)));
    expect(results.filter((r) => r.json().fulfilled)).toHaveLength(1);

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const refunds = await refundsOf(orderId);
    expect(refunds).toHaveLength(2);
    // Every cent paid comes back, tax included, and not a cent more.
    expect(refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order!.totalCents);
    expect(refunds.every((r) => r.status === 'refunded')).toBe(true);
    const [atProvider] = await db
      .select({ cents: sql<number>`sum(${sandboxRefunds.amountCents})::int`, n: sql<number>`count(*)::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.sessionId, charged.id));
    expect(atProvider).toEqual({ cents: order!.totalCents, n: 2 });
    expect(await purchasesOf(orderId)).toHaveLength(0);
    expect(await mailsOf(user.email, 'purchase_confirmation')).toHaveLength(0);
    const mails = await mailsOf(user.email, 'order_refund');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Refunded: ${a.title} was withdrawn`);
    expect(mails[0]!.text).toContain(`Refunded: ${b.title} (x3) was withdrawn`);
  });
});

describe('deals customers cannot see', () => {
  async function hiddenDeals() {
    const { merchant } = await createMerchant(db);
    const draft = await createBoostDeal(db, merchant.id, 50, 0, { status: 'draft', votingEndDate: null });
    const paused = await createDeal(db, merchant.id, { status: 'paused' });
    const removed = await createDeal(db, merchant.id, { status: 'removed', moderationReason: 'Misleading offer' });
    // A crowd-vote deal whose voting ended without unlocking (before the job marked it expired).
    const votingOver = await createBoostDeal(db, merchant.id, 50, 3, { votingEndDate: new Date(Date.now() - 60_000) });
    const voting = await createBoostDeal(db, merchant.id, 50, 3);
    return { draft, paused, removed, votingOver, voting };
  }

  it('cannot be bought by id: a PerkBoost draft is as unknown as a made-up id, and nothing is written', async () => {
    const { draft, paused, removed, votingOver, voting } = await hiddenDeals();
    const { cookie, user } = await t.loginAs('customer');
    for (const [deal, text] of [
      [draft.id, 'A deal in your cart no longer exists.'],
      [paused.id, 'is no longer available'],
      [removed.id, 'is no longer available'],
      [votingOver.id, 'is no longer available'],
      [voting.id, 'has not unlocked yet'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/checkout',
        cookie,
        payload: { items: [{ dealId: deal, quantity: 1 }], billing: TEST_BILLING },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT');
      expect(res.json().error.fields[deal]).toContain(text);
    }
    expect(await db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(sandboxSessions).where(eq(sandboxSessions.customerEmail, user.email))).toHaveLength(0);
    expect(await db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
  });

  it('cannot be favourited by id (404 like an unknown deal); the browser list merges only visible deals', async () => {
    const { draft, paused, removed, votingOver, voting } = await hiddenDeals();
    const { cookie, user } = await t.loginAs('customer');
    for (const deal of [draft, paused, removed, votingOver]) {
      const res = await t.request({ method: 'PUT', url: `/api/favorites/${deal.id}`, cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'This deal does not exist.' } });
    }
    expect(await db.select().from(favorites).where(eq(favorites.userId, user.id))).toHaveLength(0);
    // A crowd-vote deal still collecting votes is public: it may be favourited.
    expect((await t.request({ method: 'PUT', url: `/api/favorites/${voting.id}`, cookie })).json().dealIds).toEqual([voting.id]);
    const merged = await t.request({
      method: 'POST',
      url: '/api/favorites/merge',
      cookie,
      payload: { dealIds: [draft.id, paused.id, removed.id, votingOver.id] },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().dealIds).toEqual([voting.id]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, user.id))).toHaveLength(1);
  });
});
