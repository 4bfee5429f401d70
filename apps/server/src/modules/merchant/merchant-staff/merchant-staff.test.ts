import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_MESSAGES, DAY_MS, STAFF_INVITE_TTL_MS, STAFF_MESSAGES } from '@localperks/shared';
import { adminAuditLog, purchases, sessions, users } from '../../../db/schema';
import { build, linkFrom, sessionCookie, TEST_PASSWORD } from '../../../../test/build';
import { mutableClock } from '../../../../test/clock';
import { buy, createDeal, createMerchantSession } from '../../../../test/factories';
import { openSse } from '../../../../test/sse';
import { dealInput } from '../../../../test/uploads';

/*
 * Staff for merchants (docs/decisions/0062-roles-and-staff.md): the owner invites by e-mail as redeemer or manager,
 * the staff member accepts from the mailed link with an account of their own, works where the role allows,
 * every redemption records who made it, and removal ends their sessions at once.
 */

const clock = mutableClock();
const t = await build({ clock });
const db = t.database.db;
const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | undefined, payload?: object) =>
  t.request({ method, url, cookie, payload: payload ?? {} });
const invite = (cookie: string, email: string, role: 'redeemer' | 'manager') =>
  send('POST', '/api/merchant/staff', cookie, { email, role });

/** The token of the newest invitation mailed to `email`, as its link carries it. */
async function tokenFor(email: string) {
  const mail = await t.lastMail(email, 'staff_invite');
  return linkFrom(mail!.text, '/merchant/staff/accept').searchParams.get('token')!;
}

async function accept(email: string, name = 'Riley Counter') {
  const res = await send('POST', '/api/staff-invites/accept', undefined, { token: await tokenFor(email), name, password: 'Counter2025' });
  return { res, cookie: res.statusCode === 200 ? sessionCookie(res) : '' };
}

describe('merchant staff', () => {
  it('a redeemer invited by e-mail accepts with an account of its own, redeems (recorded as theirs) and sees only the counter', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Counter Cafe' });
    const invited = await invite(owner.cookie, 'Riley@Test.example', 'redeemer');
    expect(invited.statusCode).toBe(201);
    expect(invited.json().member).toMatchObject({ email: 'riley@test.example', role: 'redeemer', status: 'invited', name: null });
    const mail = await t.lastMail('riley@test.example', 'staff_invite');
    expect(mail!.subject).toBe('Counter Cafe invites you to its LocalPerks staff');
    const token = await tokenFor('riley@test.example');
    expect((await send('POST', '/api/staff-invites/preview', undefined, { token })).json()).toEqual({
      businessName: 'Counter Cafe',
      email: 'riley@test.example',
      role: 'redeemer',
    });
    const { res, cookie } = await accept('riley@test.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'riley@test.example',
      name: 'Riley Counter',
      role: 'merchant',
      merchantRole: 'redeemer',
    });
    // Its own account and password: it signs in by itself.
    const login = await send('POST', '/api/auth/login', undefined, { email: 'riley@test.example', password: 'Counter2025' });
    expect(login.json().user).toMatchObject({ merchantRole: 'redeemer' });
    expect((await get('/api/merchant/staff', owner.cookie)).json().staff).toEqual([
      expect.objectContaining({ email: 'riley@test.example', name: 'Riley Counter', role: 'redeemer', status: 'active' }),
    ]);

    // The counter: a customer's voucher of this business, redeemed by the redeemer, is recorded as theirs.
    const deal = await createDeal(db, owner.merchant.id, { title: 'Counter Cafe Brunch' });
    const customer = await t.loginAs('customer', { name: 'Casey Buyer' });
    const [voucher, other] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 2 }]);
    expect((await send('POST', '/api/merchant/redemptions/lookup', cookie, { code: voucher!.redemptionCode })).json().status).toBe(
      'redeemable',
    );
    expect((await send('POST', '/api/merchant/redemptions', cookie, { code: voucher!.redemptionCode })).json().status).toBe('redeemed');
    expect((await send('POST', '/api/merchant/redemptions', owner.cookie, { code: other!.redemptionCode })).statusCode).toBe(200);
    const staffUser = (await db.select().from(users).where(eq(users.email, 'riley@test.example')))[0]!;
    expect((await db.select().from(purchases).where(eq(purchases.id, voucher!.id)))[0]!.redeemedBy).toBe(staffUser.id);
    expect((await db.select().from(purchases).where(eq(purchases.id, other!.id)))[0]!.redeemedBy).toBe(owner.user.id);
    const today = (await get('/api/merchant/redemptions/today?tz=America/Chicago', cookie)).json();
    expect(today.redemptions.map((r: { purchaseId: string; redeemedBy: string }) => [r.purchaseId, r.redeemedBy]).sort()).toEqual(
      [
        [voucher!.id, 'Riley Counter'],
        // The factory's owner has no name: shown by its address.
        [other!.id, owner.user.email.split('@')[0]],
      ].sort(),
    );
    expect(today.redemptions[0]).toMatchObject({ dealTitle: 'Counter Cafe Brunch', customerName: 'Casey Buyer' });
    expect(today.redemptions[0].redemptionCode).toMatch(/^\*{4}.{4}$/);
    // Nothing else: no payouts, billing, dashboard, deals or staff.
    for (const url of [
      '/api/merchant/payouts',
      '/api/merchant/billing',
      '/api/merchant/me',
      '/api/merchant/deals',
      '/api/merchant/staff',
    ]) {
      const refused = await get(url, cookie);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.message).toBe(ACCESS_MESSAGES.merchantRole('redeemer'));
    }
    const actions = (await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, invited.json().member.id))).map((a) => [
      a.action,
      a.adminId,
    ]);
    expect(actions.sort()).toEqual(
      [
        ['staff.invited', owner.user.id],
        ['staff.joined', staffUser.id],
      ].sort(),
    );
  });

  it('a manager runs the business but not its billing, payouts or staff; the owner changes a role and it applies at once', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Managed Bistro' });
    await invite(owner.cookie, 'morgan-manager@test.example', 'manager');
    const { cookie } = await accept('morgan-manager@test.example', 'Morgan Manager');
    expect((await get('/api/merchant/me', cookie)).json().merchant).toMatchObject({
      id: owner.merchant.id,
      businessName: 'Managed Bistro',
    });
    expect((await get('/api/merchant/deals', cookie)).statusCode).toBe(200);
    expect((await get('/api/merchant/analytics', cookie)).statusCode).toBe(200);
    expect((await get('/api/merchant/business-profile', cookie)).statusCode).toBe(200);
    for (const url of [
      '/api/merchant/payouts',
      '/api/merchant/billing',
      '/api/merchant/charges',
      '/api/merchant/staff',
      '/api/merchant/boosts/listing',
    ])
      expect((await get(url, cookie)).statusCode, url).toBe(403);
    expect((await send('POST', '/api/merchant/plan', cookie, { plan: 'advertise_only' })).statusCode).toBe(403);
    // The profile: yes; its plan (billing): no. Deals: yes; a paid PerkBoost launch: no.
    const profile = {
      businessName: 'Managed Bistro',
      description: 'A bistro run by its manager.',
      website: '',
      phone: '(312) 555-0188',
      city: 'Chicago',
      state: 'IL',
    };
    expect(
      (await t.request({ method: 'PUT', url: '/api/merchant/profile', cookie, payload: { ...profile, plan: 'deals_messaging' } }))
        .statusCode,
    ).toBe(200);
    const planChange = await t.request({
      method: 'PUT',
      url: '/api/merchant/profile',
      cookie,
      payload: { ...profile, plan: 'advertise_only' },
    });
    expect(planChange.statusCode).toBe(403);
    expect(planChange.json().error.message).toBe(ACCESS_MESSAGES.merchantRole('manager'));
    expect((await send('POST', '/api/merchant/deals', cookie, dealInput({ title: 'Manager’s lunch' }))).statusCode).toBe(201);
    const launch = await send(
      'POST',
      '/api/merchant/deals',
      cookie,
      dealInput({ title: 'Manager’s launch', boost: { boostDays: 7, votesRequired: 60 } }),
    );
    expect(launch.statusCode).toBe(403);
    const [member] = (await get('/api/merchant/staff', owner.cookie)).json().staff;
    const changed = await send('PATCH', `/api/merchant/staff/${member.id}`, owner.cookie, { role: 'redeemer' });
    expect(changed.json().member).toMatchObject({ role: 'redeemer', status: 'active', name: 'Morgan Manager' });
    expect((await get('/api/merchant/deals', cookie)).statusCode).toBe(403);
    expect((await get('/api/merchant/redemptions/today', cookie)).statusCode).toBe(200);
    // Another business's owner cannot touch this staff.
    const stranger = await createMerchantSession(t);
    expect((await send('PATCH', `/api/merchant/staff/${member.id}`, stranger.cookie, { role: 'manager' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/merchant/staff/${member.id}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('removing a staff member ends their sessions and streams at once and refuses their sign-in; their redemptions still name them', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Removal Diner' });
    await invite(owner.cookie, 'gone@test.example', 'manager');
    const first = await accept('gone@test.example', 'Gone Soon');
    const second = sessionCookie(await send('POST', '/api/auth/login', undefined, { email: 'gone@test.example', password: 'Counter2025' }));
    const stream = await openSse(`http://127.0.0.1:${port}/api/events/messages`, { cookie: second });
    const deal = await createDeal(db, owner.merchant.id);
    const customer = await t.loginAs('customer');
    const [voucher] = await buy(t, customer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    await send('POST', '/api/merchant/redemptions', first.cookie, { code: voucher!.redemptionCode });

    const [member] = (await get('/api/merchant/staff', owner.cookie)).json().staff;
    expect((await send('DELETE', `/api/merchant/staff/${member.id}`, owner.cookie)).json()).toEqual({ ok: true });
    for (const cookie of [first.cookie, second]) expect((await get('/api/merchant/deals', cookie)).statusCode).toBe(401);
    await stream.ended;
    const gone = (await db.select().from(users).where(eq(users.email, 'gone@test.example')))[0]!;
    expect(await db.select().from(sessions).where(eq(sessions.userId, gone.id))).toHaveLength(0);
    const login = await send('POST', '/api/auth/login', undefined, { email: 'gone@test.example', password: 'Counter2025' });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(ACCESS_MESSAGES.staffRemoved);
    expect((await get('/api/merchant/staff', owner.cookie)).json().staff).toEqual([]);
    expect((await get('/api/merchant/redemptions/today', owner.cookie)).json().redemptions[0].redeemedBy).toBe('Gone Soon');
    expect((await db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, member.id))).map((a) => a.action)).toContain(
      'staff.removed',
    );

    // Invited again later, the former staff member's link sets a new password and joins them again.
    await invite(owner.cookie, 'gone@test.example', 'redeemer');
    const again = await send('POST', '/api/staff-invites/accept', undefined, {
      token: await tokenFor('gone@test.example'),
      name: 'Back Again',
      password: 'Returned2026',
    });
    expect(again.json().user).toMatchObject({ merchantRole: 'redeemer', name: 'Back Again' });
    expect((await send('POST', '/api/auth/login', undefined, { email: 'gone@test.example', password: 'Returned2026' })).statusCode).toBe(
      200,
    );
  });

  it('an invitation: someone else’s account is refused, one per address, and its link works once, until it expires or is withdrawn', async () => {
    const owner = await createMerchantSession(t, { businessName: 'Careful Cakes' });
    const customer = await t.createUser('customer');
    const taken = await invite(owner.cookie, customer.email, 'redeemer');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.email).toBe(STAFF_MESSAGES.emailTaken);
    // Another business's owner is not staff material either.
    const otherOwner = await createMerchantSession(t);
    expect((await invite(owner.cookie, otherOwner.user.email, 'manager')).statusCode).toBe(409);
    expect((await invite(owner.cookie, 'twice@test.example', 'redeemer')).statusCode).toBe(201);
    const twice = await invite(owner.cookie, 'TWICE@test.example', 'manager');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(STAFF_MESSAGES.alreadyInvited);
    expect((await invite(owner.cookie, 'not-an-address', 'redeemer')).statusCode).toBe(400);
    expect((await invite(owner.cookie, 'x@test.example', 'owner' as 'manager')).statusCode).toBe(400);

    // A wrong verifier, then the right one once.
    const token = await tokenFor('twice@test.example');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect(
      (await send('POST', '/api/staff-invites/accept', undefined, { token: forged, name: 'Mallory', password: 'Forged2025' })).json().error,
    ).toMatchObject({
      code: 'TOKEN_INVALID',
      message: STAFF_MESSAGES.inviteInvalid,
    });
    expect((await accept('twice@test.example')).res.statusCode).toBe(200);
    expect((await accept('twice@test.example')).res.json().error).toMatchObject({ code: 'TOKEN_USED', message: STAFF_MESSAGES.inviteUsed });
    // A weak password is refused with the sign-up rule, and joins nothing.
    await invite(owner.cookie, 'weak@test.example', 'redeemer');
    const weak = await send('POST', '/api/staff-invites/accept', undefined, {
      token: await tokenFor('weak@test.example'),
      name: 'Weak',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(await db.select().from(users).where(eq(users.email, 'weak@test.example'))).toHaveLength(0);

    // Expired after its time.
    await invite(owner.cookie, 'late@test.example', 'redeemer');
    clock.set(Date.now() + STAFF_INVITE_TTL_MS + DAY_MS);
    expect((await accept('late@test.example')).res.json().error).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: STAFF_MESSAGES.inviteExpired,
    });
    clock.useRealTime();
    const listed = (await get('/api/merchant/staff', owner.cookie)).json().staff;
    // Withdrawn: the link stops working.
    const late = listed.find((m: { email: string }) => m.email === 'late@test.example');
    await send('DELETE', `/api/merchant/staff/${late.id}`, owner.cookie);
    expect((await accept('late@test.example')).res.json().error.code).toBe('TOKEN_INVALID');
    // Managers and redeemers do not manage staff.
    const weakToken = await tokenFor('weak@test.example');
    const manager = await send('POST', '/api/staff-invites/accept', undefined, {
      token: weakToken,
      name: 'Weak Once',
      password: TEST_PASSWORD,
    });
    expect(manager.statusCode).toBe(200);
    expect((await invite(sessionCookie(manager), 'more@test.example', 'redeemer')).statusCode).toBe(403);
  });
});
