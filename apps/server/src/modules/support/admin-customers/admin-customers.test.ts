import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, SANCTION_MESSAGES } from '@localperks/shared';
import { adminAuditLog, orderRefunds, purchases, sessions } from '../../../db/schema';
import { randomToken, sha256 } from '../../../lib/crypto';
import { build, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { openSse } from '../../../../test/sse';

/*
 * Banning a customer (docs/decisions/0063-suspensions-and-bans.md): every session ends at once, open event streams
 * close, sign-in is refused with the reason; what they bought stays as it is: vouchers redeemable, refunds decided
 * and paid. Lifting the ban lets them sign in again.
 */

const t = await build();
const db = t.database.db;
const support = await t.loginAs('admin', { adminRole: 'support', name: 'Sasha Support' });
const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const post = (url: string, cookie: string, payload: object = {}) => t.request({ method: 'POST', url, cookie, payload });
const signIn = (email: string) => t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });

describe('banning a customer', () => {
  it('ends every session at once, closes open streams and refuses sign-in with the reason; vouchers and refunds stay correct', async () => {
    const merchant = await createMerchantSession(t);
    const deal = await createDeal(db, merchant.merchant.id, { dealPriceCents: 2_500 });
    const customer = await t.loginAs('customer', { email: 'abuser@test.example' });
    const [kept, refunded] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    const request = await post(`/api/purchases/${refunded!.id}/refund-request`, customer.cookie, { reason: 'closed', note: 'Closed.' });
    expect(request.statusCode).toBe(200);
    // Three sessions (phone, laptop, tablet) and a live stream open on one of them.
    const cookies = [
      customer.cookie,
      sessionCookie(await signIn('abuser@test.example')),
      sessionCookie(await signIn('abuser@test.example')),
    ];
    const stream = await openSse(`http://127.0.0.1:${port}/api/events/messages`, { cookie: cookies[1] });
    for (const cookie of cookies) expect((await get('/api/purchases', cookie)).statusCode).toBe(200);

    const res = await post(`/api/admin/customers/${customer.user.id}/ban`, support.cookie, {
      reason: 'Refund abuse across many vouchers.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().customer).toMatchObject({
      email: 'abuser@test.example',
      banReason: 'Refund abuse across many vouchers.',
      purchases: 2,
    });

    // Every session is over on the next request, the stream closed, and no session row is left.
    for (const cookie of cookies) {
      expect((await get('/api/purchases', cookie)).statusCode).toBe(401);
      expect((await get('/api/auth/session', cookie)).json().user).toBeNull();
    }
    await stream.ended;
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.user.id))).toHaveLength(0);
    // Signing in is refused with the reason, and gives no session.
    const login = await signIn('abuser@test.example');
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(ACCESS_MESSAGES.banned('Refund abuse across many vouchers.'));
    expect(login.json().error.message).toBe(
      'This account has been banned (Refund abuse across many vouchers). If you think this is a mistake, write to support through the contact page.',
    );
    expect(login.cookies.find((c) => c.name === 'lp_session')).toBeUndefined();
    // A session written by a sign-in that raced the ban is refused too.
    const token = randomToken(32);
    await db.insert(sessions).values({ id: sha256(token), userId: customer.user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await get('/api/purchases', `lp_session=${token}`)).statusCode).toBe(401);

    // What they bought stays correct: the voucher redeems at the counter, the refund request is decided and paid in full.
    const redeemed = await post('/api/merchant/redemptions', merchant.cookie, { code: kept!.redemptionCode });
    expect(redeemed.json()).toMatchObject({ status: 'redeemed' });
    const requestId = request.json().id as string;
    const decided = await post(`/api/admin/refund-requests/${requestId}/decision`, support.cookie, {
      decision: 'refund',
      decisionText: 'The business was closed.',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'refunded', refunded: true });
    // $25.00 and its 8 % tax, back to the card.
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.purchaseId, refunded!.id))).toEqual([
      expect.objectContaining({ amountCents: 2_700, reason: 'customer_request' }),
    ]);
    const [voucher] = await db.select().from(purchases).where(eq(purchases.id, refunded!.id));
    expect(voucher!.refundedAt).not.toBeNull();
    expect((await t.lastMail('abuser@test.example', 'customer_banned'))!.text).toContain('Refund abuse across many vouchers.');

    // Lifting the ban lets them back in.
    const unbanned = await post(`/api/admin/customers/${customer.user.id}/unban`, support.cookie);
    expect(unbanned.json().customer).toMatchObject({ bannedAt: null, banReason: null });
    const back = await signIn('abuser@test.example');
    expect(back.statusCode).toBe(200);
    expect((await get('/api/purchases', sessionCookie(back))).statusCode).toBe(200);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, customer.user.id));
    expect(audit.map((a) => [a.action, a.adminId]).sort()).toEqual([
      ['customer.banned', support.user.id],
      ['customer.unbanned', support.user.id],
    ]);
  });

  it('lists customers by name or e-mail and the banned ones alone', async () => {
    const a = await t.createUser('customer', { name: 'Listed Findme One', email: 'findme-one@test.example' });
    await t.createUser('customer', { name: 'Listed Findme Two', email: 'findme-two@test.example' });
    await post(`/api/admin/customers/${a.id}/ban`, support.cookie, { reason: 'Spam.' });
    const all = (await get('/api/admin/customers?search=findme', support.cookie)).json();
    expect(all.customers.map((c: { email: string }) => c.email).sort()).toEqual(['findme-one@test.example', 'findme-two@test.example']);
    const banned = (await get('/api/admin/customers?search=FINDME&status=banned', support.cookie)).json();
    expect(banned.customers).toEqual([expect.objectContaining({ email: 'findme-one@test.example', banReason: 'Spam.' })]);
    // Merchants and admins are not customers.
    expect((await get(`/api/admin/customers?search=${encodeURIComponent(support.user.email)}`, support.cookie)).json().total).toBe(0);
  });

  it('bans customers only, with a reason, once; owners and support may, finance may not', async () => {
    const customer = await t.createUser('customer');
    const url = `/api/admin/customers/${customer.id}/ban`;
    expect((await post(url, support.cookie, {})).json().error.fields.reason).toBe(SANCTION_MESSAGES.reasonRequired);
    expect((await post(`/api/admin/customers/${support.user.id}/ban`, support.cookie, { reason: 'An admin.' })).statusCode).toBe(404);
    const merchant = await createMerchantSession(t);
    expect((await post(`/api/admin/customers/${merchant.user.id}/ban`, support.cookie, { reason: 'A merchant.' })).statusCode).toBe(404);
    const finance = await t.loginAs('admin', { adminRole: 'finance' });
    expect((await post(url, finance.cookie, { reason: 'Not mine to do.' })).statusCode).toBe(403);
    const owner = await t.loginAs('admin', { adminRole: 'owner' });
    expect((await post(url, owner.cookie, { reason: 'Once.' })).statusCode).toBe(200);
    const again = await post(url, support.cookie, { reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SANCTION_MESSAGES.alreadyBanned);
    expect((await post(`/api/admin/customers/${customer.id}/unban`, support.cookie)).statusCode).toBe(200);
    expect((await post(`/api/admin/customers/${customer.id}/unban`, support.cookie)).statusCode).toBe(409);
  });
});
