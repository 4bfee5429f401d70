import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SANCTION_MESSAGES } from '@localperks/shared';
import {
  adminAuditLog,
  deals,
  merchantPayouts,
  merchantRegistrationRequests,
  notifications,
  orders,
  sandboxSessions,
} from '../../../db/schema';
import { build } from '../../../../test/build';
import { buy, createDeal, createMerchantSession, TEST_BILLING } from '../../../../test/factories';
import { loadWebServerEntry } from '../../../../test/web-server-entry';

/*
 * Suspending a business end to end (docs/decisions/0063-suspensions-and-bans.md): its page and deals answer 404 (the
 * API and the server-rendered pages), it is gone from search, home and the sitemap, checkouts of its deals are
 * refused and the payment pages already open are closed, its payouts are held; the vouchers sold stay valid; the
 * merchant reads why and answers in its admin thread. Reinstating gives everything back.
 */

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.copyFileSync(path.resolve(import.meta.dirname, '../../../../../web/index.html'), path.join(webDir, 'index.html'));
const t = await build({ serveWeb: true, webDir, serverEntry: await loadWebServerEntry() });
const db = t.database.db;
const owner = await t.loginAs('admin', { name: 'Olive Owner' });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, cookie: string, payload: object = {}) => t.request({ method: 'POST', url, cookie, payload });

/** A business of the test's own, approved, with its registration (the admin thread lives there), a live deal and a closed payout. */
async function business(name: string) {
  const m = await createMerchantSession(t, { businessName: name });
  await db.insert(merchantRegistrationRequests).values({
    userId: m.user.id,
    businessName: name,
    email: m.user.email,
    phone: '(312) 555-0100',
    city: 'Chicago',
    state: 'IL',
    description: 'A test business with a registration.',
    plan: 'deals_messaging',
    status: 'approved',
  });
  const deal = await createDeal(db, m.merchant.id, { title: `${name} Platter` });
  const [payout] = await db
    .insert(merchantPayouts)
    .values({
      merchantId: m.merchant.id,
      periodStart: '2026-01-01',
      periodEnd: '2026-01-14',
      payoutDate: '2026-01-15',
      totalPurchases: 1,
      grossCents: 1_000,
      commissionCents: 150,
      netCents: 850,
    })
    .returning();
  return { ...m, deal, payout: payout! };
}

/** What the public sees of a business and its deal: API, server-rendered pages, search, home and the sitemap. */
async function publicView(b: Awaited<ReturnType<typeof business>>) {
  const slug = b.merchant.slug;
  const search = (await get(`/api/deals?search=${encodeURIComponent(b.merchant.businessName)}`)).json();
  const businesses = (await get(`/api/businesses?search=${encodeURIComponent(b.merchant.businessName)}`)).json();
  const home = (await get('/api/home')).body;
  const sitemap = (await get('/sitemap.xml')).body;
  const suggested = (await get(`/api/search/suggest?q=${encodeURIComponent(b.merchant.businessName)}`)).body;
  return {
    pageApi: (await get(`/api/businesses/${slug}`)).statusCode,
    page: (await get(`/businesses/${slug}`)).statusCode,
    dealApi: (await get(`/api/deals/${b.deal.id}`)).statusCode,
    dealPage: (await get(`/deals/${b.deal.id}`)).statusCode,
    inDealSearch: JSON.stringify(search).includes(b.deal.id),
    inBusinessSearch: JSON.stringify(businesses).includes(slug),
    onHome: home.includes(b.deal.id),
    inSitemap: sitemap.includes(`/businesses/${slug}`) || sitemap.includes(b.deal.id),
    inSuggestions: suggested.includes(slug) || suggested.includes(b.deal.id),
  };
}

describe('suspending a business (docs/decisions/0063-suspensions-and-bans.md)', () => {
  it('end to end: 404 everywhere public, checkout refused, open payment pages closed, payouts held, vouchers valid; reinstating undoes it', async () => {
    const b = await business('Shady Grill');
    const customer = await t.loginAs('customer');
    const [voucher] = await buy(t, customer.cookie, [{ dealId: b.deal.id, quantity: 1 }]);
    // A second customer has the card page open when the business is suspended.
    const other = await t.loginAs('customer');
    const started = await post('/api/checkout', other.cookie, { items: [{ dealId: b.deal.id, quantity: 1 }], billing: TEST_BILLING });
    expect(started.statusCode).toBe(200);
    const openSession = started.json<{ url: string }>().url.split('/sandbox/checkout/')[1]!;
    const visible = {
      pageApi: 200,
      page: 200,
      dealApi: 200,
      dealPage: 200,
      inDealSearch: true,
      inBusinessSearch: true,
      onHome: true,
      inSitemap: true,
      inSuggestions: true,
    };
    expect(await publicView(b)).toEqual(visible);

    const res = await post(`/api/admin/businesses/${b.merchant.id}/suspend`, owner.cookie, { reason: 'Repeated chargebacks on vouchers.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().business).toMatchObject({ businessName: 'Shady Grill', suspensionReason: 'Repeated chargebacks on vouchers.' });
    expect(res.json().business.suspendedAt).not.toBeNull();

    // Public pages: gone everywhere.
    expect(await publicView(b)).toEqual({
      pageApi: 404,
      page: 404,
      dealApi: 404,
      dealPage: 404,
      inDealSearch: false,
      inBusinessSearch: false,
      onHome: false,
      inSitemap: false,
      inSuggestions: false,
    });
    // Nor can a customer write to it from its (gone) page.
    const message = await post('/api/customer-messages', customer.cookie, {
      businessSlug: b.merchant.slug,
      subject: 'Open?',
      message: 'Are you open today?',
    });
    expect(message.statusCode).toBe(404);
    // Checkout: refused, and the open card page was closed at the provider (it can no longer be paid).
    for (const url of ['/api/cart/quote', '/api/checkout']) {
      const refused = await post(url, customer.cookie, { items: [{ dealId: b.deal.id, quantity: 1 }], billing: TEST_BILLING });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('“Shady Grill Platter” is no longer available. Remove it from your cart to continue.');
    }
    const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, openSession));
    expect(session!.status).toBe('expired');
    const [order] = await db.select().from(orders).where(eq(orders.id, session!.orderId));
    expect(order!.status).toBe('expired');
    const pay = await t.request({
      method: 'POST',
      url: `/api/sandbox/sessions/${openSession}/pay`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Late Payer' },
    });
    expect(pay.statusCode).toBe(409);
    // Payouts: held, shown as held, and not payable.
    const adminPayout = (await get('/api/admin/payouts', owner.cookie)).json().items.find((p: { id: string }) => p.id === b.payout.id);
    expect(adminPayout).toMatchObject({ isPaid: false, isHeld: true });
    const markPaid = await post(`/api/admin/payouts/${b.payout.id}/mark-paid`, owner.cookie, { reason: 'Paid by bank transfer.' });
    expect(markPaid.statusCode).toBe(409);
    expect(markPaid.json().error.message).toBe(SANCTION_MESSAGES.payoutHeld);
    expect((await get('/api/merchant/payouts', b.cookie)).json().items[0]).toMatchObject({ id: b.payout.id, status: 'held' });
    // The voucher already sold stays valid: the merchant's counter redeems it.
    const redeemed = await post('/api/merchant/redemptions', b.cookie, { code: voucher!.redemptionCode });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().status).toBe('redeemed');
    // The merchant sees why, on its dashboard and in its thread, and answers there; the owners are told.
    expect((await get('/api/merchant/me', b.cookie)).json().merchant.suspension).toMatchObject({
      reason: 'Repeated chargebacks on vouchers.',
    });
    const thread = (await get('/api/merchant/registration/messages', b.cookie)).json();
    expect(thread.messages.at(-1)).toMatchObject({ senderType: 'admin' });
    expect(thread.messages.at(-1).message).toContain('Repeated chargebacks on vouchers.');
    expect(
      (await post('/api/merchant/registration/messages', b.cookie, { message: 'We refunded them all; please look again.' })).statusCode,
    ).toBe(201);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.title, 'Suspended merchant replied')));
    expect(told).toHaveLength(1);
    expect((await t.lastMail(b.user.email, 'merchant_suspended'))!.text).toContain('Repeated chargebacks on vouchers.');
    // What suspension stops on the console: new and changed deals, paid boosts.
    expect((await get(`/api/merchant/boosts/deals/${b.deal.id}`, b.cookie)).json()).toMatchObject({
      canBoost: false,
      reason: SANCTION_MESSAGES.suspended,
    });
    expect((await get('/api/merchant/deals', b.cookie)).json()).toMatchObject({
      canCreateDeals: false,
      reason: SANCTION_MESSAGES.suspended,
    });

    const back = await post(`/api/admin/businesses/${b.merchant.id}/reinstate`, owner.cookie);
    expect(back.statusCode).toBe(200);
    expect(back.json().business).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect(await publicView(b)).toEqual(visible);
    expect((await post('/api/cart/quote', customer.cookie, { items: [{ dealId: b.deal.id, quantity: 1 }] })).statusCode).toBe(200);
    expect((await get('/api/merchant/payouts', b.cookie)).json().items[0].status).not.toBe('held');
    expect((await get('/api/merchant/me', b.cookie)).json().merchant.suspension).toBeNull();
    expect((await post(`/api/admin/payouts/${b.payout.id}/mark-paid`, owner.cookie, { reason: 'Paid by bank transfer.' })).statusCode).toBe(
      200,
    );
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, b.merchant.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['merchant.reinstated', 'merchant.suspended']);
    expect(await t.lastMail(b.user.email, 'merchant_reinstated')).toBeDefined();
  });

  it('listed_until follows the deal’s own rule, stays empty for a deal written while its business is suspended, and comes back with it', async () => {
    const b = await business('Trigger Tacos');
    const listed = async (id: string) => (await db.select({ at: deals.listedUntil }).from(deals).where(eq(deals.id, id)))[0]!.at;
    const expires = new Date(Date.now() + 10 * 86_400_000);
    const voting = new Date(Date.now() + 3 * 86_400_000);
    const crowd = await createDeal(db, b.merchant.id, {
      type: 'perkboost',
      status: 'pending',
      votesRequired: 10,
      votingEndDate: voting,
      expirationDate: expires,
    });
    expect(await listed(crowd.id)).toEqual(voting);
    await db.update(deals).set({ status: 'paused' }).where(eq(deals.id, b.deal.id));
    expect(await listed(b.deal.id)).toBeNull();
    await db.update(deals).set({ status: 'active', expirationDate: expires }).where(eq(deals.id, b.deal.id));
    expect(await listed(b.deal.id)).toEqual(expires);
    await post(`/api/admin/businesses/${b.merchant.id}/suspend`, owner.cookie, { reason: 'Testing the rule.' });
    expect(await listed(b.deal.id)).toBeNull();
    expect(await listed(crowd.id)).toBeNull();
    // A deal written meanwhile (by any writer) is not listed either, whatever it says.
    const late = await createDeal(db, b.merchant.id, { title: 'Written while suspended' });
    await db.update(deals).set({ listedUntil: expires }).where(eq(deals.id, late.id));
    expect(await listed(late.id)).toBeNull();
    expect((await get(`/api/deals/${late.id}`)).statusCode).toBe(404);
    await post(`/api/admin/businesses/${b.merchant.id}/reinstate`, owner.cookie);
    expect(await listed(b.deal.id)).toEqual(expires);
    expect(await listed(crowd.id)).toEqual(voting);
    expect(await listed(late.id)).toEqual(late.expirationDate);
    expect((await get(`/api/deals/${late.id}`)).statusCode).toBe(200);
  });

  it('lists approved businesses by name, city or e-mail, and the suspended ones alone', async () => {
    const a = await business('Lakeview Suspendable Tacos');
    await business('Lakeview Suspendable Ramen');
    await post(`/api/admin/businesses/${a.merchant.id}/suspend`, owner.cookie, { reason: 'Fake reviews.' });
    const all = (await get('/api/admin/businesses?search=lakeview%20suspendable', owner.cookie)).json();
    expect(all.businesses.map((x: { businessName: string }) => x.businessName).sort()).toEqual([
      'Lakeview Suspendable Ramen',
      'Lakeview Suspendable Tacos',
    ]);
    const suspended = (await get('/api/admin/businesses?search=lakeview%20suspendable&status=suspended', owner.cookie)).json();
    expect(suspended.businesses).toEqual([
      expect.objectContaining({ businessName: 'Lakeview Suspendable Tacos', suspensionReason: 'Fake reviews.', liveDeals: 1 }),
    ]);
    expect(suspended.businesses[0].registrationId).toEqual(expect.any(String));
    expect((await get(`/api/admin/businesses?search=${encodeURIComponent(a.user.email)}`, owner.cookie)).json().total).toBe(1);
  });

  it('needs a reason, knows the business, is not done twice, and is for owners only', async () => {
    const b = await business('Twice Suspended Bakery');
    const url = `/api/admin/businesses/${b.merchant.id}/suspend`;
    const blank = await post(url, owner.cookie, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.reason).toBe(SANCTION_MESSAGES.reasonRequired);
    expect((await post(url, owner.cookie, { reason: 'x'.repeat(1001) })).json().error.fields.reason).toBe(SANCTION_MESSAGES.reasonTooLong);
    expect(
      (await post('/api/admin/businesses/00000000-0000-4000-8000-000000000000/suspend', owner.cookie, { reason: 'No.' })).statusCode,
    ).toBe(404);
    expect((await post(`/api/admin/businesses/${b.merchant.id}/reinstate`, owner.cookie)).statusCode).toBe(409);
    for (const role of ['support', 'finance'] as const) {
      const admin = await t.loginAs('admin', { adminRole: role });
      expect((await post(url, admin.cookie, { reason: 'Not mine to do.' })).statusCode).toBe(403);
    }
    expect((await post(url, owner.cookie, { reason: 'Once.' })).statusCode).toBe(200);
    const again = await post(url, owner.cookie, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SANCTION_MESSAGES.alreadySuspended);
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, b.merchant.id))).toHaveLength(1);
  });
});
