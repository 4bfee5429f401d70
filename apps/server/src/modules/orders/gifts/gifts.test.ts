import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, calendarDayIn, type PurchasesPage } from '@localperks/shared';
import { emailOutbox, orderRefunds, orders, purchases } from '../../../db/schema';
import { build, linkFrom } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { createDeal, createMerchantSession, TEST_BILLING, TEST_CARD } from '../../../../test/factories';
import { deliverDueGifts } from './gifts.service';

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const TZ = 'America/Chicago';

/** Buys `quantity` vouchers of a deal as a gift through the real checkout and sandbox payment. */
async function buyGift(cookie: string, dealId: string, quantity: number, gift: object) {
  const started = await t.request({
    method: 'POST',
    url: '/api/checkout',
    cookie,
    payload: { items: [{ dealId, quantity, gift }], billing: TEST_BILLING },
  });
  if (started.statusCode !== 200) return { started };
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const paid = await t.request({
    method: 'POST',
    url: `/api/sandbox/sessions/${url.split('/sandbox/checkout/')[1]}/pay`,
    payload: TEST_CARD,
  });
  expect(paid.statusCode).toBe(200);
  return { started, orderId, vouchers: await db.select().from(purchases).where(eq(purchases.orderId, orderId)) };
}
const giftMails = (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, 'gift')));
const myPurchases = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/purchases?status=all', cookie })).json<PurchasesPage>().purchases;

async function scenario(name: string) {
  const merchant = await createMerchantSession(t, { businessName: name });
  const deal = await createDeal(db, merchant.merchant.id, { title: `${name} tasting`, dealPriceCents: 5000 });
  const buyer = await t.loginAs('customer', { name: 'Alex Buyer' });
  const recipient = await t.loginAs('customer', { name: 'Sam Friend', email: `sam-${Date.now()}-${Math.random()}@test.example` });
  return { merchant, deal, buyer, recipient };
}

describe('gifts', () => {
  it('is delivered on its date (by the job, once), claimed by the recipient, and its code is only ever the holder’s', async () => {
    const { deal, buyer, recipient, merchant } = await scenario('Gift Bistro');
    clock.set('2026-12-20T15:00:00Z');
    const bad = await buyGift(buyer.cookie, deal.id, 1, {
      recipientName: 'Sam',
      recipientEmail: 'x@test.example',
      deliverOn: '2027-03-01',
      timeZone: TZ,
    });
    expect(bad.started.statusCode).toBe(400);
    expect(bad.started.json().error.message).toBe('Choose today or a day up to 60 days ahead.');
    const yesterday = await buyGift(buyer.cookie, deal.id, 1, {
      recipientName: 'Sam',
      recipientEmail: 'x@test.example',
      deliverOn: '2026-12-19',
      timeZone: TZ,
    });
    expect(yesterday.started.statusCode).toBe(400);
    // A message of at most 500 characters.
    const longMessage = await buyGift(buyer.cookie, deal.id, 1, {
      recipientName: 'Sam',
      recipientEmail: 'x@test.example',
      message: 'x'.repeat(501),
      deliverOn: '2026-12-24',
      timeZone: TZ,
    });
    expect(longMessage.started.statusCode).toBe(400);
    expect(JSON.stringify(longMessage.started.json().error)).toContain('500');

    const { vouchers } = await buyGift(buyer.cookie, deal.id, 2, {
      recipientName: 'Sam',
      recipientEmail: recipient.user.email.toUpperCase(),
      message: 'Merry Christmas! <3',
      deliverOn: '2026-12-24',
      timeZone: TZ,
    });
    expect(vouchers).toHaveLength(2);
    // The buyer's receipt has no code of a gift.
    const receipt = await t.lastMail(buyer.user.email, 'purchase_confirmation');
    expect(receipt!.text).toContain('Gift for Sam: they get the code by e-mail on December 24, 2026.');
    for (const v of vouchers!) expect(receipt!.text).not.toContain(v.redemptionCode);
    expect(receipt!.attachments ?? []).toHaveLength(0);

    // The buyer sees the gift, not its code (nor its QR).
    const mine = (await myPurchases(buyer.cookie)).filter((p) => p.dealId === deal.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      redemptionCode: null,
      qrCodeUrl: null,
      gift: { recipientName: 'Sam', isBuyer: true, deliveredAt: null, claimedAt: null },
    });
    expect((await t.request({ method: 'GET', url: `/api/purchases/${vouchers![0]!.id}/qr.svg`, cookie: buyer.cookie })).statusCode).toBe(
      404,
    );
    // Resend before its day: refused.
    expect((await t.request({ method: 'POST', url: `/api/gifts/${mine[0]!.gift!.id}/resend`, cookie: buyer.cookie })).statusCode).toBe(409);

    // Not before its day (midnight in Chicago is 06:00 UTC).
    clock.set('2026-12-24T05:59:00Z');
    expect(await deliverDueGifts(t.app.deps)).toBe(0);
    expect(await giftMails(recipient.user.email)).toHaveLength(0);
    clock.set('2026-12-24T06:00:00Z');
    expect(await deliverDueGifts(t.app.deps)).toBe(1);
    expect(await deliverDueGifts(t.app.deps)).toBe(0);
    const [mail] = await giftMails(recipient.user.email);
    expect(mail!.subject).toBe('Alex Buyer sent you a gift: Gift Bistro tasting');
    expect(mail!.html).toContain('Merry Christmas! &lt;3');
    const token = linkFrom(mail!.text, '/gifts/claim').searchParams.get('token')!;

    // The claim page's preview, for anyone with the link.
    expect((await t.request({ method: 'POST', url: '/api/gifts/preview', payload: { token } })).json()).toEqual({
      recipientName: 'Sam',
      fromName: 'Alex Buyer',
      message: 'Merry Christmas! <3',
      dealTitle: 'Gift Bistro tasting',
      merchantName: 'Gift Bistro',
      vouchers: 2,
      claimed: false,
    });
    const claim = (cookie: string | undefined) => t.request({ method: 'POST', url: '/api/gifts/claim', cookie, payload: { token } });
    expect((await claim(undefined)).statusCode).toBe(401);
    expect((await claim(merchant.cookie)).statusCode).toBe(403);
    expect((await claim(buyer.cookie)).json().error.message).toBe(
      'You bought this gift: send it to the recipient instead of claiming it yourself.',
    );
    const claimed = await claim(recipient.cookie);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().purchaseIds.sort()).toEqual(vouchers!.map((v) => v.id).sort());
    expect((await claim(recipient.cookie)).json().error.message).toBe('This gift has already been claimed.');

    // The recipient holds the vouchers, with their codes; the buyer sees "claimed", still without a code.
    const theirs = (await myPurchases(recipient.cookie)).filter((p) => p.dealId === deal.id);
    expect(theirs.map((p) => p.redemptionCode).sort()).toEqual(vouchers!.map((v) => v.redemptionCode).sort());
    expect(theirs[0]!.gift).toMatchObject({ isBuyer: false, fromName: 'Alex Buyer', recipientEmail: null });
    expect(
      (await t.request({ method: 'GET', url: `/api/purchases/${vouchers![0]!.id}/qr.svg`, cookie: recipient.cookie })).statusCode,
    ).toBe(200);
    const buyersView = (await myPurchases(buyer.cookie)).filter((p) => p.dealId === deal.id);
    expect(buyersView[0]).toMatchObject({
      redemptionCode: null,
      canRequestRefund: false,
      gift: { claimedAt: expect.any(String), deliveredAt: expect.any(String) },
    });
    // A claimed gift cannot be sent again or redirected.
    expect(
      (await t.request({ method: 'POST', url: `/api/gifts/${buyersView[0]!.gift!.id}/resend`, cookie: buyer.cookie })).statusCode,
    ).toBe(409);
    clock.useRealTime();
  });

  it('a gift for today goes out right after the payment; the buyer resends it or changes the address, and the old link stops working', async () => {
    const { deal, buyer, recipient } = await scenario('Today Cafe');
    const today = calendarDayIn(new Date(), TZ);
    await buyGift(buyer.cookie, deal.id, 1, { recipientName: 'Sam', recipientEmail: 'wrong@test.example', deliverOn: today, timeZone: TZ });
    const [first] = await giftMails('wrong@test.example');
    expect(first).toBeDefined();
    const oldToken = linkFrom(first!.text, '/gifts/claim').searchParams.get('token')!;
    const gift = (await myPurchases(buyer.cookie)).find((p) => p.dealId === deal.id)!.gift!;
    expect(gift.deliveredAt).not.toBeNull();
    // Another customer cannot touch it.
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/gifts/${gift.id}`,
          cookie: recipient.cookie,
          payload: { recipientEmail: 'a@test.example' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'PATCH', url: `/api/gifts/${gift.id}`, cookie: buyer.cookie, payload: { recipientEmail: 'nope' } }))
        .statusCode,
    ).toBe(400);
    const changed = await t.request({
      method: 'PATCH',
      url: `/api/gifts/${gift.id}`,
      cookie: buyer.cookie,
      payload: { recipientEmail: recipient.user.email },
    });
    expect(changed.statusCode).toBe(200);
    const [second] = await giftMails(recipient.user.email);
    const newToken = linkFrom(second!.text, '/gifts/claim').searchParams.get('token')!;
    expect((await t.request({ method: 'POST', url: '/api/gifts/preview', payload: { token: oldToken } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/gifts/${gift.id}/resend`, cookie: buyer.cookie })).statusCode).toBe(200);
    expect(await giftMails(recipient.user.email)).toHaveLength(2);
    // The resend made a newer link again.
    expect(
      (await t.request({ method: 'POST', url: '/api/gifts/claim', cookie: recipient.cookie, payload: { token: newToken } })).statusCode,
    ).toBe(404);
  });

  it('refunds go to the buyer’s card; a claimed gift only at the recipient’s request (or an admin’s)', async () => {
    const { deal, buyer, recipient, merchant } = await scenario('Refund Gifts');
    const today = calendarDayIn(new Date(), TZ);
    const { vouchers, orderId } = await buyGift(buyer.cookie, deal.id, 2, {
      recipientName: 'Sam',
      recipientEmail: recipient.user.email,
      deliverOn: today,
      timeZone: TZ,
    });
    const token = linkFrom((await giftMails(recipient.user.email))[0]!.text, '/gifts/claim').searchParams.get('token')!;
    expect((await t.request({ method: 'POST', url: '/api/gifts/claim', cookie: recipient.cookie, payload: { token } })).statusCode).toBe(
      200,
    );
    const ask = (cookie: string, id: string) =>
      t.request({ method: 'POST', url: `/api/purchases/${id}/refund-request`, cookie, payload: { reason: 'closed' } });
    // The buyer no longer holds it: only the recipient may ask.
    expect((await ask(buyer.cookie, vouchers![0]!.id)).statusCode).toBe(404);
    const asked = await ask(recipient.cookie, vouchers![0]!.id);
    expect(asked.statusCode).toBe(200);
    const accepted = await t.request({
      method: 'POST',
      url: `/api/merchant/refund-requests/${asked.json().id}/accept`,
      cookie: merchant.cookie,
    });
    expect(accepted.statusCode).toBe(200);
    // The money goes back on the buyer's payment: the refund is of the buyer's order.
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.purchaseId, vouchers![0]!.id));
    const [order] = await db.select().from(orders).where(eq(orders.id, refund!.orderId));
    expect(order!.id).toBe(orderId);
    expect(order!.userId).toBe(buyer.user.id);
    expect(refund!.amountCents).toBe(5400);
    // An admin may refund the other one directly.
    const admin = await t.loginAs('admin', { adminRole: 'finance' });
    const direct = await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${vouchers![1]!.id}/refund`,
      cookie: admin.cookie,
      payload: { decisionText: 'Refunded at the buyer’s request by phone.' },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const refunded = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId!));
    expect(refunded).toHaveLength(2);
  });

  it('delivers each gift once when the job and the payment race (sequential runs)', async () => {
    const { deal, buyer, recipient } = await scenario('Once Only Deli');
    clock.set(Date.now());
    await buyGift(buyer.cookie, deal.id, 1, {
      recipientName: 'Sam',
      recipientEmail: recipient.user.email,
      deliverOn: calendarDayIn(new Date(Date.now() + DAY_MS), TZ),
      timeZone: TZ,
    });
    clock.set(Date.now() + 2 * DAY_MS + HOUR_MS);
    await Promise.all([deliverDueGifts(t.app.deps), deliverDueGifts(t.app.deps)]);
    expect(await giftMails(recipient.user.email)).toHaveLength(1);
    clock.useRealTime();
  });
});
