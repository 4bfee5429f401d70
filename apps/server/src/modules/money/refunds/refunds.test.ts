import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REDEEM_MESSAGES, REFUND_MESSAGES_UI, businessDeadline, formatBusinessDeadline, type Purchase } from '@localperks/shared';
import { adminAuditLog, emailOutbox, orderRefunds, purchases, refundRequests, sandboxRefunds, webhookEvents } from '../../../db/schema';
import { build } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { JOBS } from '../../../jobs';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../../payments/sandbox';
import { deliverSandboxRefundEvents } from '../sandbox/sandbox.service';

/**
 * Refunds under the Merchant Refund Policy with the sandbox provider (docs/decisions/0019-refund-flow.md):
 * request, merchant answer or acceptance, the deadline job, admin decisions and direct refunds, the
 * provider's refund and its signed charge.refunded event, exactly once under concurrency and replays.
 */
const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const DAY = 86_400_000;

/** A merchant with a $25.00 deal and a customer who bought two of it (subtotal $50.00, tax $4.00). */
async function scene(opts: { price?: number; quantity?: number } = {}) {
  const merchant = await createMerchantSession(t);
  const deal = await createDeal(db, merchant.merchant.id, { dealPriceCents: opts.price ?? 2_500, title: 'Spa afternoon' });
  const customer = await t.loginAs('customer');
  const bought = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: opts.quantity ?? 2 }]);
  return { merchant, deal, customer, bought: bought.sort((a, b) => a.id.localeCompare(b.id)) };
}

const requestRefund = (cookie: string, purchaseId: string, payload: object = { reason: 'closed', note: 'The shop is boarded up.' }) =>
  t.request({ method: 'POST', url: `/api/purchases/${purchaseId}/refund-request`, cookie, payload });
const accept = (cookie: string, id: string) => t.request({ method: 'POST', url: `/api/merchant/refund-requests/${id}/accept`, cookie });
const answer = (cookie: string, id: string, message = 'We are open; the customer came on a holiday.') =>
  t.request({ method: 'POST', url: `/api/merchant/refund-requests/${id}/answer`, cookie, payload: { message } });
const decideAs = (cookie: string, id: string, decision: 'refund' | 'decline', decisionText = 'Refunded under the policy.') =>
  t.request({ method: 'POST', url: `/api/admin/refund-requests/${id}/decision`, cookie, payload: { decision, decisionText } });
const redeem = (cookie: string, code: string) => t.request({ method: 'POST', url: '/api/merchant/redemptions', cookie, payload: { code } });
const myPurchases = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/purchases?status=all', cookie })).json<{
    purchases: Purchase[];
    counts: Record<string, number>;
  }>();
const refundsOf = (purchaseId: string) => db.select().from(orderRefunds).where(eq(orderRefunds.purchaseId, purchaseId));
const providerRefunds = (purchaseId: string) =>
  db
    .select()
    .from(sandboxRefunds)
    .then((rows) => rows.filter((r) => r.metadata.purchaseId === purchaseId));
const mails = (to: string, kind: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to.toLowerCase()), eq(emailOutbox.kind, kind)));
const auditOf = (entityId: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, entityId));

describe('a customer asks for a refund', () => {
  it('of their own voucher: Requested, the deadline 5 business days away (end of day in New York), both sides e-mailed', async () => {
    const { merchant, customer, bought } = await scene();
    // Asked on a Wednesday at 10:00 in New York (the coming one, so the deal is still on sale): the deadline
    // is the next Wednesday's end of day there, past the weekend. The time is fixed because from a Sunday five
    // business days end on Friday, less than six calendar days later.
    const wednesday = new Date(Date.now() + DAY);
    while (wednesday.getUTCDay() !== 3) wednesday.setTime(wednesday.getTime() + DAY);
    wednesday.setUTCHours(15, 0, 0, 0);
    clock.set(wednesday);
    const res = await requestRefund(customer.cookie, bought[0]!.id);
    clock.useRealTime();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'requested', reason: 'closed', note: 'The shop is boarded up.' });
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.purchaseId, bought[0]!.id));
    expect(row!.createdAt).toEqual(wednesday);
    expect(row!.deadlineAt).toEqual(businessDeadline(row!.createdAt, 5));
    expect(formatBusinessDeadline(row!.deadlineAt)).toMatch(/^Wed, .* 11:59 PM E[SD]T$/);
    expect(row!.deadlineAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(7 * DAY);

    expect(await mails(customer.user.email, 'refund_requested')).toHaveLength(1);
    const [toMerchant] = await mails(merchant.user.email, 'refund_request_merchant');
    expect(toMerchant!.text).toContain('5 business days');
    expect(toMerchant!.text).toContain('The shop is boarded up.');

    const list = await t.request({ method: 'GET', url: '/api/merchant/refund-requests', cookie: merchant.cookie });
    expect(list.json().requests).toEqual([
      expect.objectContaining({
        id: row!.id,
        status: 'requested',
        reason: 'closed',
        amountCents: 2_700,
        deadlineAt: row!.deadlineAt.toISOString(),
      }),
    ]);
    const mine = await myPurchases(customer.cookie);
    const card = mine.purchases.find((p) => p.id === bought[0]!.id)!;
    expect(card).toMatchObject({ canRequestRefund: false, refundRequest: { status: 'requested' }, refundCents: 2_700 });
    expect(mine.purchases.find((p) => p.id === bought[1]!.id)).toMatchObject({ canRequestRefund: true, refundRequest: null });
  });

  it('is refused for another customer’s voucher (404), a second open request, a redeemed voucher, and bad input (400)', async () => {
    const { merchant, customer, bought } = await scene();
    const stranger = await t.loginAs('customer');
    expect((await requestRefund(stranger.cookie, bought[0]!.id)).statusCode).toBe(404);
    expect((await requestRefund(customer.cookie, bought[0]!.id, { reason: 'bored' })).json().error.fields.reason).toBe(
      REFUND_MESSAGES_UI.reasonRequired,
    );
    expect((await requestRefund(customer.cookie, bought[0]!.id)).statusCode).toBe(200);
    const again = await requestRefund(customer.cookie, bought[0]!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REFUND_MESSAGES_UI.alreadyOpen);
    expect((await redeem(merchant.cookie, bought[1]!.redemptionCode)).statusCode).toBe(200);
    expect((await requestRefund(customer.cookie, bought[1]!.id)).json().error.message).toBe(REFUND_MESSAGES_UI.redeemed);
  });

  it('ten simultaneous requests for one voucher make exactly one', async () => {
    const { customer, bought } = await scene();
    const all = await Promise.all(Array.from({ length: 10 }, () => requestRefund(customer.cookie, bought[0]!.id)));
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await db.select().from(refundRequests).where(eq(refundRequests.purchaseId, bought[0]!.id))).toHaveLength(1);
  });
});

describe('the merchant', () => {
  it('accepts: the voucher is dead at once, refunded once at the provider (its price plus its tax share), settled by charge.refunded', async () => {
    const { merchant, customer, bought } = await scene();
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const res = await accept(merchant.cookie, id);
    expect(res.json()).toEqual({ status: 'refunded', refunded: true });

    // $25.00 + half of the $4.00 tax.
    const [refund] = await refundsOf(bought[0]!.id);
    expect(refund).toMatchObject({
      amountCents: 2_700,
      reason: 'customer_request',
      status: 'refunded',
      idempotencyKey: `refund-purchase-${bought[0]!.id}`,
    });
    const atProvider = await providerRefunds(bought[0]!.id);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]!.amountCents).toBe(2_700);
    expect(atProvider[0]!.webhookDeliveredAt).not.toBeNull();
    expect(refund!.providerRefundId).toBe(atProvider[0]!.id);

    const [issued] = await mails(customer.user.email, 'refund_issued');
    expect(issued!.subject).toBe('Refunded: $27.00 for Spa afternoon');
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'refund.merchant_accepted', adminId: merchant.user.id })]);

    // Refunded, no code, no QR; the other voucher untouched and still redeemable.
    const mine = await myPurchases(customer.cookie);
    expect(mine.purchases.find((p) => p.id === bought[0]!.id)).toMatchObject({
      refunded: true,
      redemptionCode: null,
      qrCodeUrl: null,
      redeemUrl: null,
      refundRequest: { status: 'refunded' },
    });
    expect(mine.counts).toMatchObject({ all: 2, active: 1 });
    const qr = await t.request({ method: 'GET', url: `/api/purchases/${bought[0]!.id}/qr.svg`, cookie: customer.cookie });
    expect(qr.statusCode).toBe(404);
    const refused = await redeem(merchant.cookie, bought[0]!.redemptionCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(REDEEM_MESSAGES.refunded);
    const lookup = await t.request({
      method: 'POST',
      url: '/api/merchant/redemptions/lookup',
      cookie: merchant.cookie,
      payload: { code: bought[0]!.redemptionCode },
    });
    expect(lookup.json().status).toBe('refunded');
    expect((await redeem(merchant.cookie, bought[1]!.redemptionCode)).statusCode).toBe(200);
  });

  it('cannot see or decide another merchant’s request (404)', async () => {
    const { customer, bought } = await scene();
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const other = await createMerchantSession(t);
    expect((await accept(other.cookie, id)).statusCode).toBe(404);
    expect((await answer(other.cookie, id)).statusCode).toBe(404);
    const list = await t.request({ method: 'GET', url: '/api/merchant/refund-requests', cookie: other.cookie });
    expect(list.json().requests).toEqual([]);
    expect(await refundsOf(bought[0]!.id)).toEqual([]);
  });

  it('answers with a message for the admins: Merchant responded, the customer and every admin e-mailed, once', async () => {
    const { merchant, customer, bought } = await scene();
    const admin = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    expect((await answer(merchant.cookie, id)).json()).toEqual({ status: 'merchant_responded', refunded: false });
    expect((await answer(merchant.cookie, id)).json().error.message).toBe(REFUND_MESSAGES_UI.alreadyAnswered);
    expect(await mails(customer.user.email, 'refund_merchant_responded')).toHaveLength(1);
    expect(await mails(admin.user.email, 'refund_due_for_decision')).toHaveLength(1);
    const queue = await t.request({ method: 'GET', url: '/api/admin/refund-requests?status=merchant_responded', cookie: admin.cookie });
    expect(queue.json().requests.find((r: { id: string }) => r.id === id)).toMatchObject({
      merchantResponse: 'We are open; the customer came on a holiday.',
      customerEmail: customer.user.email,
      merchantName: 'Test Bistro',
      amountCents: 2_700,
      reason: 'closed',
    });
  });
});

describe('the deadline job', () => {
  it('moves a request unanswered after its deadline to due_for_decision, once, and tells the admins', async () => {
    const { customer, bought } = await scene();
    const admin = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
    const job = JOBS.find((j) => j.name === 'refund-deadlines')!;
    try {
      clock.set(row!.deadlineAt.getTime());
      await job.run(t.app.deps);
      expect((await db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!.status).toBe('requested');
      clock.set(row!.deadlineAt.getTime() + 1);
      await Promise.all([job.run(t.app.deps), job.run(t.app.deps)]);
      expect((await db.select().from(refundRequests).where(eq(refundRequests.id, id)))[0]!.status).toBe('due_for_decision');
      // Every overdue request (this one and those other tests left open) moved once: one e-mail each to this admin.
      const due = await db.select().from(refundRequests).where(eq(refundRequests.status, 'due_for_decision'));
      const told = await mails(admin.user.email, 'refund_due_for_decision');
      expect(told).toHaveLength(due.length);
      await job.run(t.app.deps);
      expect(await mails(admin.user.email, 'refund_due_for_decision')).toHaveLength(due.length);
    } finally {
      clock.set(Date.now());
    }
    const mine = await myPurchases(customer.cookie);
    expect(mine.purchases.find((p) => p.id === bought[0]!.id)!.refundRequest!.status).toBe('due_for_decision');
  });
});

describe('an admin', () => {
  it('declines with a required decision text: the customer and merchant e-mailed, the voucher still works, decisions are final', async () => {
    const { merchant, customer, bought } = await scene();
    const admin = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const empty = await decideAs(admin.cookie, id, 'decline', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.decisionText).toBe(REFUND_MESSAGES_UI.decisionRequired);
    expect((await decideAs(admin.cookie, id, 'decline', 'The merchant showed the deal was honoured.')).json()).toEqual({
      status: 'declined',
      refunded: false,
    });
    const [declined] = await mails(customer.user.email, 'refund_declined');
    expect(declined!.text).toContain('The merchant showed the deal was honoured.');
    expect(await mails(merchant.user.email, 'refund_decided_merchant')).toHaveLength(1);
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'refund.declined', adminId: admin.user.id })]);
    expect((await decideAs(admin.cookie, id, 'refund')).json().error.message).toBe(REFUND_MESSAGES_UI.closed);
    expect((await requestRefund(customer.cookie, bought[0]!.id)).json().error.message).toBe(REFUND_MESSAGES_UI.decisionFinal);
    const mine = await myPurchases(customer.cookie);
    expect(mine.purchases.find((p) => p.id === bought[0]!.id)).toMatchObject({
      refunded: false,
      redemptionCode: bought[0]!.redemptionCode,
      refundRequest: { status: 'declined', decisionText: 'The merchant showed the deal was honoured.' },
    });
    expect((await redeem(merchant.cookie, bought[0]!.redemptionCode)).statusCode).toBe(200);
  });

  it('simultaneous decisions (two admins, the merchant, double clicks) give exactly one refund at the provider', async () => {
    const { merchant, customer, bought } = await scene();
    const a = await t.loginAs('admin');
    const b = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    const results = await Promise.all([
      decideAs(a.cookie, id, 'refund'),
      decideAs(a.cookie, id, 'refund'),
      decideAs(b.cookie, id, 'refund'),
      accept(merchant.cookie, id),
      accept(merchant.cookie, id),
      t.request({
        method: 'POST',
        url: `/api/admin/purchases/${bought[0]!.id}/refund`,
        cookie: b.cookie,
        payload: { decisionText: 'Direct.' },
      }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await refundsOf(bought[0]!.id)).toHaveLength(1);
    expect(await providerRefunds(bought[0]!.id)).toHaveLength(1);
    expect(await mails(customer.user.email, 'refund_issued')).toHaveLength(1);
  });

  it('a refund racing a redemption of the same voucher: exactly one of them happens', async () => {
    for (let round = 0; round < 3; round++) {
      const { merchant, customer, bought } = await scene({ quantity: 1 });
      const admin = await t.loginAs('admin');
      const [refund, redemption] = await Promise.all([
        t.request({
          method: 'POST',
          url: `/api/admin/purchases/${bought[0]!.id}/refund`,
          cookie: admin.cookie,
          payload: { decisionText: 'Closed.' },
        }),
        redeem(merchant.cookie, bought[0]!.redemptionCode),
      ]);
      expect([refund.statusCode, redemption.statusCode].sort()).toEqual([200, 409]);
      const [p] = await db.select().from(purchases).where(eq(purchases.id, bought[0]!.id));
      expect((p!.redeemedAt === null) !== (p!.refundedAt === null)).toBe(true);
      expect(await refundsOf(bought[0]!.id)).toHaveLength(p!.refundedAt ? 1 : 0);
      if (redemption.statusCode === 409) expect(redemption.json().error.message).toBe(REDEEM_MESSAGES.refunded);
      else expect(refund.json().error.message).toBe(REFUND_MESSAGES_UI.redeemed);
      void customer;
    }
  });

  it('looks up purchases by customer e-mail or voucher code and refunds one directly; an open request closes with it', async () => {
    const { merchant, customer, bought } = await scene();
    const admin = await t.loginAs('admin');
    const requested = (await requestRefund(customer.cookie, bought[1]!.id)).json().id as string;
    const byEmail = await t.request({
      method: 'GET',
      url: `/api/admin/purchases?q=${encodeURIComponent(customer.user.email.toUpperCase())}`,
      cookie: admin.cookie,
    });
    expect(
      byEmail
        .json()
        .purchases.map((p: { id: string }) => p.id)
        .sort(),
    ).toEqual(bought.map((p) => p.id).sort());
    const code = bought[1]!.redemptionCode.toLowerCase().replace(/-/g, '');
    const byCode = await t.request({ method: 'GET', url: `/api/admin/purchases?q=${code}`, cookie: admin.cookie });
    expect(byCode.json().purchases).toEqual([
      expect.objectContaining({
        id: bought[1]!.id,
        state: 'active',
        refundCents: 2_700,
        openRequestId: requested,
        merchantName: 'Test Bistro',
      }),
    ]);
    expect((await t.request({ method: 'GET', url: '/api/admin/purchases?q=', cookie: admin.cookie })).statusCode).toBe(400);

    const missingText = await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${bought[1]!.id}/refund`,
      cookie: admin.cookie,
      payload: {},
    });
    expect(missingText.statusCode).toBe(400);
    const done = await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${bought[1]!.id}/refund`,
      cookie: admin.cookie,
      payload: { decisionText: 'The business has closed.' },
    });
    expect(done.json()).toEqual({ status: 'refunded', refunded: true });
    expect((await refundsOf(bought[1]!.id))[0]).toMatchObject({ reason: 'admin', status: 'refunded', amountCents: 2_700 });
    expect((await db.select().from(refundRequests).where(eq(refundRequests.id, requested)))[0]).toMatchObject({
      status: 'refunded',
      decisionText: 'The business has closed.',
      decidedBy: admin.user.id,
    });
    expect(await auditOf(bought[1]!.id)).toEqual([expect.objectContaining({ action: 'refund.direct', adminId: admin.user.id })]);
    expect((await mails(customer.user.email, 'refund_issued'))[0]!.text).toContain('The business has closed.');
    expect(await mails(merchant.user.email, 'refund_decided_merchant')).toHaveLength(1);
    const again = await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${bought[1]!.id}/refund`,
      cookie: admin.cookie,
      payload: { decisionText: 'Again.' },
    });
    expect(again.json().error.message).toBe(REFUND_MESSAGES_UI.alreadyRefunded);
    // Both vouchers of the order refunded give back exactly what was paid.
    await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${bought[0]!.id}/refund`,
      cookie: admin.cookie,
      payload: { decisionText: 'Closed.' },
    });
    const total = (await refundsOf(bought[0]!.id))[0]!.amountCents + (await refundsOf(bought[1]!.id))[0]!.amountCents;
    expect(total).toBe(5_400);
  });

  it('the Refunds queue is for admins only and filters by state', async () => {
    const { customer, bought } = await scene();
    const admin = await t.loginAs('admin');
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    expect((await t.request({ method: 'GET', url: '/api/admin/refund-requests', cookie: customer.cookie })).statusCode).toBe(403);
    const open = await t.request({ method: 'GET', url: '/api/admin/refund-requests?status=open', cookie: admin.cookie });
    expect(open.json().requests.map((r: { id: string }) => r.id)).toContain(id);
    const declined = await t.request({ method: 'GET', url: '/api/admin/refund-requests?status=declined', cookie: admin.cookie });
    expect(declined.json().requests.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await t.request({ method: 'GET', url: '/api/admin/refund-requests?status=nope', cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe('the provider’s charge.refunded event', () => {
  it('settles a refund once: a replayed event, another event naming it and a redelivery change nothing', async () => {
    const { merchant, customer, bought } = await scene();
    const id = (await requestRefund(customer.cookie, bought[0]!.id)).json().id as string;
    expect((await accept(merchant.cookie, id)).statusCode).toBe(200);
    const [atProvider] = await providerRefunds(bought[0]!.id);
    expect(atProvider!.webhookDeliveredAt).not.toBeNull();
    // As if the sandbox's event had not arrived yet: the refund waits for one, which we send three times at once.
    await db.update(orderRefunds).set({ status: 'pending', refundedAt: null }).where(eq(orderRefunds.purchaseId, bought[0]!.id));
    await db.delete(emailOutbox).where(eq(emailOutbox.kind, 'refund_issued'));
    const payload = JSON.stringify({
      id: `evt_replay_${atProvider!.id}`,
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'ch_x',
          payment_intent: 'pi_x',
          amount_refunded: atProvider!.amountCents,
          refunds: { data: [{ id: atProvider!.id, status: 'succeeded', amount: atProvider!.amountCents, metadata: atProvider!.metadata }] },
        },
      },
    });
    const post = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, body) },
        payload: body,
      });
    const first = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(first.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(first.filter((r) => r.json().fulfilled)).toHaveLength(1);
    const otherEvent = await post(payload.replace(`evt_replay_`, 'evt_other_'));
    expect(otherEvent.json()).toEqual({ received: true, fulfilled: false });
    await db.update(sandboxRefunds).set({ webhookDeliveredAt: null }).where(eq(sandboxRefunds.id, atProvider!.id));
    expect(await deliverSandboxRefundEvents(t.app.deps)).toBeGreaterThanOrEqual(1);
    expect((await refundsOf(bought[0]!.id))[0]!.status).toBe('refunded');
    expect(await mails(customer.user.email, 'refund_issued')).toHaveLength(1);
    expect(
      await db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, `evt_replay_${atProvider!.id}`)),
    ).toHaveLength(1);
  });

  it('a bad signature or a malformed refund event is a 400, and changes nothing', async () => {
    const body = JSON.stringify({ id: 'evt_bad', type: 'charge.refunded', created: 1, data: { object: { id: 'ch' } } });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.sandboxSecret, body) },
      payload: body,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
