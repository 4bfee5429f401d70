import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { createDeal, createMerchantSession, createStaffSession } from '../../../../test/factories';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * A merchant's console tables (issue 32): deals, vouchers sold, redemptions, refunds and payouts of the signed-in
 * business only, each page checked against SQL written by hand, its export against the same rows; the customer's
 * e-mail never shown and a code not yet redeemed only by its last four characters; who of the business may read each.
 */

const t = await build();
const db = t.database.db;
const a = await createMerchantSession(t, { businessName: 'Alpha Arcade' });
const b = await createMerchantSession(t, { businessName: 'Beta Bakery' });
const manager = await createStaffSession(t, a.merchant.id, 'manager');
const redeemer = await createStaffSession(t, a.merchant.id, 'redeemer');
const now = new Date();

const buyers = [
  await t.createUser('customer', { name: 'Cleo Customer', email: 'cleo@mtables.example' }),
  await t.createUser('customer', { name: '+Plus Person', email: 'plus@mtables.example' }),
];

type Deal = Awaited<ReturnType<typeof createDeal>>;
const deals: Deal[] = [];
for (let i = 0; i < 6; i++)
  deals.push(
    await createDeal(db, (i % 2 ? b : a).merchant.id, {
      title: `Mtable deal ${i}`,
      status: (['active', 'active', 'paused', 'expired', 'removed', 'active'] as const)[i],
      dealPriceCents: 1500 + i * 250,
      createdAt: new Date(`2026-11-${String(2 + i * 3).padStart(2, '0')}T15:00:00Z`),
    }),
  );

/** A voucher of `deal` bought on November `day`; `redeemedBy` redeemed it that day, or it was refunded. */
async function sell(i: number, deal: Deal, day: number, fate: { redeemedBy?: string; refund?: 'pending' | 'refunded'; expired?: boolean }) {
  const at = `2026-11-${String(day).padStart(2, '0')}T15:00:00Z`;
  const buyer = buyers[Math.floor(i / 6) % 2]!;
  const [o] = await sqlRows<{ id: string }>(
    db,
    sql`insert into orders (user_id, status, provider, subtotal_cents, tax_cents, total_cents, billing, expires_at, created_at, paid_at)
      values (${buyer.id}, 'paid', 'sandbox', ${deal.dealPriceCents}, 0, ${deal.dealPriceCents}, '{}'::jsonb, now(), ${at}::timestamptz, ${at}::timestamptz)
      returning id`,
  );
  const [item] = await sqlRows<{ id: string }>(
    db,
    sql`insert into order_items (order_id, deal_id, title, unit_price_cents, quantity)
      values (${o!.id}, ${deal.id}, ${deal.title}, ${deal.dealPriceCents}, 1) returning id`,
  );
  const expires = new Date(now.getTime() + (fate.expired ? -1 : 30) * 86_400_000).toISOString();
  const [p] = await sqlRows<{ id: string }>(
    db,
    sql`insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, commission_rate, commission_cents, redemption_code,
        purchased_at, expiration_date, redeemed_at, redeemed_by, refunded_at)
      values (${o!.id}, ${buyer.id}, ${deal.id}, ${deal.merchantId}, ${deal.title}, ${deal.dealPriceCents}, 15, ${Math.round(deal.dealPriceCents * 0.15)},
        ${`LP-MTB${String(i).padStart(3, '0')}`}, ${at}::timestamptz, ${expires}::timestamptz,
        ${fate.redeemedBy ? at : null}::timestamptz, ${fate.redeemedBy ?? null}, ${fate.refund === 'refunded' ? at : null}::timestamptz)
      returning id`,
  );
  if (fate.refund)
    await db.execute(sql`
      insert into order_refunds (order_id, order_item_id, deal_id, purchase_id, amount_cents, reason, status, provider, idempotency_key, created_at, refunded_at)
      values (${o!.id}, ${item!.id}, ${deal.id}, ${p!.id}, ${deal.dealPriceCents}, 'customer_request', ${fate.refund}, 'sandbox', ${`mtables-${i}`},
        ${at}::timestamptz, ${fate.refund === 'refunded' ? at : null}::timestamptz)`);
}
for (let i = 0; i < 18; i++)
  await sell(i, deals[i % 6]!, 1 + i, {
    redeemedBy: i % 6 === 2 ? a.user.id : i % 6 === 4 ? manager.user.id : i % 6 === 1 ? b.user.id : undefined,
    refund: i % 6 === 0 && i > 0 ? (i === 6 ? 'pending' : 'refunded') : i % 6 === 3 ? 'refunded' : undefined,
    expired: i % 6 === 5,
  });

for (let w = 0; w < 3; w++)
  for (const [j, m] of [a, b].entries()) {
    const start = new Date(Date.UTC(2026, 9, 5 + w * 7));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const gross = 20_000 + w * 500 + j;
    await db.execute(sql`
      insert into merchant_payouts (merchant_id, period_start, period_end, payout_date, total_purchases, gross_cents, commission_cents, net_cents, state)
      values (${m.merchant.id}, ${day(start)}, ${day(new Date(start.getTime() + 6 * 86_400_000))}, ${day(new Date(start.getTime() + 13 * 86_400_000))},
        ${w + 1}, ${gross}, 3000, ${gross - 3000}, ${w === 0 ? 'paid' : 'scheduled'})`);
  }

type Page = { rows: Record<string, unknown>[]; total: number };

async function get(table: string, query: string, cookie = a.cookie) {
  return t.request({ method: 'GET', url: `/api/merchant/tables/${table}?pageSize=100&${query}`, cookie });
}

async function expectSame(table: string, query: string, from: SQL, where: SQL, orderBy: SQL, cookie = a.cookie): Promise<Page> {
  const res = await get(table, query, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json<Page>();
  const ids = await sqlRows<{ id: string }>(db, sql`select x.id from ${from} where ${where} order by ${orderBy} limit 100`);
  expect(
    page.rows.map((r) => r.id),
    `${table}?${query}`,
  ).toEqual(ids.map((r) => r.id));
  const [n] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  expect(page.total, `${table}?${query}`).toBe(n!.n);
  return page;
}

async function csv(table: string, query: string, cookie = a.cookie) {
  const res = await t.request({ method: 'GET', url: `/api/merchant/tables/${table}/export.csv?${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  const text = res.rawPayload.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').slice(0, -1);
  return { text, header: lines[0], ids: lines.slice(1).map((l) => l.split(',')[0]) };
}

const NY = (day: string, plus = 0) => sql`((${day}::date + ${plus}::int)::timestamp at time zone 'America/New_York')`;
const ofA = (column: SQL) => sql`${column} = ${a.merchant.id}`;

describe('the merchant’s deals table', () => {
  const from = sql`deals x`;
  // A deal the merchant deleted is gone from their list; one an admin took down stays, with the reason.
  const listed = sql`${ofA(sql`x.merchant_id`)} and (x.status <> 'removed' or x.moderation_reason is not null)`;
  it('holds the business’s deals only, filtered, sorted and searched as the SQL says; its manager reads it', async () => {
    const moderated = await createDeal(db, a.merchant.id, {
      title: 'Mtable taken down',
      status: 'removed',
      moderationReason: 'Misleading pricing',
      createdAt: new Date('2026-11-20T15:00:00Z'),
    });
    await db.execute(sql`insert into deal_appeals (deal_id, merchant_id, message, status, decision_text)
      values (${moderated.id}, ${a.merchant.id}, 'It is fair.', 'upheld', 'The price was not the usual one.')`);
    const all = await expectSame('deals', '', from, listed, sql`x.created_at desc, x.id desc`);
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.id)).not.toContain(deals[4]!.id);
    await expectSame('deals', 'status=removed', from, sql`${listed} and x.status = 'removed'`, sql`x.created_at desc, x.id desc`);
    await expectSame('deals', 'sort=dealPriceCents&dir=asc', from, listed, sql`x.deal_price_cents asc, x.id asc`, manager.cookie);
    await expectSame(
      'deals',
      'from=2026-11-01&to=2026-11-10',
      from,
      sql`${listed} and x.created_at >= ${NY('2026-11-01')} and x.created_at < ${NY('2026-11-10', 1)}`,
      sql`x.created_at desc, x.id desc`,
    );
    // What the deal list showed and its actions need, each as the database holds it.
    const expected = await sqlRows<Record<string, unknown>>(
      db,
      sql`select x.id, (select count(*)::int from purchases p where p.deal_id = x.id) as "purchaseCount", x.moderation_reason as "moderationReason",
        x.type, x.current_votes as "currentVotes", x.votes_required as "votesRequired"
      from ${from} where ${listed} order by x.created_at desc, x.id desc`,
    );
    expect(
      all.rows.map((r) => ({
        id: r.id,
        purchaseCount: r.purchaseCount,
        moderationReason: r.moderationReason,
        type: r.type,
        currentVotes: r.currentVotes,
        votesRequired: r.votesRequired,
      })),
    ).toEqual(expected);
    expect(all.rows.find((r) => r.id === moderated.id)).toMatchObject({
      canDelete: false,
      appealStatus: 'upheld',
      appealDecision: 'The price was not the usual one.',
      boostRefundCents: 0,
    });
    expect(all.rows.find((r) => r.id === deals[0]!.id)).toMatchObject({ canDelete: true, appealStatus: null, boostedUntil: null });
    expect(all.rows.every((r) => typeof r.purchaseCount === 'number')).toBe(true);
    expect(all.rows.some((r) => (r.purchaseCount as number) > 0)).toBe(true);
    // Another business's deal is not found, even by its exact title.
    expect((await get('deals', 'q=Mtable%20deal%201')).json<Page>().total).toBe(0);
    expect((await get('deals', 'q=Mtable%20deal%201', b.cookie)).json<Page>().total).toBe(1);
    const file = await csv('deals', 'sort=title&dir=asc');
    expect(file.ids).toEqual(
      (await sqlRows<{ id: string }>(db, sql`select x.id from ${from} where ${listed} order by x.title asc, x.id asc`)).map((r) => r.id),
    );
  });
});

describe('the merchant’s vouchers sold', () => {
  const from = sql`purchases x join users u on u.id = x.user_id`;
  it('holds the business’s vouchers, by state, day, sort and search, as the SQL says', async () => {
    const all = await expectSame('vouchers', '', from, ofA(sql`x.merchant_id`), sql`x.purchased_at desc, x.id desc`, manager.cookie);
    expect(all.total).toBe(9);
    const live = sql`x.refunded_at is null and x.forfeited_at is null and x.redeemed_at is null`;
    await expectSame(
      'vouchers',
      'status=active',
      from,
      sql`${ofA(sql`x.merchant_id`)} and ${live} and x.expiration_date > now()`,
      sql`x.purchased_at desc, x.id desc`,
    );
    await expectSame(
      'vouchers',
      'status=redeemed',
      from,
      sql`${ofA(sql`x.merchant_id`)} and x.redeemed_at is not null`,
      sql`x.purchased_at desc, x.id desc`,
    );
    await expectSame('vouchers', 'sort=customerName&dir=asc', from, ofA(sql`x.merchant_id`), sql`u.name asc, x.id asc`);
    await expectSame(
      'vouchers',
      'q=cleo&from=2026-11-05&to=2026-11-15',
      from,
      sql`${ofA(sql`x.merchant_id`)} and u.name ilike '%cleo%' and x.purchased_at >= ${NY('2026-11-05')} and x.purchased_at < ${NY('2026-11-15', 1)}`,
      sql`x.purchased_at desc, x.id desc`,
    );
  });

  it('shows a code not yet redeemed by its last four characters only (and cannot be searched by the whole), never an e-mail', async () => {
    const page = (await get('vouchers', 'sort=purchasedAt&dir=asc')).json<Page>();
    const unredeemed = page.rows.find((r) => r.redeemedAt === null)!;
    expect(unredeemed.code).toMatch(/^•••• [A-Z0-9]{4}$/);
    const redeemed = page.rows.find((r) => r.redeemedAt !== null)!;
    expect(redeemed.code).toMatch(/^LP-MTB\d{3}$/);
    const [{ code } = { code: '' }] = await sqlRows<{ code: string }>(
      db,
      sql`select redemption_code as code from purchases where id = ${unredeemed.id as string}`,
    );
    expect((await get('vouchers', `q=${code}`)).json<Page>().total).toBe(0);
    expect((await get('vouchers', `q=${code.slice(-4)}`)).json<Page>().total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(page)).not.toContain('@mtables.example');
    const file = await csv('vouchers', 'sort=purchasedAt&dir=asc');
    expect(file.header).toBe('Voucher id,Bought,Code,Deal,Option,Customer,Status,Price ($),Commission ($),Valid until,Redeemed');
    expect(file.ids).toEqual(page.rows.map((r) => r.id));
    expect(file.text).not.toContain('@mtables.example');
    expect(file.text).not.toContain(code);
    expect(file.text).toContain(",'+Plus Person,");
  });
});

describe('the merchant’s redemptions', () => {
  const from = sql`purchases x join users u on u.id = x.user_id left join users r on r.id = x.redeemed_by`;
  const mine = sql`x.merchant_id = ${a.merchant.id} and x.redeemed_at is not null`;
  it('holds the business’s redeemed vouchers with who redeemed them, as the SQL says', async () => {
    const all = await expectSame('redemptions', '', from, mine, sql`x.redeemed_at desc, x.id desc`);
    expect(all.total).toBe(6);
    expect(new Set(all.rows.map((r) => r.redeemedBy))).toEqual(new Set(['Test manager', a.user.email]));
    await expectSame(
      'redemptions',
      'q=test%20manager',
      from,
      sql`${mine} and r.name ilike '%test manager%'`,
      sql`x.redeemed_at desc, x.id desc`,
    );
    await expectSame(
      'redemptions',
      'from=2026-11-01&to=2026-11-09',
      from,
      sql`${mine} and x.redeemed_at >= ${NY('2026-11-01')} and x.redeemed_at < ${NY('2026-11-09', 1)}`,
      sql`x.redeemed_at desc, x.id desc`,
      manager.cookie,
    );
    await expectSame('redemptions', 'sort=priceCents&dir=asc', from, mine, sql`x.price_cents asc, x.id asc`);
    const bad = await get('redemptions', 'status=active');
    expect(bad.statusCode).toBe(400);
    const file = await csv('redemptions', '');
    expect(file.header).toBe('Voucher id,Redeemed,Code,Deal,Option,Customer,Redeemed by,Price ($)');
    expect(file.ids).toEqual(all.rows.map((r) => r.id));
  });
});

describe('the merchant’s refunds', () => {
  const from = sql`order_refunds x join deals d on d.id = x.deal_id`;
  it('holds the refunds of the business’s vouchers, as the SQL says', async () => {
    const all = await expectSame('refunds', '', from, ofA(sql`d.merchant_id`), sql`x.created_at desc, x.id desc`);
    expect(all.total).toBe(2);
    await expectSame(
      'refunds',
      'status=pending',
      from,
      sql`${ofA(sql`d.merchant_id`)} and x.status = 'pending'`,
      sql`x.created_at desc, x.id desc`,
    );
    await expectSame(
      'refunds',
      'sort=amountCents&dir=asc',
      from,
      ofA(sql`d.merchant_id`),
      sql`x.amount_cents asc, x.id asc`,
      manager.cookie,
    );
    const file = await csv('refunds', 'status=refunded');
    expect(file.header).toBe('Refund id,Created,Deal,Customer,Amount ($),Reason,Status,Refunded');
    expect(file.ids).toEqual(
      (
        await sqlRows<{ id: string }>(
          db,
          sql`select x.id from ${from} where ${ofA(sql`d.merchant_id`)} and x.status = 'refunded' order by x.created_at desc, x.id desc`,
        )
      ).map((r) => r.id),
    );
    expect(file.text).not.toContain('@mtables.example');
  });
});

describe('the merchant’s refund requests', () => {
  const from = sql`refund_requests x join purchases p on p.id = x.purchase_id join users u on u.id = x.customer_id`;
  it('holds the business’s refund requests with what accepting gives back, as the SQL says; its manager reads it', async () => {
    // Requests on three of Alpha's vouchers not refunded yet (one answered, one decided) and one on Beta's.
    const vouchers = await sqlRows<{ id: string; userId: string; merchantId: string }>(
      db,
      sql`select id, user_id as "userId", merchant_id as "merchantId" from purchases where refunded_at is null
        order by purchased_at`,
    );
    const ofA = vouchers.filter((v) => v.merchantId === a.merchant.id).slice(0, 3);
    const ofB = vouchers.filter((v) => v.merchantId === b.merchant.id).slice(0, 1);
    const states = ['requested', 'merchant_responded', 'declined', 'requested'] as const;
    for (const [i, v] of [...ofA, ...ofB].entries())
      await db.execute(sql`insert into refund_requests (purchase_id, customer_id, merchant_id, reason, note, status, merchant_response, deadline_at, created_at)
        values (${v.id}, ${v.userId}, ${v.merchantId}, ${i % 2 ? 'closed' : 'cannot_fulfil'}, ${`Note ${i}`}, ${states[i]},
          ${states[i] === 'merchant_responded' ? 'We are open.' : null}, now() + interval '5 days', ${`2026-11-2${i}T15:00:00Z`}::timestamptz)`);
    const mine = sql`x.merchant_id = ${a.merchant.id}`;
    const all = await expectSame('refund-requests', '', from, mine, sql`x.created_at desc, x.id desc`);
    expect(all.total).toBe(3);
    await expectSame(
      'refund-requests',
      'status=requested',
      from,
      sql`${mine} and x.status = 'requested'`,
      sql`x.created_at desc, x.id desc`,
    );
    await expectSame('refund-requests', 'sort=deadlineAt&dir=asc', from, mine, sql`x.deadline_at asc, x.id asc`, manager.cookie);
    await expectSame('refund-requests', 'q=Note%201', from, sql`${mine} and x.note ilike '%Note 1%'`, sql`x.created_at desc, x.id desc`);
    // The refund each would give back: the voucher's price less its promo share (these orders have no tax).
    const byHand = await sqlRows<{ id: string; amountCents: number; customerName: string }>(
      db,
      sql`select x.id, (p.price_cents - p.discount_cents)::int as "amountCents", u.name as "customerName" from ${from} where ${mine}
        order by x.created_at desc, x.id desc`,
    );
    expect(all.rows.map((r) => ({ id: r.id, amountCents: r.amountCents, customerName: r.customerName }))).toEqual(byHand);
    expect(all.rows.find((r) => r.status === 'merchant_responded')).toMatchObject({ merchantResponse: 'We are open.', dispute: null });
    const file = await csv('refund-requests', 'sort=createdAt&dir=asc');
    expect(file.header).toBe('Request id,Requested,Deal,Customer,Refund ($),Reason,Note,Status,Respond by,Your answer,Decision,Chargeback');
    expect(file.ids).toEqual([...all.rows.map((r) => r.id)].reverse());
    expect(file.text).not.toContain('@mtables.example');
    // Beta's request is Beta's alone.
    expect((await get('refund-requests', '', b.cookie)).json<Page>().total).toBe(1);
  });
});

describe('the merchant’s payouts', () => {
  const from = sql`merchant_payouts x`;
  it('holds the business’s payouts, for its owner only', async () => {
    const all = await expectSame('payouts', '', from, ofA(sql`x.merchant_id`), sql`x.payout_date desc, x.id desc`);
    expect(all.total).toBe(3);
    await expectSame(
      'payouts',
      'status=paid',
      from,
      sql`${ofA(sql`x.merchant_id`)} and x.state = 'paid'`,
      sql`x.payout_date desc, x.id desc`,
    );
    await expectSame('payouts', 'sort=netCents&dir=asc', from, ofA(sql`x.merchant_id`), sql`x.net_cents asc, x.id asc`);
    const file = await csv('payouts', '');
    expect(file.ids).toEqual(all.rows.map((r) => r.id));
    expect(file.header).toBe(
      'Payout id,Payout date,Period start,Period end,Vouchers,Gross ($),Commission ($),Refunds ($),Deductions ($),Dispute fees ($),Carried in ($),Carried forward ($),Net ($),Status,Paid,Transfer id,Paid via,Transfer failure',
    );
    // What the payout list showed besides the admin's figures: deductions, dispute fees, carried in and forward, how it
    // was paid and why a transfer failed, each as the payout row holds it.
    const [x] = await sqlRows<{ id: string }>(
      db,
      sql`select id from merchant_payouts where ${ofA(sql`merchant_id`)} order by payout_date limit 1`,
    );
    await db.execute(sql`update merchant_payouts set deductions_cents = 700, dispute_fees_cents = 1500, carried_in_cents = 300,
      net_cents = gross_cents - commission_cents - 2500, is_paid = true, paid_at = now(), paid_via = 'outside' where id = ${x!.id}`);
    await db.execute(
      sql`update merchant_payouts set state = 'failed', failure_reason = 'Account closed' where ${ofA(sql`merchant_id`)} and id <> ${x!.id}`,
    );
    const rows = (await get('payouts', 'sort=payoutDate&dir=asc')).json<Page>().rows;
    const expected = await sqlRows<Record<string, unknown>>(
      db,
      sql`select id, deductions_cents::int as "deductionsCents", dispute_fees_cents::int as "disputeFeesCents", carried_in_cents::int as "carriedInCents",
        carried_forward_cents::int as "carriedForwardCents", net_cents::int as "netCents", case when is_paid then paid_via end as "paidVia",
        case when state = 'failed' then failure_reason end as "failureReason"
      from merchant_payouts where ${ofA(sql`merchant_id`)} order by payout_date asc, id asc`,
    );
    expect(
      rows.map((r) => ({
        id: r.id,
        deductionsCents: r.deductionsCents,
        disputeFeesCents: r.disputeFeesCents,
        carriedInCents: r.carriedInCents,
        carriedForwardCents: r.carriedForwardCents,
        netCents: r.netCents,
        paidVia: r.paidVia,
        failureReason: r.failureReason,
      })),
    ).toEqual(expected);
    expect(rows[0]).toMatchObject({
      deductionsCents: 700,
      disputeFeesCents: 1500,
      carriedInCents: 300,
      paidVia: 'outside',
      failureReason: null,
    });
    expect(rows[1]).toMatchObject({ status: 'failed', failureReason: 'Account closed', paidVia: null });
    // What only the admins read of a payout (when a failed transfer is tried again, why it is held, overdue, held by a
    // suspension) is not the business's.
    for (const key of ['nextAttemptAt', 'heldReason', 'isOverdue', 'isHeld']) expect(all.rows[0], key).not.toHaveProperty(key);
    expect(file.header).not.toMatch(/Next attempt|Held because|Overdue|Held: business suspended/);
    expect((await get('payouts', '', manager.cookie)).statusCode).toBe(403);
    expect((await get('payouts', '', b.cookie)).json<Page>().total).toBe(3);
  });
});

describe('who may read them', () => {
  it('a redeemer reads none; a customer and an admin are refused', async () => {
    const customer = await t.loginAs('customer');
    const admin = await t.loginAs('admin');
    for (const table of ['deals', 'vouchers', 'redemptions', 'refunds', 'refund-requests', 'payouts']) {
      expect((await get(table, '', redeemer.cookie)).statusCode, table).toBe(403);
      expect((await get(table, '', customer.cookie)).statusCode, table).toBe(403);
      expect((await get(table, '', admin.cookie)).statusCode, table).toBe(403);
    }
  });
});
