import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { buy, createDeal, createMerchant, createMerchantSession } from '../../../../test/factories';
import { NY, tableChecks, within } from '../../../../test/table-checks';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The admin console's tables after orders (issue 32): customers, merchants, deals, vouchers, refunds and payouts.
 * Each one's page (its filters, sorts and searches) is checked against SQL written by hand, and its CSV export
 * against the same rows. The engine's quoting, formulas and flat memory are proven on the orders table
 * (console-tables.test.ts); here each table's export is checked for its headers, its rows and a formula cell.
 */

const t = await build();
const db = t.database.db;
const owner = await t.loginAs('admin');
const support = await t.loginAs('admin', { adminRole: 'support' });
const finance = await t.loginAs('admin', { adminRole: 'finance' });
/** The clock's "now" (vouchers expire against it). */
const now = new Date();

// Three businesses: approved, waiting for approval, suspended; one name a spreadsheet would run.
const cafe = await createMerchant(db, {
  businessName: 'Zoë’s Café',
  city: 'Chicago',
  state: 'IL',
  createdAt: new Date('2026-11-02T15:00:00Z'),
});
const bikes = await createMerchant(db, {
  businessName: 'Bolt Bikes, Inc.',
  city: 'Denver',
  state: 'CO',
  approved: false,
  createdAt: new Date('2026-11-10T15:00:00Z'),
});
const spa = await createMerchant(db, {
  businessName: '=Suspended Spa',
  city: 'Austin',
  state: 'TX',
  suspendedAt: new Date('2026-11-20T12:00:00Z'),
  suspensionReason: 'Test',
  createdAt: new Date('2026-11-15T15:00:00Z'),
});
const businesses = [cafe, bikes, spa];

// Customers: active, unverified, banned, and one with a formula for a name.
const customers = [
  await t.createUser('customer', { name: 'Ana Active', email: 'ana@tables.example' }),
  await t.createUser('customer', { name: 'Uma Unverified', email: 'uma@tables.example', verified: false }),
  await t.createUser('customer', { name: 'Ben Banned', email: 'ben@tables.example' }),
  await t.createUser('customer', { name: '@SUM(A1:A9)', email: 'formula@tables.example' }),
];
await db.execute(sql`update users set banned_at = now(), ban_reason = 'abuse' where id = ${customers[2]!.id}`);
for (const [i, c] of customers.entries())
  await db.execute(
    sql`update users set created_at = ${`2026-11-${String(3 + i * 5).padStart(2, '0')}T15:00:00Z`}::timestamptz where id = ${c.id}`,
  );

// Deals: two a business, in several states.
const STATUSES = ['active', 'paused', 'expired', 'removed', 'active', 'scheduled'] as const;
const deals: Awaited<ReturnType<typeof createDeal>>[] = [];
for (let i = 0; i < 6; i++)
  deals.push(
    await createDeal(db, businesses[i % 3]!.merchant.id, {
      title: i === 1 ? 'Tune-up 100% off' : `Table deal ${i}`,
      status: STATUSES[i],
      dealPriceCents: 1000 + i * 700,
      originalPriceCents: 10_000,
      discountPercentage: 90 - i * 7,
      createdAt: new Date(`2026-11-${String(1 + i * 4).padStart(2, '0')}T15:00:00Z`),
    }),
  );

/** A paid order of one voucher of `deal` for `customer`, bought on November `day`, with its order line. */
type Sale = { orderId: string; itemId: string; purchaseId: string; dealId: string; at: string };
async function sell(
  i: number,
  customerId: string,
  deal: (typeof deals)[number],
  day: number,
  state: 'active' | 'redeemed' | 'expired' | 'refunded' | 'forfeited',
) {
  const at = `2026-11-${String(day).padStart(2, '0')}T15:00:00Z`;
  const [o] = await sqlRows<{ id: string }>(
    db,
    sql`insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, billing, expires_at, created_at, paid_at)
      values (${customerId}, 'paid', 'sandbox', ${`cs_tables_${i}`}, ${deal.dealPriceCents}, 0, ${deal.dealPriceCents}, '{}'::jsonb, now(), ${at}::timestamptz, ${at}::timestamptz)
      returning id`,
  );
  const [item] = await sqlRows<{ id: string }>(
    db,
    sql`insert into order_items (order_id, deal_id, title, unit_price_cents, quantity) values (${o!.id}, ${deal.id}, ${deal.title}, ${deal.dealPriceCents}, 1) returning id`,
  );
  const expires = state === 'expired' ? new Date(now.getTime() - 86_400_000) : new Date(now.getTime() + 30 * 86_400_000);
  const [p] = await sqlRows<{ id: string }>(
    db,
    sql`insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, commission_rate, commission_cents, redemption_code,
        purchased_at, expiration_date, redeemed_at, refunded_at, forfeited_at)
      values (${o!.id}, ${customerId}, ${deal.id}, ${deal.merchantId}, ${deal.title}, ${deal.dealPriceCents}, 15, ${Math.round(deal.dealPriceCents * 0.15)},
        ${`LP-TBL${String(i).padStart(3, '0')}`}, ${at}::timestamptz, ${expires.toISOString()}::timestamptz,
        ${state === 'redeemed' ? at : null}::timestamptz, ${state === 'refunded' ? at : null}::timestamptz, ${state === 'forfeited' ? at : null}::timestamptz)
      returning id`,
  );
  return { orderId: o!.id, itemId: item!.id, purchaseId: p!.id, dealId: deal.id, at };
}
const VOUCHER_STATES = ['active', 'redeemed', 'expired', 'refunded', 'forfeited', 'active', 'refunded', 'redeemed'] as const;
const sales: Sale[] = [];
for (let i = 0; i < 16; i++) sales.push(await sell(i, customers[i % 4]!.id, deals[i % 6]!, 1 + i, VOUCHER_STATES[i % 8]!));

// Refunds of the refunded vouchers and of one order line: pending and paid back, with the provider's id.
for (const [i, s] of sales.entries()) {
  if (VOUCHER_STATES[i % 8] !== 'refunded') continue;
  const paid = i % 2 === 1;
  await db.execute(sql`
    insert into order_refunds (order_id, order_item_id, deal_id, purchase_id, amount_cents, reason, status, provider, idempotency_key,
      provider_refund_id, created_at, refunded_at)
    values (${s.orderId}, ${s.itemId}, ${s.dealId}, ${s.purchaseId}, 500 + ${i * 10}, 'admin', ${paid ? 'refunded' : 'pending'}, 'sandbox',
      ${`refund-tables-${i}`}, ${paid ? `re_tables_${i}` : null}, ${s.at}::timestamptz, ${paid ? s.at : null}::timestamptz)`);
}
await db.execute(sql`
  insert into order_refunds (order_id, order_item_id, deal_id, amount_cents, reason, status, provider, idempotency_key, provider_refund_id, created_at, refunded_at)
  values (${sales[0]!.orderId}, ${sales[0]!.itemId}, ${sales[0]!.dealId}, 777, 'sold_out', 'refunded', 'sandbox', 'refund-tables-line', 're_tables_line',
    '2026-11-25T15:00:00Z', '2026-11-25T15:00:00Z')`);

// Refund requests: one taxed order of three vouchers over two lines (one with a promo discount) whose vouchers are
// asked back (due for a decision, requested), one declined, and one refunded (its refund's row carries its decision).
const [taxed] = await sqlRows<{ id: string }>(
  db,
  sql`insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, billing, expires_at, created_at, paid_at)
    values (${customers[0]!.id}, 'paid', 'sandbox', 'cs_tables_taxed', 4300, 137, 4437, '{}'::jsonb, now(), '2026-11-20T15:00:00Z', '2026-11-20T15:00:00Z')
    returning id`,
);
await db.execute(sql`insert into order_items (order_id, deal_id, title, unit_price_cents, quantity, discount_cents) values
  (${taxed!.id}, ${deals[0]!.id}, ${deals[0]!.title}, 1000, 2, 0), (${taxed!.id}, ${deals[4]!.id}, ${deals[4]!.title}, 2500, 1, 200)`);
const taxedVouchers: { id: string; code: string }[] = [];
for (const [k, [deal, price, discount]] of (
  [
    [deals[0]!, 1000, 0],
    [deals[0]!, 1000, 0],
    [deals[4]!, 2500, 200],
  ] as const
).entries()) {
  const [v] = await sqlRows<{ id: string }>(
    db,
    sql`insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, discount_cents, discount_funded_by, commission_rate, commission_cents,
        redemption_code, purchased_at, expiration_date)
      values (${taxed!.id}, ${customers[0]!.id}, ${deal.id}, ${deal.merchantId}, ${deal.title}, ${price}, ${discount}, ${discount ? 'platform' : null}, 15, 150,
        ${`LP-TAX00${k}`}, '2026-11-20T15:00:00Z', ${new Date(now.getTime() + 30 * 86_400_000).toISOString()}::timestamptz) returning id`,
  );
  taxedVouchers.push({ id: v!.id, code: `LP-TAX00${k}` });
}
const ask = (purchaseId: string, merchantId: string, status: string, at: string) =>
  db.execute(sql`insert into refund_requests (purchase_id, customer_id, merchant_id, reason, note, status, decision_text, decided_by, deadline_at, created_at)
    values (${purchaseId}, ${customers[0]!.id}, ${merchantId}, 'closed', 'Shop was shut.', ${status},
      ${status === 'declined' || status === 'refunded' ? `Decided ${status}` : null},
      ${status === 'declined' || status === 'refunded' ? owner.user.id : null}, '2026-11-28T23:00:00Z', ${at}::timestamptz)`);
await ask(taxedVouchers[1]!.id, deals[0]!.merchantId, 'due_for_decision', '2026-11-21T15:00:00Z');
await ask(taxedVouchers[2]!.id, deals[4]!.merchantId, 'requested', '2026-11-22T15:00:00Z');
await ask(sales[0]!.purchaseId, deals[0]!.merchantId, 'declined', '2026-11-03T15:00:00Z');
const refundedSale = sales.find((_, i) => VOUCHER_STATES[i % 8] === 'refunded')!;
await ask(refundedSale.purchaseId, deals[3]!.merchantId, 'refunded', '2026-11-04T15:00:00Z');

// Payouts: weekly periods of each business, in several states.
const PAYOUT_STATES = ['paid', 'scheduled', 'held', 'failed'] as const;
for (let w = 0; w < 4; w++)
  for (const [j, b] of businesses.entries()) {
    const gross = 10_000 + w * 1000 + j * 100;
    const commission = Math.round(gross * 0.15);
    const start = new Date(Date.UTC(2026, 9, 5 + w * 7));
    const end = new Date(start.getTime() + 6 * 86_400_000);
    const payout = new Date(end.getTime() + 7 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const state = PAYOUT_STATES[(w + j) % 4]!;
    await db.execute(sql`
      insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents,
        state, is_paid, paid_at, transfer_id)
      values (${b.merchant.id}, ${day(start)}, ${day(end)}, ${day(payout)}, ${w + j + 1}, ${gross}, ${commission}, ${gross - commission},
        ${state}, ${state === 'paid'}, ${state === 'paid' ? `${day(payout)}T17:00:00Z` : null}::timestamptz,
        ${state === 'paid' ? `tr_tables_${w}_${j}` : null})`);
  }

const { page, byHand, expectSame, csv } = tableChecks(t, '/api/admin/tables', owner.cookie);

describe('the admin customers table (owner, support)', () => {
  const from = sql`users x`;
  const customer = sql`x.role = 'customer' and x.deleted_at is null`;

  it('pages, filters by standing and joining day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('customers', '', await byHand(from, customer, sql`x.created_at desc, x.id desc`));
    expect(all.total).toBe(4);
    expect(all.rows.find((r) => r.email === 'ana@tables.example')).toMatchObject({
      status: 'active',
      orders: 5, // four sales and the taxed order of the refund requests
      vouchers: 7,
      bannedAt: null,
      banReason: null,
    });
    // A banned customer's row says when and why (the Customers section's ban list showed it).
    expect(all.rows.find((r) => r.email === 'ben@tables.example')).toMatchObject({ status: 'banned', banReason: 'abuse' });
    expect(all.rows.find((r) => r.email === 'ben@tables.example')!.bannedAt).toEqual(expect.any(String));
    await expectSame(
      'customers',
      'status=banned',
      await byHand(from, sql`${customer} and x.banned_at is not null`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'customers',
      'status=unverified',
      await byHand(from, sql`${customer} and x.banned_at is null and x.email_verified_at is null`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'customers',
      'from=2026-11-05&to=2026-11-13',
      await byHand(from, sql`${customer} and ${within(sql`x.created_at`, '2026-11-05', '2026-11-13')}`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('customers', 'sort=name&dir=asc', await byHand(from, customer, sql`coalesce(x.name, '') asc, x.id asc`));
    const spent = sql`(select coalesce(sum(o.total_cents), 0) from orders o where o.user_id = x.id and o.status = 'paid')`;
    const bySpent = await expectSame('customers', 'sort=spentCents&dir=desc', await byHand(from, customer, sql`${spent} desc, x.id desc`));
    expect(bySpent.rows[0]!.spentCents).toBeGreaterThan(0);
    await expectSame(
      'customers',
      'q=UMA%40TABLES',
      await byHand(from, sql`${customer} and x.email ilike '%uma@tables%'`, sql`x.created_at desc, x.id desc`),
    );
    // Only customers: the admins signed in here are no rows.
    expect((await page('customers', 'q=tables.example')).total).toBe(4);
    expect((await page('customers', `q=${encodeURIComponent(owner.user.email)}`)).total).toBe(0);
  });

  it('a support admin reads it; the export has its rows and neutralises a formula name', async () => {
    const hand = await byHand(from, customer, sql`x.email asc, x.id asc`);
    await expectSame('customers', 'sort=email&dir=asc', hand, support.cookie);
    const file = await csv('customers', 'sort=email&dir=asc', support.cookie);
    expect(file.header).toBe('Customer id,Joined,Name,E-mail,Status,Paid orders,Vouchers,Spent ($),Banned,Ban reason');
    expect(file.ids).toEqual(hand.ids);
    expect(file.text).toContain(",'@SUM(A1:A9),");
    expect((await t.request({ method: 'GET', url: '/api/admin/tables/customers', cookie: finance.cookie })).statusCode).toBe(403);
  });
});

describe('the admin merchants table (owner)', () => {
  const from = sql`merchants x join users u on u.id = x.user_id`;

  it('pages, filters by standing and day, sorts and searches as the SQL says', async () => {
    await expectSame('merchants', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'merchants',
      'status=pending',
      await byHand(from, sql`not x.approved and x.suspended_at is null`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'merchants',
      'status=suspended',
      await byHand(from, sql`x.suspended_at is not null`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'merchants',
      'status=approved',
      await byHand(from, sql`x.approved and x.suspended_at is null`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'merchants',
      'from=2026-11-10&to=2026-11-30',
      await byHand(from, within(sql`x.created_at`, '2026-11-10', '2026-11-30'), sql`x.created_at desc, x.id desc`),
    );
    await expectSame('merchants', 'sort=businessName&dir=asc', await byHand(from, sql`true`, sql`x.business_name asc, x.id asc`));
    const sold = sql`(select count(*) from purchases p where p.merchant_id = x.id)`;
    await expectSame('merchants', 'sort=vouchersSold', await byHand(from, sql`true`, sql`${sold} desc, x.id desc`));
    // Its deals counted as the Overview's Merchants with Deals counts them: removed ones apart, "active" on sale now.
    const active = sql`(select count(*) from deals d where d.merchant_id = x.id and d.status = 'active' and d.expiration_date > now())`;
    const removed = sql`(select count(*) from deals d where d.merchant_id = x.id and d.status = 'removed')`;
    await expectSame('merchants', 'sort=activeDeals', await byHand(from, sql`true`, sql`${active} desc, x.id desc`));
    const byRemoved = await expectSame(
      'merchants',
      'sort=removedDeals&dir=desc',
      await byHand(from, sql`true`, sql`${removed} desc, x.id desc`),
    );
    const [deals_] = await sqlRows<{ deals: number; active: number; removed: number }>(
      db,
      sql`select (select count(*)::int from deals d where d.merchant_id = x.id and d.status <> 'removed') as deals,
        ${active}::int as active, ${removed}::int as removed from merchants x where x.id = ${cafe.merchant.id}`,
    );
    expect(byRemoved.rows.find((r) => r.id === cafe.merchant.id)).toMatchObject({
      deals: deals_!.deals,
      activeDeals: deals_!.active,
      removedDeals: deals_!.removed,
    });
    expect(deals_!.removed).toBe(1);
    // The suspended business says why; each row names its public page and its thread with the admins (none here).
    expect(byRemoved.rows.find((r) => r.id === spa.merchant.id)).toMatchObject({ status: 'suspended', suspensionReason: 'Test' });
    const [cafeRow] = await sqlRows<{ slug: string; registrationId: string | null }>(
      db,
      sql`select x.slug, (select r.id from merchant_registration_requests r where r.user_id = x.user_id
        order by r.created_at desc, r.id desc limit 1) as "registrationId" from merchants x where x.id = ${cafe.merchant.id}`,
    );
    expect(byRemoved.rows.find((r) => r.id === cafe.merchant.id)).toMatchObject({ suspendedAt: null, suspensionReason: null, ...cafeRow });
    await expectSame('merchants', 'q=denver', await byHand(from, sql`x.city ilike '%denver%'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'merchants',
      `q=${encodeURIComponent('zoë')}`,
      await byHand(from, sql`x.business_name ilike '%zoë%'`, sql`x.created_at desc, x.id desc`),
    );
  });

  it('is the owner’s alone; the export has its rows, quoted and with the formula name prefixed', async () => {
    const file = await csv('merchants', 'sort=businessName&dir=asc');
    expect(file.header).toBe(
      'Merchant id,Joined,Business,Owner e-mail,City,State,Plan,Status,Commission (%),Deals,Active deals,Removed deals,Vouchers sold,Suspended,Suspension reason,Page',
    );
    expect(file.ids).toEqual((await byHand(from, sql`true`, sql`x.business_name asc, x.id asc`)).ids);
    expect(file.text).toContain(',"Bolt Bikes, Inc.",');
    expect(file.text).toContain(",'=Suspended Spa,");
    for (const who of [support, finance])
      expect((await t.request({ method: 'GET', url: '/api/admin/tables/merchants/export.csv', cookie: who.cookie })).statusCode).toBe(403);
  });
});

describe('the admin deals table (owner)', () => {
  const from = sql`deals x join merchants m on m.id = x.merchant_id`;

  it('pages, filters by status and day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('deals', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`));
    expect(all.total).toBe(6);
    await expectSame('deals', 'status=removed', await byHand(from, sql`x.status = 'removed'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'deals',
      'from=2026-11-05&to=2026-11-13',
      await byHand(from, within(sql`x.created_at`, '2026-11-05', '2026-11-13'), sql`x.created_at desc, x.id desc`),
    );
    await expectSame('deals', 'sort=dealPriceCents&dir=asc', await byHand(from, sql`true`, sql`x.deal_price_cents asc, x.id asc`));
    await expectSame('deals', 'sort=merchantName', await byHand(from, sql`true`, sql`m.business_name desc, x.id desc`));
    // `%` is a character, not a wildcard.
    await expectSame('deals', 'q=100%25', await byHand(from, sql`x.title ilike '%100\\%%'`, sql`x.created_at desc, x.id desc`));
    await expectSame('deals', 'q=bolt', await byHand(from, sql`m.business_name ilike '%bolt%'`, sql`x.created_at desc, x.id desc`));
  });

  it('exports its rows; a status it does not know is a clear 400', async () => {
    const file = await csv('deals', 'status=active&sort=dealPriceCents&dir=asc');
    expect(file.header).toBe(
      'Deal id,Created,Title,Business,Status,Type,City,State,Price ($),Original price ($),Discount (%),Sale ends,Merchant id',
    );
    expect(file.ids).toEqual((await byHand(from, sql`x.status = 'active'`, sql`x.deal_price_cents asc, x.id asc`)).ids);
    expect(file.text).toContain(',10.00,100.00,');
    const bad = await t.request({ method: 'GET', url: '/api/admin/tables/deals?status=sold', cookie: owner.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('status');
  });
});

describe('the admin vouchers table (every admin)', () => {
  const from = sql`purchases x join users u on u.id = x.user_id join merchants m on m.id = x.merchant_id`;

  it('pages, filters by state and day, sorts and searches codes, holders and businesses as the SQL says', async () => {
    const all = await expectSame('vouchers', '', await byHand(from, sql`true`, sql`x.purchased_at desc, x.id desc`), support.cookie);
    expect(all.total).toBe(19); // 16 sales, and the taxed order's 3 vouchers
    const live = sql`x.refunded_at is null and x.forfeited_at is null and x.redeemed_at is null`;
    await expectSame(
      'vouchers',
      'status=expired',
      await byHand(from, sql`${live} and x.expiration_date <= now()`, sql`x.purchased_at desc, x.id desc`),
    );
    await expectSame(
      'vouchers',
      'status=active',
      await byHand(from, sql`${live} and x.expiration_date > now()`, sql`x.purchased_at desc, x.id desc`),
    );
    await expectSame(
      'vouchers',
      'status=refunded',
      await byHand(from, sql`x.refunded_at is not null`, sql`x.purchased_at desc, x.id desc`),
    );
    await expectSame(
      'vouchers',
      'status=redeemed&from=2026-11-01&to=2026-11-07',
      await byHand(
        from,
        sql`x.refunded_at is null and x.forfeited_at is null and x.redeemed_at is not null and x.purchased_at >= ${NY('2026-11-01')} and x.purchased_at < ${NY('2026-11-07', 1)}`,
        sql`x.purchased_at desc, x.id desc`,
      ),
    );
    await expectSame(
      'vouchers',
      'sort=priceCents&dir=asc',
      await byHand(from, sql`true`, sql`x.price_cents asc, x.id asc`),
      finance.cookie,
    );
    // By code (the support desk's question), by e-mail, by business.
    const one = await expectSame('vouchers', 'q=lp-tbl007', await byHand(from, sql`x.redemption_code = 'LP-TBL007'`, sql`x.id`));
    expect(one.rows[0]).toMatchObject({ code: 'LP-TBL007', customerEmail: 'formula@tables.example' });
    await expectSame('vouchers', 'q=ben%40', await byHand(from, sql`u.email ilike 'ben@%'`, sql`x.purchased_at desc, x.id desc`));
    await expectSame('vouchers', 'q=spa', await byHand(from, sql`m.business_name ilike '%spa%'`, sql`x.purchased_at desc, x.id desc`));
  });

  it('exports its rows with the page’s filters', async () => {
    const file = await csv('vouchers', 'status=active&sort=purchasedAt&dir=asc', finance.cookie);
    expect(file.header).toBe('Voucher id,Bought,Code,Deal,Option,Business,Customer,E-mail,Status,Price ($),Valid until,Redeemed,Order id');
    const live = sql`x.refunded_at is null and x.forfeited_at is null and x.redeemed_at is null and x.expiration_date > now()`;
    expect(file.ids).toEqual((await byHand(from, live, sql`x.purchased_at asc, x.id asc`)).ids);
    expect(file.ids.length).toBeGreaterThan(0);
  });
});

describe('the admin refunds table (every admin)', () => {
  // The refunds, and the refund requests whose voucher was not refunded. A refund's customer, business and deal title
  // read through its order and deal (not the snapshot the table reads); a request's through its voucher.
  const from = sql`(
    select r.id, r.created_at, r.status, r.order_id, r.provider_refund_id, r.amount_cents, d.title, u.email, u.name,
      m.business_name
    from order_refunds r join orders o on o.id = r.order_id join users u on u.id = o.user_id join deals d on d.id = r.deal_id
      join merchants m on m.id = d.merchant_id
    union all
    select q.id, q.created_at, q.status, p.order_id, null, null, p.deal_title, u.email, u.name, m.business_name
    from refund_requests q join purchases p on p.id = q.purchase_id join users u on u.id = q.customer_id
      join merchants m on m.id = q.merchant_id
    where not exists (select 1 from order_refunds r2 where r2.purchase_id = q.purchase_id)) x`;

  it('pages, filters by status and day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('refunds', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`), support.cookie);
    expect(all.total).toBe(8);
    await expectSame('refunds', 'status=pending', await byHand(from, sql`x.status = 'pending'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'refunds',
      'status=due_for_decision',
      await byHand(from, sql`x.status = 'due_for_decision'`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('refunds', 'status=declined', await byHand(from, sql`x.status = 'declined'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'refunds',
      'from=2026-11-08&to=2026-11-25',
      await byHand(from, within(sql`x.created_at`, '2026-11-08', '2026-11-25'), sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'refunds',
      'status=refunded&sort=amountCents&dir=asc',
      await byHand(from, sql`x.status = 'refunded'`, sql`x.amount_cents asc, x.id asc`),
      finance.cookie,
    );
    await expectSame('refunds', 'q=re_tables_line', await byHand(from, sql`x.provider_refund_id = 're_tables_line'`, sql`x.id`));
    // The refunds were written naming no customer, business or title (as the previous release writes them): the
    // trigger of migration 0050 kept the order's customer and the deal's, which the SQL by hand reads through joins.
    await expectSame('refunds', 'sort=dealTitle&dir=asc', await byHand(from, sql`true`, sql`x.title asc, x.id asc`));
    await expectSame('refunds', 'sort=customerEmail&dir=desc', await byHand(from, sql`true`, sql`x.email desc, x.id desc`));
    await expectSame(
      'refunds',
      'q=table%20deal%203',
      await byHand(from, sql`x.title ilike '%table deal 3%'`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'refunds',
      'q=suspended%20spa',
      await byHand(from, sql`x.business_name ilike '%suspended spa%'`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('refunds', 'q=ben%20banned', await byHand(from, sql`x.name ilike '%ben banned%'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'refunds',
      `q=${sales[3]!.orderId}`,
      await byHand(from, sql`x.order_id = ${sales[3]!.orderId}`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('refunds', `q=${taxed!.id}`, await byHand(from, sql`x.order_id = ${taxed!.id}`, sql`x.created_at desc, x.id desc`));
  });

  it('gives a request what refunding it would give back, as the refunds do, and a refund its request’s decision', async () => {
    const [ownerName] = await sqlRows<{ name: string }>(
      db,
      sql`select coalesce(nullif(name, ''), email) as name from users where id = ${owner.user.id}`,
    );
    const rows = (await page('refunds', 'pageSize=100')).rows as { kind: string; voucherCode: string | null; amountCents: number }[];
    const requests = rows.filter((r) => r.kind === 'request');
    expect(requests.map((r) => r.voucherCode).sort()).toEqual(['LP-TAX001', 'LP-TAX002', 'LP-TBL000']);
    // What refunds.service.ts voucherRefundCents gives back (the platform area may not import it): the price less its
    // promo share plus its share of the order's tax. The order's 137 ¢ of tax over its lines by what each cost (2,000 and
    // 2,300 of 4,300: 64 and 73), then over a line's vouchers (32 and 32); the untaxed sale's voucher, its price.
    expect(requests.find((r) => r.voucherCode === 'LP-TAX001')!.amountCents).toBe(1000 + 32);
    expect(requests.find((r) => r.voucherCode === 'LP-TAX002')!.amountCents).toBe(2500 - 200 + 73);
    expect(requests.find((r) => r.voucherCode === 'LP-TBL000')!.amountCents).toBe(deals[0]!.dealPriceCents);
    expect(
      rows.find((r) => r.kind === 'refund' && r.voucherCode === `LP-TBL${String(sales.indexOf(refundedSale)).padStart(3, '0')}`),
    ).toMatchObject({
      note: 'Shop was shut.',
      decisionText: 'Decided refunded',
      decidedByName: ownerName!.name,
    });
  });

  it('exports its rows', async () => {
    const file = await csv('refunds', 'status=refunded&sort=amountCents&dir=desc');
    expect(file.header).toBe(
      'Refund or request id,Kind,Created,Customer,E-mail,Deal,Business,Voucher,Amount ($),Reason,Customer note,Merchant answer,Status,' +
        'Merchant deadline,Decision,Decided by,Chargeback,Provider,Provider refund id,Refunded,Order id',
    );
    expect(file.ids).toEqual((await byHand(from, sql`x.status = 'refunded'`, sql`x.amount_cents desc, x.id desc`)).ids);
    expect(file.text).toContain(',7.77,sold_out,,,refunded,,,,,sandbox,re_tables_line,');
  });
});

describe('the admin payouts table (owner, finance)', () => {
  const from = sql`merchant_payouts x join merchants m on m.id = x.merchant_id`;

  it('pages, filters by state and payout day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('payouts', '', await byHand(from, sql`true`, sql`x.payout_date desc, x.id desc`), finance.cookie);
    expect(all.total).toBe(12);
    expect(all.rows[0]).toMatchObject({ payoutDate: '2026-11-08', periodStart: '2026-10-26', periodEnd: '2026-11-01' });
    // What the Payout Management list said of each payout: overdue (unpaid past its day, neither waiting nor held), held
    // by its business's suspension, how it was paid.
    const flags = await sqlRows<{ id: string; overdue: boolean; held: boolean; via: string | null }>(
      db,
      sql`select x.id, (not x.is_paid and x.payout_date < ${now.toISOString().slice(0, 10)}::date and x.state not in ('waiting_for_account', 'held')) as overdue,
        (not x.is_paid and m.suspended_at is not null) as held, case when x.is_paid then x.paid_via end as via from ${from}`,
    );
    for (const f of flags)
      expect(all.rows.find((r) => r.id === f.id)).toMatchObject({ isOverdue: f.overdue, isHeld: f.held, paidVia: f.via });
    expect(flags.some((f) => f.overdue) && flags.some((f) => f.held) && flags.some((f) => !f.overdue)).toBe(true);
    const overdue = sql`(not x.is_paid and x.payout_date < ${now.toISOString().slice(0, 10)}::date and x.state not in ('waiting_for_account', 'held'))`;
    const overdueFirst = await expectSame('payouts', 'sort=isOverdue', await byHand(from, sql`true`, sql`${overdue} desc, x.id desc`));
    expect(overdueFirst.rows[0]!.isOverdue).toBe(true);
    await expectSame('payouts', 'status=held', await byHand(from, sql`x.state = 'held'`, sql`x.payout_date desc, x.id desc`));
    await expectSame(
      'payouts',
      'from=2026-10-25&to=2026-11-01',
      await byHand(from, sql`x.payout_date between '2026-10-25' and '2026-11-01'`, sql`x.payout_date desc, x.id desc`),
    );
    await expectSame('payouts', 'sort=netCents&dir=asc', await byHand(from, sql`true`, sql`x.net_cents asc, x.id asc`));
    await expectSame('payouts', 'q=bolt', await byHand(from, sql`m.business_name ilike '%bolt%'`, sql`x.payout_date desc, x.id desc`));
    await expectSame(
      'payouts',
      'q=tr_tables_1',
      await byHand(from, sql`x.transfer_id like 'tr\\_tables\\_1%'`, sql`x.payout_date desc, x.id desc`),
    );
  });

  it('exports its rows in dollars; support may not read it', async () => {
    const file = await csv('payouts', 'sort=grossCents&dir=asc', finance.cookie);
    expect(file.header).toBe(
      'Payout id,Payout date,Business,Period start,Period end,Vouchers,Gross ($),Commission ($),Refunds ($),Net ($),Status,Paid,Transfer id,Merchant id,' +
        'Paid via,Failure reason,Next attempt,Held because,Overdue,Held: business suspended',
    );
    expect(file.ids).toEqual((await byHand(from, sql`true`, sql`x.gross_cents asc, x.id asc`)).ids);
    expect(file.text).toContain(',100.00,15.00,0.00,85.00,');
    expect((await t.request({ method: 'GET', url: '/api/admin/tables/payouts', cookie: support.cookie })).statusCode).toBe(403);
  });
});

describe('a refund keeps its customer, business and deal title (migration 0050)', () => {
  it('a voucher refunded through the product is shown with the title its deal had then, and its search finds it', async () => {
    const seller = await createMerchantSession(t, { businessName: 'Harbour Paddle Co' });
    const deal = await createDeal(db, seller.merchant.id, { title: 'Sunrise Kayak Tour', dealPriceCents: 3_000 });
    const buyer = await t.loginAs('customer', { name: 'Kai Kayaker' });
    const [voucher] = await buy(t, buyer.cookie, [{ dealId: deal.id, quantity: 1 }]);
    const refunded = await t.request({
      method: 'POST',
      url: `/api/admin/purchases/${voucher!.id}/refund`,
      cookie: owner.cookie,
      payload: { decisionText: 'Refunded by support.' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [kept] = await sqlRows<{ id: string; customerId: string; merchantId: string; dealTitle: string }>(
      db,
      sql`select id, customer_id as "customerId", merchant_id as "merchantId", deal_title as "dealTitle" from order_refunds where purchase_id = ${voucher!.id}`,
    );
    expect(kept).toMatchObject({ customerId: buyer.user.id, merchantId: seller.merchant.id, dealTitle: 'Sunrise Kayak Tour' });
    // The business renames its deal afterwards: the refund still says what was refunded.
    await db.execute(sql`update deals set title = 'Sunset Paddle Board' where id = ${deal.id}`);
    const found = await page('refunds', 'q=sunrise%20kayak');
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({
      id: kept!.id,
      dealTitle: 'Sunrise Kayak Tour',
      customerName: 'Kai Kayaker',
      customerEmail: buyer.user.email,
      merchantName: 'Harbour Paddle Co',
    });
    expect((await page('refunds', 'q=sunset%20paddle')).total).toBe(0);
    // The customer and the business are read as they are now (a name changes; account deletion anonymises it).
    await db.execute(sql`update users set name = 'Kai Renamed' where id = ${buyer.user.id}`);
    expect((await page('refunds', 'q=kai%20renamed')).rows.map((r) => r.id)).toEqual([kept!.id]);
    expect((await page('refunds', 'q=harbour%20paddle')).rows.map((r) => r.id)).toEqual([kept!.id]);
    const merchantPage = await tableChecks(t, '/api/merchant/tables', seller.cookie).page('refunds', 'q=sunrise');
    expect(merchantPage.rows).toMatchObject([{ id: kept!.id, dealTitle: 'Sunrise Kayak Tour', customerName: 'Kai Renamed' }]);
  });
});
