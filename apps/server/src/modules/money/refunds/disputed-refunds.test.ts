import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  REFUND_MESSAGES_UI as M,
  type AdminPurchaseLookup,
  type AdminRefundRequestsPage,
  type RefundReconciliation,
} from '@localperks/shared';
import { ledgerEntries, orderRefunds, orders, purchases, sandboxRefunds } from '../../../db/schema';
import { build } from '../../../../test/build';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from '../../../payments/sandbox';

/**
 * A voucher whose payment the customer's bank charged back is not refunded on top
 * (docs/decisions/0040-safe-at-scale.md): with a dispute open or lost on its order, refunds and refund
 * requests are refused with a 409 saying why, the admin sees the chargeback on the voucher, and the
 * reconciliation shows every voucher given back once.
 */
const t = await build();
const db = t.database.db;
const admin = await t.loginAs('admin');

async function scene() {
  const merchant = await createMerchantSession(t);
  const deal = await createDeal(db, merchant.merchant.id, { dealPriceCents: 2_500, title: 'Kayak tour' });
  const customer = await t.loginAs('customer');
  const bought = (await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }])).sort((a, b) => a.id.localeCompare(b.id));
  const [order] = await db.select().from(orders).where(eq(orders.id, bought[0]!.orderId));
  return { merchant, customer, bought, sessionId: order!.providerSessionId! };
}

/** A signed sandbox chargeback event against the whole payment. */
function dispute(type: 'charge.dispute.created' | 'charge.dispute.closed', disputeId: string, sessionId: string, status: string) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: disputeId, charge: sessionId, amount: 5_400, status, reason: 'fraudulent', metadata: {} } },
  });
  return t.request({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(t.app.deps.sandboxSecret, payload) },
    payload,
  });
}
const refundDirectly = (purchaseId: string) =>
  t.request({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    cookie: admin.cookie,
    payload: { decisionText: 'Refunded by support.' },
  });
const requestRefund = (cookie: string, purchaseId: string) =>
  t.request({ method: 'POST', url: `/api/purchases/${purchaseId}/refund-request`, cookie, payload: { reason: 'closed' } });
const lookup = async (code: string) =>
  (
    await t.request({ method: 'GET', url: `/api/admin/purchases?q=${encodeURIComponent(code)}`, cookie: admin.cookie })
  ).json<AdminPurchaseLookup>().purchases[0]!;
const reconciliation = async () =>
  (await t.request({ method: 'GET', url: '/api/admin/refunds/reconciliation', cookie: admin.cookie })).json<RefundReconciliation>();
const givenBack = (purchaseId: string) =>
  db
    .select({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.purchaseId, purchaseId))
    .then((rows) => rows.filter((r) => r.kind === 'refund' || r.kind === 'deduction').length);
const providerRefunds = (sessionId: string) => db.select().from(sandboxRefunds).where(eq(sandboxRefunds.sessionId, sessionId));

describe('refunds of a charged-back payment', () => {
  it('after a lost chargeback: the admin’s direct refund and the customer’s request are refused with a 409, the provider is not called, the admin sees why', async () => {
    const { customer, bought, sessionId } = await scene();
    expect((await dispute('charge.dispute.closed', 'dp_lost_1', sessionId, 'lost')).json()).toEqual({ received: true, fulfilled: true });

    const direct = await refundDirectly(bought[0]!.id);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error).toEqual({ code: 'CONFLICT', message: M.disputeLost });
    const asked = await requestRefund(customer.cookie, bought[1]!.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toEqual({ code: 'CONFLICT', message: M.customerDisputeLost });
    // Nothing was recorded or sent: the voucher lives on as it was, the card is not refunded again.
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, bought[0]!.orderId))).toEqual([]);
    expect(await providerRefunds(sessionId)).toEqual([]);
    expect((await db.select().from(purchases).where(eq(purchases.id, bought[0]!.id)))[0]!.refundedAt).toBeNull();

    expect(await lookup(bought[0]!.redemptionCode)).toMatchObject({ id: bought[0]!.id, state: 'active', dispute: 'lost' });
    // The bank's give-back is in the ledger once per voucher, and nothing else.
    for (const p of bought) expect(await givenBack(p.id)).toBe(1);
  });

  it('while a chargeback is open: no refund request, no acceptance, no admin refund; the queue shows it; once won the refund goes through', async () => {
    const { merchant, customer, bought, sessionId } = await scene();
    // Asked before the bank opened the dispute.
    expect((await requestRefund(customer.cookie, bought[0]!.id)).statusCode).toBe(200);
    expect((await dispute('charge.dispute.created', 'dp_open_1', sessionId, 'needs_response')).statusCode).toBe(200);

    const second = await requestRefund(customer.cookie, bought[1]!.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(M.customerDisputeOpen);
    const queue = (
      await t.request({ method: 'GET', url: '/api/admin/refund-requests?status=open', cookie: admin.cookie })
    ).json<AdminRefundRequestsPage>();
    const request = queue.requests.find((r) => r.purchaseId === bought[0]!.id)!;
    expect(request.dispute).toBe('open');
    const merchantList = (await t.request({ method: 'GET', url: '/api/merchant/refund-requests', cookie: merchant.cookie })).json<{
      requests: { id: string; dispute: string | null }[];
    }>();
    expect(merchantList.requests.find((r) => r.id === request.id)!.dispute).toBe('open');

    const accepted = await t.request({
      method: 'POST',
      url: `/api/merchant/refund-requests/${request.id}/accept`,
      cookie: merchant.cookie,
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe(M.disputeOpen);
    const decided = await t.request({
      method: 'POST',
      url: `/api/admin/refund-requests/${request.id}/decision`,
      cookie: admin.cookie,
      payload: { decision: 'refund', decisionText: 'Refunded under the policy.' },
    });
    expect(decided.statusCode).toBe(409);
    expect((await refundDirectly(bought[1]!.id)).statusCode).toBe(409);
    expect(await providerRefunds(sessionId)).toEqual([]);

    // The bank decided for the merchant: the payment is the customer's to ask back again.
    expect((await dispute('charge.dispute.closed', 'dp_open_1', sessionId, 'won')).statusCode).toBe(200);
    expect((await lookup(bought[1]!.redemptionCode)).dispute).toBeNull();
    expect((await refundDirectly(bought[1]!.id)).statusCode).toBe(200);
    expect(await providerRefunds(sessionId)).toHaveLength(1);
  });
});

describe('the refund reconciliation', () => {
  it('counts vouchers refunded and charged back against the ledger’s give-backs, and names a voucher given back twice', async () => {
    const before = await reconciliation();
    expect(before.isBalanced).toBe(true);

    // One voucher refunded by us, one order charged back (two vouchers): three give-backs.
    const refunded = await scene();
    expect((await refundDirectly(refunded.bought[0]!.id)).statusCode).toBe(200);
    const chargedBack = await scene();
    await dispute('charge.dispute.closed', 'dp_recon_1', chargedBack.sessionId, 'lost');
    const after = await reconciliation();
    expect(after).toMatchObject({
      refundedVouchers: before.refundedVouchers + 1,
      chargedBackVouchers: before.chargedBackVouchers + 2,
      ledgerGiveBacks: before.ledgerGiveBacks + 3,
      isBalanced: true,
      mismatchCount: 0,
      mismatches: [],
    });

    // The bank charges back a payment we had already refunded a voucher of (nothing we can refuse):
    // that voucher's money went back twice against one give-back, and the reconciliation names it.
    await dispute('charge.dispute.closed', 'dp_recon_2', refunded.sessionId, 'lost');
    const twice = await reconciliation();
    expect(twice.isBalanced).toBe(false);
    expect(twice.mismatches).toEqual([
      expect.objectContaining({ purchaseId: refunded.bought[0]!.id, isRefunded: true, isChargedBack: true, ledgerGiveBacks: 1 }),
    ]);
  });
});
