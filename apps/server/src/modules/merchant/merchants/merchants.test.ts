import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { hasMessagingAccess } from '@localperks/shared';
import { merchantRegistrationRequests, merchants, notifications, users } from '../../../db/schema';
import { setPasswordHashCost } from '../../../lib/crypto';
import { build, ORIGIN, rowsOf, sessionCookie } from '../../../../test/build';

const t = await build();
const db = t.database.db;

const form = (o: Record<string, unknown> = {}) => ({
  email: `shop-${Math.random().toString(36).slice(2, 8)}@test.example`,
  password: 'Merch4ntPass',
  confirmPassword: 'Merch4ntPass',
  businessName: 'Lakeview Bakery',
  description: 'Sourdough, croissants and seasonal pies baked every morning.',
  website: 'https://lakeview-bakery.example',
  phone: '(312) 555-0142',
  city: 'Chicago',
  state: 'IL',
  addressLine1: '233 S Wacker Dr',
  zip: '60606',
  plan: 'deals_messaging',
  acceptTerms: true,
  ...o,
});
const register = (payload: object) => t.request({ method: 'POST', url: '/api/merchants/register', payload });
/** The answer names no ids (it is the same for a taken address): the records are found by e-mail. */
async function registered(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const [request] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.userId, user!.id));
  const [merchant] = await db.select().from(merchants).where(eq(merchants.userId, user!.id));
  return { userId: user!.id, registrationId: request!.id, merchantId: merchant!.id };
}

describe('merchant registration', () => {
  it('creates the merchant user, a pending request, an unapproved merchant and admin notifications, and sends the mails', async () => {
    const admin = await t.createUser('admin');
    const body = form();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const { userId, registrationId, merchantId } = await registered(body.email);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: body.email, role: 'merchant', emailVerifiedAt: null, name: 'Lakeview Bakery' });
    const [request] = await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.id, registrationId));
    expect(request).toMatchObject({
      userId,
      status: 'pending',
      requiresMerchantResponse: false,
      plan: 'deals_messaging',
      businessName: 'Lakeview Bakery',
      phone: '(312) 555-0142',
      website: 'https://lakeview-bakery.example',
    });
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(merchant).toMatchObject({
      userId,
      approved: false,
      hasSubscription: false,
      subscriptionPlan: 'deals_messaging',
      commissionRate: 15,
    });
    // Messaging comes with the plan only once the merchant is approved.
    expect(hasMessagingAccess(merchant!, new Date())).toBe(false);
    const notes = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(notes).toEqual([expect.objectContaining({ type: 'merchant_registration', entityId: registrationId })]);
    expect((await t.lastMail(body.email, 'email_verification'))?.text).toContain('/auth/callback?type=signup&token=');
    expect((await t.lastMail(admin.email, 'admin_merchant_registration'))?.subject).toBe('New merchant registration: Lakeview Bakery');
  });

  it('records the plan and its commission, with no subscription until paid and no messaging before approval', async () => {
    for (const [plan, commission] of [
      ['advertise_only', 0],
      ['advertise_messaging', 0],
    ] as const) {
      const body = form({ plan, website: '' });
      await register(body);
      const [merchant] = await db
        .select()
        .from(merchants)
        .where(eq(merchants.id, (await registered(body.email)).merchantId));
      expect(merchant).toMatchObject({
        subscriptionPlan: plan,
        hasSubscription: false,
        commissionRate: commission,
        website: null,
      });
      expect(hasMessagingAccess({ ...merchant!, approved: true }, new Date())).toBe(false);
    }
    // The plan defaults to advertise_only.
    const { plan: _p, ...noPlan } = form();
    await register(noPlan);
    const { merchantId } = await registered(noPlan.email);
    expect((await db.select().from(merchants).where(eq(merchants.id, merchantId)))[0]!.subscriptionPlan).toBe('advertise_only');
  });

  it('answers each bad field with the spec’s message and creates nothing', async () => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(merchantRegistrationRequests))[0]!.n;
    const res = await register(
      form({
        email: 'nope',
        password: 'short',
        confirmPassword: 'other',
        businessName: 'X',
        description: 'Too short',
        website: 'not a url',
        phone: ' ',
        city: 'C',
        state: 'I',
        plan: 'gold',
        acceptTerms: false,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      email: 'Please enter a valid email address.',
      password: 'Password must be at least 8 characters.',
      businessName: 'Business name must be at least 2 characters.',
      description: 'Description must be at least 10 characters.',
      website: 'Please enter a valid URL.',
      phone: 'Phone number is required.',
      city: 'City must be at least 2 characters.',
      state: 'State must be at least 2 characters.',
      plan: 'Please select a subscription plan.',
      acceptTerms: 'You must accept the terms and conditions.',
    });
    expect((await register(form({ confirmPassword: 'Merch4ntPasz' }))).json().error.fields.confirmPassword).toBe("Passwords don't match");
    expect((await register(form({ password: 'merch4ntpass', confirmPassword: 'merch4ntpass' }))).json().error.fields.password).toBe(
      'Password must contain at least one uppercase letter.',
    );
    expect((await register(form({ password: 'MerchantPass', confirmPassword: 'MerchantPass' }))).json().error.fields.password).toBe(
      'Password must contain at least one number.',
    );
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(merchantRegistrationRequests))[0]!.n).toBe(before);
  });

  it('answers an e-mail that already has an account exactly like a new one, creates nothing and warns the owner', async () => {
    const existing = await t.createUser('customer');
    const fresh = await register(form());
    const taken = await register(form({ email: existing.email }));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.email, existing.email))).toEqual([]);
    expect((await db.select().from(users).where(eq(users.email, existing.email)))[0]!.role).toBe('customer');
    const warning = await t.lastMail(existing.email, 'signup_existing_account');
    expect(warning?.subject).toBe('Someone tried to register with your LocalPerks address');
    expect(warning?.text).toContain('Someone tried to register a business on LocalPerks with your email address');
    expect(await t.lastMail(existing.email, 'email_verification')).toBeUndefined();
  });

  it('for a taken address, makes a new registration’s writes in a savepoint it rolls back: nothing of them stays', async () => {
    await t.createUser('admin');
    const existing = await t.createUser('merchant');
    const count = async (table: string) =>
      (await rowsOf<{ n: number }>(t.database, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
    const tables = ['users', 'merchants', 'merchant_registration_requests', 'notifications', 'email_outbox', 'live_events'];
    const before = Object.fromEntries(await Promise.all(tables.map(async (x) => [x, await count(x)])));
    // The writes were made (the admin's bell event took a sequence value, which a rollback does not give back).
    const lastEvent = async () =>
      Number((await rowsOf<{ last_value: string }>(t.database, sql.raw(`select last_value from live_events_id_seq`)))[0]!.last_value);
    const eventBefore = await lastEvent();
    expect((await register(form({ email: existing.email }))).statusCode).toBe(201);
    const after = Object.fromEntries(await Promise.all(tables.map(async (x) => [x, await count(x)])));
    // Only the owner's warning mail is new.
    expect(after).toEqual({ ...before, email_outbox: before.email_outbox + 1 });
    expect(
      await db
        .select()
        .from(users)
        .where(sql`${users.email} like 'stand-in-%'`),
    ).toEqual([]);
    expect(await lastEvent()).toBeGreaterThan(eventBefore);
  });

  it('writes the account, request, merchant and mails before answering: the merchant signs in right after the 201 (docs/decisions/0052)', async () => {
    const admin = await t.createUser('admin');
    const body = form();
    // app.inject, not t.request: nothing that runs after the answer has had a chance to run. At the production
    // hashing cost, as a real registration pays it (work left for after the answer would still be hashing).
    setPasswordHashCost('standard');
    try {
      const answer = await t.app.inject({ method: 'POST', url: '/api/merchants/register', headers: { origin: ORIGIN }, payload: body });
      expect(answer.statusCode).toBe(201);
      expect(await db.select({ role: users.role }).from(users).where(eq(users.email, body.email))).toEqual([{ role: 'merchant' }]);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: ORIGIN },
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/merchant/me', headers: { cookie: sessionCookie(login) } });
      expect(me.json()).toMatchObject({ merchant: { businessName: 'Lakeview Bakery' }, registration: { status: 'pending' } });
      expect(await t.lastMail(body.email, 'email_verification')).toBeDefined();
      expect(await t.lastMail(admin.email, 'admin_merchant_registration')).toBeDefined();
      await t.app.afterResponse.settled();
    } finally {
      setPasswordHashCost('low');
    }
  });

  it('leaves nothing half-created when a step fails', async () => {
    // Make the merchant insert fail for one business name, after the user and the request were written.
    await db.execute(
      sql`create or replace function fail_merchant_insert() returns trigger language plpgsql as $$ begin if new.business_name = 'Broken Bistro' then raise exception 'merchant insert failed'; end if; return new; end $$`,
    );
    await db.execute(
      sql`create trigger fail_merchant_insert before insert on merchants for each row execute function fail_merchant_insert()`,
    );
    const body = form({ businessName: 'Broken Bistro' });
    const res = await register(body);
    // The registration is written before the answer (docs/decisions/0052-durable-sign-ups.md): a failed write is
    // not acknowledged as a success, which would be a lost sign-up. The failure says nothing about the address.
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expect(await db.select().from(users).where(eq(users.email, body.email))).toEqual([]);
    expect(await db.select().from(merchantRegistrationRequests).where(eq(merchantRegistrationRequests.email, body.email))).toEqual([]);
    expect(await t.lastMail(body.email)).toBeUndefined();
    await db.execute(sql`drop trigger fail_merchant_insert on merchants`);
  });

  it('shows the signed-in merchant only their own records', async () => {
    const body = form({ plan: 'advertise_messaging' });
    await register(body);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: body.password } });
    const me = await t.request({ method: 'GET', url: '/api/merchant/me', cookie: sessionCookie(login) });
    expect(me.json()).toMatchObject({
      emailVerified: false,
      merchant: {
        businessName: 'Lakeview Bakery',
        approved: false,
        subscriptionPlan: 'advertise_messaging',
        hasMessaging: false,
        hasSubscription: false,
        messagingAccess: false,
        paymentRequired: true,
      },
      registration: { status: 'pending', requiresMerchantResponse: false, rejectionReason: null, email: body.email },
    });
    const customer = await t.loginAs('customer');
    expect((await t.request({ method: 'GET', url: '/api/merchant/me', cookie: customer.cookie })).statusCode).toBe(403);
    // A merchant account without any records gets empty states (the dashboard's "No merchant profile found").
    const bare = await t.loginAs('merchant');
    expect((await t.request({ method: 'GET', url: '/api/merchant/me', cookie: bare.cookie })).json()).toMatchObject({
      merchant: null,
      registration: null,
    });
  });
});
