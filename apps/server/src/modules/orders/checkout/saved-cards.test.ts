import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SandboxSession } from '@localperks/shared';
import { orders, paymentCustomers, paymentMethods, purchases } from '../../../db/schema';
import { build } from '../../../../test/build';
import { createDeal, createMerchant, TEST_BILLING, TEST_CARD } from '../../../../test/factories';

/*
 * A card saved at checkout is offered again (issue 38 item 5): the sandbox provider's card page lists
 * the customer's saved cards and pays with one, through the same signed-webhook confirmation.
 */

const t = await build();
const db = t.database.db;
const { merchant } = await createMerchant(db);

const sessionOf = (url: string) => url.split('/sandbox/checkout/')[1]!;
async function checkout(cookie: string, dealId: string, saveCard: boolean) {
  const res = await t.request({
    method: 'POST',
    url: '/api/checkout',
    cookie,
    payload: { items: [{ dealId, quantity: 1 }], billing: TEST_BILLING, saveCard },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderId, url } = res.json<{ orderId: string; url: string }>();
  return { orderId, session: sessionOf(url) };
}
const page = async (session: string) =>
  (await t.request({ method: 'GET', url: `/api/sandbox/sessions/${session}` })).json<SandboxSession>();
const orderStatus = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;

describe('saved cards on the sandbox card page', () => {
  it('saves the card that paid, lists it on the next card page, and pays with it', async () => {
    const deal = await createDeal(db, merchant.id);
    const { cookie, user } = await t.loginAs('customer');

    const first = await checkout(cookie, deal.id, true);
    expect((await page(first.session)).savedCards).toEqual([]);
    const paid = await t.request({ method: 'POST', url: `/api/sandbox/sessions/${first.session}/pay`, payload: TEST_CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      provider: 'sandbox',
      providerPaymentMethodId: expect.stringMatching(/^pm_sandbox_/),
    });
    expect(await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id))).toHaveLength(1);

    // The next checkout, without saving anything: its card page offers the saved card.
    const second = await checkout(cookie, deal.id, false);
    const offered = (await page(second.session)).savedCards;
    expect(offered).toEqual([{ id: card!.providerPaymentMethodId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2039 }]);
    const withSaved = await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${second.session}/pay-saved`,
      payload: { paymentMethodId: offered[0]!.id },
    });
    expect(withSaved.statusCode, withSaved.body).toBe(200);
    expect(withSaved.json().url).toContain(`/purchases?success=true&order=${second.orderId}`);
    expect(await orderStatus(second.orderId)).toBe('paid');
    expect(await db.select().from(purchases).where(eq(purchases.orderId, second.orderId))).toHaveLength(1);
    // Paying with it again saved no second copy.
    expect(await db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(1);
    // A paid page offers nothing more.
    expect((await page(second.session)).savedCards).toEqual([]);
  });

  it('offers no card to another customer, refuses theirs by its id, and forgets a removed card', async () => {
    const deal = await createDeal(db, merchant.id);
    const owner = await t.loginAs('customer');
    const first = await checkout(owner.cookie, deal.id, true);
    await t.request({ method: 'POST', url: `/api/sandbox/sessions/${first.session}/pay`, payload: TEST_CARD });
    const [card] = await db.select().from(paymentMethods).where(eq(paymentMethods.userId, owner.user.id));
    const pm = card!.providerPaymentMethodId!;

    const stranger = await t.loginAs('customer');
    const theirs = await checkout(stranger.cookie, deal.id, false);
    expect((await page(theirs.session)).savedCards).toEqual([]);
    const stolen = await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${theirs.session}/pay-saved`,
      payload: { paymentMethodId: pm },
    });
    expect(stolen.statusCode).toBe(404);
    expect(await orderStatus(theirs.orderId)).toBe('open');
    const bad = await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${theirs.session}/pay-saved`,
      payload: { paymentMethodId: '4242' },
    });
    expect(bad.statusCode).toBe(400);

    // Removed on Payment Methods: the provider forgets it, and the next card page offers nothing.
    const removed = await t.request({ method: 'DELETE', url: `/api/account/payment-methods/${card!.id}`, cookie: owner.cookie });
    expect(removed.statusCode).toBe(200);
    const next = await checkout(owner.cookie, deal.id, false);
    expect((await page(next.session)).savedCards).toEqual([]);
    const gone = await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${next.session}/pay-saved`,
      payload: { paymentMethodId: pm },
    });
    expect(gone.statusCode).toBe(404);
    expect(
      await db
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.userId, owner.user.id), eq(paymentMethods.providerPaymentMethodId, pm))),
    ).toHaveLength(0);
  });
});
