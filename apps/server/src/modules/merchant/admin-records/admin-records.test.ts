import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { AdminSearchResult, CustomerRecord, MerchantRecord, OrderRecord } from '@localperks/shared';
import { build, TEST_PASSWORD } from '../../../../test/build';
import { buy, createDeal, createMerchant } from '../../../../test/factories';
import {
  adminAuditLog,
  adminMerchantMessages,
  customerMessages,
  merchantCharges,
  merchantRegistrationRequests,
  reviews,
  supportTickets,
  totpAuthenticators,
} from '../../../db/schema';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The console's record pages and global search (issue 32, docs/decisions/0072-record-pages-and-search.md): each
 * record's sections against SQL written by hand, what each admin role may see (403 for the others, null sections
 * within a page), 404 and 400, nothing secret in any answer, and the search's kinds, limits and clear 400s.
 */

const t = await build();
const db = t.database.db;
const owner = await t.loginAs('admin', { name: 'Olive Owner' });
const support = await t.loginAs('admin', { adminRole: 'support' });
const finance = await t.loginAs('admin', { adminRole: 'finance' });

// A business with a deal, its registration thread, a charge and an audit entry.
const { merchant, user: merchantUser } = await createMerchant(db, { businessName: 'Quill & Quire Books' });
const deal = await createDeal(db, merchant.id, { title: 'Two paperbacks for one' });
const otherDeal = await createDeal(db, merchant.id, { title: 'Reading club pass' });
const [registration] = await db
  .insert(merchantRegistrationRequests)
  .values({
    userId: merchantUser.id,
    businessName: 'Quill & Quire Books',
    email: merchantUser.email,
    phone: '312-555-0100',
    city: 'Chicago',
    state: 'IL',
    description: 'Books',
    plan: 'deals_messaging',
  })
  .returning();
await db.insert(adminMerchantMessages).values([
  { registrationId: registration!.id, senderType: 'admin', message: 'Please send your licence.' },
  { registrationId: registration!.id, senderType: 'merchant', message: 'Attached.' },
]);
await db.insert(merchantCharges).values({ merchantId: merchant.id, kind: 'subscription', amountCents: 4900, provider: 'sandbox' });
await db.insert(adminAuditLog).values([
  { adminId: owner.user.id, action: 'merchant.suspended', entityType: 'merchant', entityId: merchant.id },
  { adminId: owner.user.id, action: 'deal.deactivated', entityType: 'deal', entityId: otherDeal.id },
]);

// A customer who signs in (a failed attempt first), buys twice, writes to support and the business and reviews.
const customer = await t.createUser('customer', { name: 'Rosa Record', email: 'rosa.record@records.example' });
await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: 'wrong-password-1' } });
const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: customer.email, password: TEST_PASSWORD } });
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const first = await buy(t, cookie, [{ dealId: deal.id, quantity: 2 }]);
const second = await buy(t, cookie, [{ dealId: otherDeal.id, quantity: 1 }]);
const orderId = first[0]!.orderId;
await db.insert(totpAuthenticators).values({ userId: customer.id, secret: 'JBSWY3DPEHPK3PXPSECRETSECRET' });
await db.insert(supportTickets).values({ customerId: customer.id, name: 'Rosa', email: customer.email, subject: 'Where is my voucher?' });
await db.insert(customerMessages).values({
  merchantId: merchant.id,
  customerId: customer.id,
  dealId: deal.id,
  subject: 'Opening hours',
  message: 'Are you open on Sunday?',
});
await db.insert(reviews).values({
  purchaseId: second[0]!.id,
  userId: customer.id,
  dealId: otherDeal.id,
  merchantId: merchant.id,
  rating: 5,
  title: 'Lovely',
  body: 'A lovely reading club with kind people and good tea every week.',
});
// A direct refund of one voucher of the first order (the admin refund flow).
const refunded = await t.request({
  method: 'POST',
  url: `/api/admin/purchases/${first[1]!.id}/refund`,
  cookie: owner.cookie,
  payload: { decisionText: 'The customer moved away.' },
});
expect(refunded.statusCode, refunded.body).toBe(200);

async function get<T>(url: string, as: { cookie: string }, status = 200) {
  const res = await t.request({ method: 'GET', url, cookie: as.cookie });
  expect(res.statusCode, res.body).toBe(status);
  return { body: res.json<T>(), text: res.body };
}

/** The ids a hand-written query gives, in its order. */
const ids = async (query: SQL) => (await sqlRows<{ id: string }>(db, query)).map((r) => r.id);
const count = async (query: SQL) => (await sqlRows<{ n: number }>(db, query))[0]!.n;

/** Nothing secret: no hash, authenticator secret, session id, token or card number, by value or by name. */
async function expectNothingSecret(text: string) {
  const secrets = await sqlRows<{ v: string }>(
    db,
    sql`select password_hash as v from users
      union all select secret from totp_authenticators
      union all select id from sessions
      union all select verifier_hash from auth_tokens
      union all select selector from auth_tokens`,
  );
  expect(secrets.length).toBeGreaterThan(3);
  for (const { v } of secrets) expect(text).not.toContain(v);
  expect(text).not.toMatch(/password|secret|token|verifier|cardNumber|cvc|4242/i);
}

describe('the customer record', () => {
  it('shows each section’s newest rows as the SQL gives them, with their totals', async () => {
    const { body: r, text } = await get<CustomerRecord>(`/api/admin/customers/${customer.id}`, support);
    expect(r.customer).toMatchObject({ id: customer.id, name: 'Rosa Record', email: customer.email, status: 'active' });
    expect(r.orders.rows.map((o) => o.id)).toEqual(
      await ids(sql`select id from orders where user_id = ${customer.id} order by created_at desc, id desc`),
    );
    expect(r.orders.rows.find((o) => o.id === orderId)).toMatchObject({ status: 'paid', vouchers: 2 });
    expect(r.vouchers.rows.map((v) => v.id)).toEqual(
      await ids(sql`select id from purchases where user_id = ${customer.id} order by purchased_at desc, id desc`),
    );
    expect(r.vouchers.rows.find((v) => v.id === first[1]!.id)?.status).toBe('refunded');
    expect(r.vouchers.total).toBe(3);
    expect(r.refunds.rows.map((x) => x.id)).toEqual(
      await ids(
        sql`select r.id from order_refunds r join orders o on o.id = r.order_id where o.user_id = ${customer.id} order by r.created_at desc, r.id desc`,
      ),
    );
    expect(r.refunds.total).toBe(1);
    expect(r.tickets.rows.map((x) => x.subject)).toEqual(['Where is my voucher?']);
    expect(r.messages.rows).toMatchObject([{ merchantName: 'Quill & Quire Books', subject: 'Opening hours' }]);
    expect(r.reviews.rows).toMatchObject([{ dealTitle: 'Reading club pass', rating: 5, title: 'Lovely' }]);
    expect(r.signIns.rows.map((x) => x.succeeded)).toEqual(
      (
        await sqlRows<{ succeeded: boolean }>(
          db,
          sql`select succeeded from login_attempts where email = ${customer.email} order by created_at desc, id desc`,
        )
      ).map((x) => x.succeeded),
    );
    expect(r.signIns.rows.some((x) => !x.succeeded)).toBe(true);
    expect(r.sessions.total).toBe(await count(sql`select count(*)::int as n from sessions where user_id = ${customer.id}`));
    expect(r.sessions.total).toBe(1);
    await expectNothingSecret(text);
  });

  it('is for owners and support: finance gets 403; an unknown id 404, a malformed one 400', async () => {
    await get(`/api/admin/customers/${customer.id}`, owner);
    await get(`/api/admin/customers/${customer.id}`, finance, 403);
    await get(`/api/admin/customers/${merchantUser.id}`, support, 404);
    await get('/api/admin/customers/00000000-0000-4000-8000-000000000000', support, 404);
    await get('/api/admin/customers/nope', support, 400);
    await get(`/api/admin/customers/${customer.id}`, { cookie }, 403);
  });
});

describe('the merchant record', () => {
  it('shows its sections as the SQL gives them; the registration thread and the audit entries to owners', async () => {
    const { body: r, text } = await get<MerchantRecord>(`/api/admin/merchants/${merchant.id}`, owner);
    expect(r.merchant).toMatchObject({ id: merchant.id, businessName: 'Quill & Quire Books', ownerEmail: merchantUser.email });
    expect(r.billing.rows).toMatchObject([{ kind: 'subscription', amountCents: 4900 }]);
    expect(r.deals.rows.map((d) => d.id)).toEqual(
      await ids(sql`select id from deals where merchant_id = ${merchant.id} order by created_at desc, id desc`),
    );
    expect(r.sales.rows.map((s) => s.id)).toEqual(
      await ids(sql`select id from purchases where merchant_id = ${merchant.id} order by purchased_at desc, id desc`),
    );
    expect(r.sales.grossCents).toBe(await count(sql`select sum(price_cents)::int as n from purchases where merchant_id = ${merchant.id}`));
    expect(r.refunds.rows.map((x) => x.id)).toEqual(
      await ids(
        sql`select r.id from order_refunds r join deals d on d.id = r.deal_id where d.merchant_id = ${merchant.id} order by r.created_at desc, r.id desc`,
      ),
    );
    expect(r.refunds.total).toBe(1);
    expect(r.messages?.rows.map((m) => m.message)).toEqual(expect.arrayContaining(['Please send your licence.', 'Attached.']));
    expect(r.messages?.total).toBe(2);
    const audit = await ids(
      sql`select id from admin_audit_log where entity_id = ${merchant.id} or entity_id in (select id from deals where merchant_id = ${merchant.id})
        or entity_id in (select id from purchases where merchant_id = ${merchant.id} and false) order by created_at desc, id desc`,
    );
    expect(r.audit?.rows.filter((a) => a.entityType === 'merchant' || a.entityType === 'deal').map((a) => a.id)).toEqual(audit);
    expect(r.audit?.rows.find((a) => a.action === 'merchant.suspended')?.actorName).toBe('Olive Owner');
    await expectNothingSecret(text);
  });

  it('shows finance the money but not the registration thread or the audit trail; support gets 403', async () => {
    const { body: r } = await get<MerchantRecord>(`/api/admin/merchants/${merchant.id}`, finance);
    expect(r.sales.total).toBe(3);
    expect(r.messages).toBeNull();
    expect(r.audit).toBeNull();
    await get(`/api/admin/merchants/${merchant.id}`, support, 403);
    await get('/api/admin/merchants/00000000-0000-4000-8000-000000000000', owner, 404);
  });
});

describe('the order record', () => {
  it('shows its lines, payment, vouchers, refunds and ledger entries as the SQL gives them', async () => {
    const { body: r, text } = await get<OrderRecord>(`/api/admin/orders/${orderId}`, finance);
    const [o] = await sqlRows<{ total: number; session: string }>(
      db,
      sql`select total_cents as total, provider_session_id as session from orders where id = ${orderId}`,
    );
    expect(r.order).toMatchObject({
      id: orderId,
      status: 'paid',
      totalCents: o!.total,
      providerSessionId: o!.session,
      customerId: customer.id,
    });
    expect(r.lines).toMatchObject([{ dealId: deal.id, title: 'Two paperbacks for one', quantity: 2, merchantName: 'Quill & Quire Books' }]);
    expect(r.vouchers.map((v) => v.id).sort()).toEqual(first.map((p) => p.id).sort());
    expect(r.vouchers.find((v) => v.id === first[1]!.id)?.state).toBe('refunded');
    expect(r.refunds.map((x) => x.id)).toEqual(await ids(sql`select id from order_refunds where order_id = ${orderId}`));
    expect(r.ledger?.map((l) => l.id)).toEqual(
      await ids(
        sql`select id from ledger_entries where purchase_id in (select id from purchases where order_id = ${orderId})
          or refund_id in (select id from order_refunds where order_id = ${orderId}) order by occurred_at, id`,
      ),
    );
    expect(r.ledger?.length).toBeGreaterThan(0);
    await expectNothingSecret(text);
  });

  it('shows support no ledger entries; a stranger’s id is 404 and a customer 403', async () => {
    const { body: r } = await get<OrderRecord>(`/api/admin/orders/${orderId}`, support);
    expect(r.ledger).toBeNull();
    expect(r.vouchers).toHaveLength(2);
    await get('/api/admin/orders/00000000-0000-4000-8000-000000000000', owner, 404);
    await get('/api/admin/orders/not-an-id', owner, 400);
    await get(`/api/admin/orders/${orderId}`, { cookie }, 403);
  });
});

describe('the global search', () => {
  const search = async (q: string, as: { cookie: string } = owner) =>
    (await get<{ results: AdminSearchResult[] }>(`/api/admin/search?q=${encodeURIComponent(q)}`, as)).body.results;

  it('finds a customer by e-mail or name, a business by name, an order by id and a voucher by code', async () => {
    expect(await search('rosa.record@')).toMatchObject([{ kind: 'customer', id: customer.id, href: `/admin/customers/${customer.id}` }]);
    expect(await search('Rosa Rec')).toMatchObject([{ kind: 'customer', id: customer.id }]);
    expect(await search('quill &')).toMatchObject([{ kind: 'merchant', id: merchant.id, href: `/admin/merchants/${merchant.id}` }]);
    expect(await search(orderId)).toMatchObject([{ kind: 'order', id: orderId, href: `/admin/orders/${orderId}` }]);
    expect(await search(orderId.slice(0, 8).toUpperCase())).toContainEqual(expect.objectContaining({ kind: 'order', id: orderId }));
    const code = first[0]!.redemptionCode;
    // A voucher opens its order; the code is found however it is typed.
    expect(await search(code.replaceAll('-', ' ').toLowerCase())).toMatchObject([
      { kind: 'voucher', id: first[0]!.id, href: `/admin/orders/${orderId}` },
    ]);
    expect(await search('nothing-like-this')).toEqual([]);
    // % and _ are letters, not wildcards.
    expect(await search('%%')).toEqual([]);
  });

  it('gives each role the kinds it may open', async () => {
    expect((await search('rosa.record', finance)).map((r) => r.kind)).toEqual([]);
    expect((await search('quill', support)).map((r) => r.kind)).toEqual([]);
    expect((await search('quill', finance)).map((r) => r.kind)).toEqual(['merchant']);
    expect((await search(first[0]!.redemptionCode, support)).map((r) => r.kind)).toEqual(['voucher']);
  });

  it('answers bad input with a clear 400 and keeps to 5 of a kind', async () => {
    for (const q of ['', 'a', ' b ', 'x'.repeat(101)]) {
      const res = await t.request({ method: 'GET', url: `/api/admin/search?q=${q}`, cookie: owner.cookie });
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ error: { code: string; fields?: Record<string, string> } }>().error.fields?.q).toBeTruthy();
    }
    for (let i = 0; i < 7; i++) await t.createUser('customer', { name: `Many Namesake ${i}` });
    expect(await search('namesake')).toHaveLength(5);
    const res = await t.request({ method: 'GET', url: '/api/admin/search?q=rosa', cookie });
    expect(res.statusCode).toBe(403);
  });
});
