import { randomUUID } from 'node:crypto';
import { discountPercent, DAY_MS } from '@localperks/shared';
import type { Db } from '../src/db/client';
import { eq } from 'drizzle-orm';
import { dealOptions, deals, merchantStaff, merchants, orders, purchases, sessions } from '../src/db/schema';
import { createUser } from '../src/modules/accounts';
import { saveDealOptions } from '../src/modules/catalog';
import { postSales } from '../src/modules/money';
import { randomToken, sha256 } from '../src/lib/crypto';
import { TEST_PASSWORD, sessionCookie, type TestApp } from './build';

export async function createMerchant(db: Db, overrides: Partial<typeof merchants.$inferInsert> = {}) {
  const user = await createUser(
    db,
    {
      email: `m-${randomUUID().slice(0, 8)}@test.example`,
      password: TEST_PASSWORD,
      role: 'merchant',
      verified: true,
    },
    new Date(),
  );
  const [m] = await db
    .insert(merchants)
    .values({
      userId: user.id,
      businessName: 'Test Bistro',
      city: 'Chicago',
      state: 'IL',
      subscriptionPlan: 'deals_messaging',
      approved: true,
      commissionRate: 15,
      ...overrides,
    })
    .returning();
  return { merchant: m!, user };
}

/** A merchant (as createMerchant makes it) signed in on `t`: its user and merchant rows plus a session cookie. */
export async function createMerchantSession(t: TestApp, overrides: Partial<typeof merchants.$inferInsert> = {}) {
  const m = await createMerchant(t.database.db, overrides);
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: m.user.email, password: TEST_PASSWORD } });
  return { ...m, cookie: sessionCookie(res) };
}

/**
 * A staff member of a business who joined it (as accepting the owner's mailed invitation makes one), signed in:
 * a merchant account of their own and a live membership with `role` (docs/decisions/0062-roles-and-staff.md).
 */
export async function createStaffSession(t: TestApp, merchantId: string, role: 'manager' | 'redeemer') {
  const user = await t.createUser('merchant', { name: `Test ${role}` });
  await t.database.db.insert(merchantStaff).values({
    merchantId,
    email: user.email,
    role,
    userId: user.id,
    inviteSelector: randomToken(12),
    inviteVerifierHash: sha256(randomToken(16)),
    inviteExpiresAt: new Date(Date.now() + DAY_MS),
    acceptedAt: new Date(),
  });
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
  return { user, cookie: sessionCookie(res) };
}

export type DealOverrides = Partial<typeof deals.$inferInsert>;

export async function createDeal(db: Db, merchantId: string, o: DealOverrides = {}) {
  const original = o.originalPriceCents ?? 10_000;
  const price = o.dealPriceCents ?? 6_000;
  const title = o.title ?? `Deal ${randomUUID().slice(0, 6)}`;
  const description = o.description ?? 'A very good local deal.';
  const [d] = await db
    .insert(deals)
    .values({
      merchantId,
      title,
      description,
      categoryId: 1,
      city: 'Chicago',
      state: 'IL',
      originalPriceCents: original,
      dealPriceCents: price,
      discountPercentage: discountPercent(original, price),
      expirationDate: new Date(Date.now() + 30 * DAY_MS),
      ...o,
    })
    .returning();
  return d!;
}

export async function createBoostDeal(db: Db, merchantId: string, votesRequired: number, currentVotes = 0, o: DealOverrides = {}) {
  return createDeal(db, merchantId, {
    type: 'perkboost',
    status: 'pending',
    votesRequired,
    currentVotes,
    votingEndDate: new Date(Date.now() + 7 * DAY_MS),
    boostDays: 7,
    ...o,
  });
}

export const TEST_BILLING = { cardName: 'Pat Customer', address: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601', notes: '' };
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Pat Customer' };

/** Buys through the real flow (checkout, sandbox card page, signed webhook); returns the purchases made. */
export async function buy(t: TestApp, cookie: string, items: { dealId: string; optionId?: string; quantity: number }[]) {
  const started = await t.request({ method: 'POST', url: '/api/checkout', cookie, payload: { items, billing: TEST_BILLING } });
  if (started.statusCode !== 200) throw new Error(`checkout failed: ${started.body}`);
  const { url, orderId } = started.json<{ url: string; orderId: string }>();
  const paid = await t.request({
    method: 'POST',
    url: `/api/sandbox/sessions/${url.split('/sandbox/checkout/')[1]}/pay`,
    payload: TEST_CARD,
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return t.database.db.select().from(purchases).where(eq(purchases.orderId, orderId));
}

/**
 * `n` signed-in customers at once, their sessions written straight to the database (as a sign-in
 * writes them): parallel tests need many customers without n sign-ins through the rate-limited route.
 */
export async function customerCookies(t: TestApp, n: number): Promise<{ id: string; cookie: string }[]> {
  const out: { id: string; cookie: string }[] = [];
  for (let i = 0; i < n; i++) {
    const user = await t.createUser('customer');
    const token = randomToken(32);
    await t.database.db.insert(sessions).values({ id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
    out.push({ id: user.id, cookie: `lp_session=${token}` });
  }
  return out;
}

/** A deal with options (docs/decisions/0047) written as the merchant's form writes them. */
export async function createDealWithOptions(
  db: Db,
  merchantId: string,
  options: { title: string; originalPriceCents: number; dealPriceCents: number; stock?: number | null }[],
  o: DealOverrides = {},
) {
  const deal = await createDeal(db, merchantId, o);
  await db.transaction((tx) =>
    saveDealOptions(
      tx,
      deal.id,
      options.map((x) => ({ ...x, stock: x.stock ?? null })),
      new Date(),
    ),
  );
  const rows = await db.select().from(dealOptions).where(eq(dealOptions.dealId, deal.id)).orderBy(dealOptions.position);
  return { deal, options: rows.filter((r) => !r.removedAt) };
}

/**
 * Sales of a merchant at given instants (ISO strings), written as checkout writes them: one paid order,
 * one purchase per unit with its commission (`rate` per cent), and the sales and commission posted to
 * the ledger, as checkout does in its transaction.
 */
export async function sellAt(t: TestApp, merchantId: string, sales: { at: string; priceCents: number; rate: number }[]) {
  const db = t.database.db;
  const customer = await t.createUser('customer');
  const deal = await createDeal(db, merchantId);
  const total = sales.reduce((s, x) => s + x.priceCents, 0);
  const [order] = await db
    .insert(orders)
    .values({
      userId: customer.id,
      status: 'paid',
      provider: 'sandbox',
      subtotalCents: total,
      taxCents: 0,
      totalCents: total,
      billing: TEST_BILLING,
      expiresAt: new Date(),
      paidAt: new Date(),
    })
    .returning();
  const rows = await db
    .insert(purchases)
    .values(
      sales.map((s) => ({
        orderId: order!.id,
        userId: customer.id,
        dealId: deal.id,
        merchantId,
        dealTitle: deal.title,
        priceCents: s.priceCents,
        commissionRate: s.rate,
        commissionCents: Math.round((s.priceCents * s.rate) / 100),
        redemptionCode: randomUUID(),
        purchasedAt: new Date(s.at),
        expirationDate: new Date(Date.parse(s.at) + 90 * DAY_MS),
      })),
    )
    .returning();
  await db.transaction((tx) => postSales(tx, rows));
  return rows;
}
