import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_MESSAGE_MESSAGES as M } from '@localperks/shared';
import { build } from '../../../../test/build';
import { createDeal, createMerchantSession, createStaffSession } from '../../../../test/factories';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The merchant console's Customer Messages table (issue 32): the business's messages only, paged, filtered, sorted
 * and searched as SQL written by hand says, exported as CSV, and refused like the inbox without messaging access.
 */

const t = await build();
const db = t.database.db;
const shop = await createMerchantSession(t, { businessName: 'Windy Tacos' });
const manager = await createStaffSession(t, shop.merchant.id, 'manager');
const redeemer = await createStaffSession(t, shop.merchant.id, 'redeemer');
const other = await createMerchantSession(t, { businessName: 'Other Shop' });
const free = await createMerchantSession(t, { subscriptionPlan: 'advertise_only', commissionRate: 0 });
const deal = await createDeal(db, shop.merchant.id, { title: 'Taco Tuesday' });
const customers = [await t.createUser('customer', { name: 'Casey Asker' }), await t.createUser('customer', { name: '+Plus Person' })];

const STATES = ['unread', 'read', 'responded', 'unread', 'responded', 'read'] as const;
for (const [i, state] of STATES.entries())
  await db.execute(sql`
    insert into customer_messages (merchant_id, customer_id, deal_id, subject, message, response, status, created_at, read_at, responded_at)
    values (${shop.merchant.id}, ${customers[i % 2]!.id}, ${i % 3 === 0 ? null : deal.id}, ${i === 2 ? 'Gluten free?' : `Question ${i}`},
      ${`Message number ${i}, about the tacos.`}, ${state === 'responded' ? `Answer ${i}` : null}, ${state},
      ${`2026-11-${String(2 + i * 4).padStart(2, '0')}T15:00:00Z`}::timestamptz, ${state === 'unread' ? null : '2026-11-28T10:00:00Z'}::timestamptz,
      ${state === 'responded' ? '2026-11-28T11:00:00Z' : null}::timestamptz)`);
// Another business's message: never in this one's table.
await db.execute(sql`
  insert into customer_messages (merchant_id, customer_id, subject, message) values (${other.merchant.id}, ${customers[0]!.id}, 'Not yours', 'Another shop.')`);

type Page = { rows: Record<string, unknown>[]; total: number };
const from = sql`customer_messages x join users u on u.id = x.customer_id left join deals d on d.id = x.deal_id`;
const mine = sql`x.merchant_id = ${shop.merchant.id}`;

async function byHand(where: SQL, orderBy: SQL) {
  const ids = await sqlRows<{ id: string }>(db, sql`select x.id from ${from} where ${mine} and ${where} order by ${orderBy} limit 100`);
  const [n] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${mine} and ${where}`);
  return { ids: ids.map((r) => r.id), total: n!.n };
}

async function expectSame(query: string, hand: { ids: string[]; total: number }, cookie = shop.cookie) {
  const res = await t.request({ method: 'GET', url: `/api/merchant/tables/messages?pageSize=100&${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  const got = res.json<Page>();
  expect(
    got.rows.map((r) => r.id),
    query,
  ).toEqual(hand.ids);
  expect(got.total, query).toBe(hand.total);
  return got;
}

describe('the merchant Customer Messages table', () => {
  it('pages, filters by status and day, sorts and searches the business’s messages as the SQL says', async () => {
    const all = await expectSame('', await byHand(sql`true`, sql`x.created_at desc, x.id desc`));
    expect(all.total).toBe(6);
    expect(all.rows.find((r) => r.subject === 'Gluten free?')).toMatchObject({
      customerName: 'Casey Asker',
      dealTitle: 'Taco Tuesday',
      status: 'responded',
      response: 'Answer 2',
    });
    await expectSame('status=unread', await byHand(sql`x.status = 'unread'`, sql`x.created_at desc, x.id desc`), manager.cookie);
    await expectSame(
      'from=2026-11-06&to=2026-11-14',
      await byHand(
        sql`x.created_at >= ('2026-11-06'::date::timestamp at time zone 'America/New_York') and x.created_at < ('2026-11-15'::date::timestamp at time zone 'America/New_York')`,
        sql`x.created_at desc, x.id desc`,
      ),
    );
    await expectSame('sort=customerName&dir=asc', await byHand(sql`true`, sql`u.name asc, x.id asc`));
    await expectSame('q=gluten', await byHand(sql`x.subject ilike '%gluten%'`, sql`x.created_at desc, x.id desc`));
    await expectSame('q=answer%204', await byHand(sql`x.response = 'Answer 4'`, sql`x.created_at desc, x.id desc`));
    await expectSame('q=not%20yours', { ids: [], total: 0 });
  });

  it('exports the business’s rows with a formula-like name neutralised', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/merchant/tables/messages/export.csv?sort=createdAt&dir=asc',
      cookie: shop.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="localperks-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('Message id,Received,Customer,Subject,Message,Deal,Status,Response,Responded');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual((await byHand(sql`true`, sql`x.created_at asc, x.id asc`)).ids);
    expect(lines[2]).toContain(",'+Plus Person,");
  });

  it('is refused without messaging access (as the inbox is) and to a redeemer; another business sees only its own', async () => {
    for (const url of ['/api/merchant/tables/messages', '/api/merchant/tables/messages/export.csv']) {
      const res = await t.request({ method: 'GET', url, cookie: free.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(M.noAccess);
      expect((await t.request({ method: 'GET', url, cookie: redeemer.cookie })).statusCode).toBe(403);
    }
    const theirs = (await t.request({ method: 'GET', url: '/api/merchant/tables/messages', cookie: other.cookie })).json<Page>();
    expect(theirs.rows.map((r) => r.subject)).toEqual(['Not yours']);
  });
});
