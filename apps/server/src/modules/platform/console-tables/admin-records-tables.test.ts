import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build } from '../../../../test/build';
import { createDeal, createMerchant } from '../../../../test/factories';
import { tableChecks, within } from '../../../../test/table-checks';
import { startJobs } from '../../../jobs';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The admin console's tables of the platform's records (issue 32): disputes, support tickets, reviews, promo codes,
 * background job runs and the audit trail. Each one's page (filters, sorts, searches) is checked against SQL written
 * by hand, its export against the same rows, and its roles (docs/decisions/0062-roles-and-staff.md).
 */

const t = await build();
const db = t.database.db;
const owner = await t.loginAs('admin');
const support = await t.loginAs('admin', { adminRole: 'support' });
const finance = await t.loginAs('admin', { adminRole: 'finance' });
const now = new Date();
const DAY = 86_400_000;

const cafe = await createMerchant(db, { businessName: 'Zoë’s Café' });
const bikes = await createMerchant(db, { businessName: 'Bolt Bikes, Inc.' });
const deals = [
  await createDeal(db, cafe.merchant.id, { title: 'Espresso flight' }),
  await createDeal(db, bikes.merchant.id, { title: 'Tune-up' }),
];
const customers = [
  await t.createUser('customer', { name: 'Ana Records', email: 'ana@records.example' }),
  await t.createUser('customer', { name: '=HYPERLINK("x")', email: 'eve@records.example' }),
];

/** A paid order of one redeemed voucher of `deal` for `customer` on November `day`. */
async function sell(i: number, customerId: string, deal: (typeof deals)[number], day: number) {
  const at = `2026-11-${String(day).padStart(2, '0')}T15:00:00Z`;
  const [o] = await sqlRows<{ id: string }>(
    db,
    sql`insert into orders (user_id, status, provider, provider_session_id, subtotal_cents, tax_cents, total_cents, billing, expires_at, created_at, paid_at)
      values (${customerId}, 'paid', 'sandbox', ${`cs_records_${i}`}, ${deal.dealPriceCents}, 0, ${deal.dealPriceCents}, '{}'::jsonb, now(), ${at}::timestamptz, ${at}::timestamptz)
      returning id`,
  );
  const [p] = await sqlRows<{ id: string }>(
    db,
    sql`insert into purchases (order_id, user_id, deal_id, merchant_id, deal_title, price_cents, commission_rate, commission_cents, redemption_code,
        purchased_at, expiration_date, redeemed_at)
      values (${o!.id}, ${customerId}, ${deal.id}, ${deal.merchantId}, ${deal.title}, ${deal.dealPriceCents}, 15, 100,
        ${`LP-REC${String(i).padStart(3, '0')}`}, ${at}::timestamptz, ${new Date(now.getTime() + 30 * DAY).toISOString()}::timestamptz, ${at}::timestamptz)
      returning id`,
  );
  return { orderId: o!.id, purchaseId: p!.id, deal, customerId, at };
}
const sales = [];
for (let i = 0; i < 8; i++) sales.push(await sell(i, customers[i % 2]!.id, deals[i % 2]!, 1 + i * 3));

// Disputes: open, won and lost, one naming no voucher (its order's business stands for it).
const DISPUTE_STATES = ['open', 'won', 'lost', 'open', 'lost'] as const;
for (const [i, state] of DISPUTE_STATES.entries()) {
  const s = sales[i]!;
  await db.execute(sql`
    insert into disputes (provider, provider_dispute_id, order_id, purchase_id, amount_cents, reason, status, fee_cents, opened_at, closed_at)
    values ('sandbox', ${`dp_records_${i}`}, ${s.orderId}, ${i === 3 ? null : s.purchaseId}, ${1000 + i * 250}, ${i % 2 ? 'fraudulent' : 'product_not_received'},
      ${state}, ${state === 'lost' ? 1500 : 0}, ${s.at}::timestamptz, ${state === 'open' ? null : s.at}::timestamptz)`);
}

// Support tickets: one per status, one assigned to the support admin, with messages.
const TICKET_STATES = ['open', 'pending_customer', 'in_progress', 'resolved', 'closed', 'open'] as const;
for (const [i, state] of TICKET_STATES.entries()) {
  const [ticket] = await sqlRows<{ id: string }>(
    db,
    sql`insert into support_tickets (customer_id, name, email, subject, status, assigned_to, created_at, updated_at)
      values (${i % 3 === 2 ? null : customers[i % 2]!.id}, ${i === 5 ? 'Walk-in Visitor' : `Ticket sender ${i}`}, ${`t${i}@records.example`},
        ${i === 1 ? 'Refund for my tune-up' : `Question ${i}`}, ${state}, ${i === 2 ? support.user.id : null},
        ${`2026-11-${String(2 + i * 4).padStart(2, '0')}T10:00:00Z`}::timestamptz, ${`2026-11-${String(28 - i * 3).padStart(2, '0')}T10:00:00Z`}::timestamptz)
      returning id`,
  );
  for (let m = 0; m < i % 3; m++)
    await db.execute(
      sql`insert into support_messages (ticket_id, sender_type, subject, message) values (${ticket!.id}, 'customer', 'Re', ${`Message ${m}`})`,
    );
}

// Reviews of the redeemed vouchers: published, reported and hidden.
for (const [i, s] of sales.slice(0, 6).entries())
  await db.execute(sql`
    insert into reviews (purchase_id, user_id, deal_id, merchant_id, rating, title, body, status, open_reports, moderation_reason, reply_text, reply_at, created_at)
    values (${s.purchaseId}, ${s.customerId}, ${s.deal.id}, ${s.deal.merchantId}, ${1 + (i % 5)}, ${i === 0 ? null : `Review ${i}`},
      ${i === 4 ? 'Rude staff, would not return, terrible.' : `A fair review of the visit number ${i}.`}, ${i === 5 ? 'hidden' : 'published'},
      ${i === 2 || i === 4 ? i - 1 : 0}, ${i === 5 ? 'Off-topic' : null}, ${i === 1 ? 'Thanks!' : null}, ${i === 1 ? s.at : null}::timestamptz, ${s.at}::timestamptz)`);

// An open report of one reported review, and one an admin already answered (not listed).
for (const [email, reason, note, resolved] of [
  ['eve@records.example', 'spam', 'Looks fake', null],
  ['ana@records.example', 'off_topic', null, '2026-11-20T00:00:00Z'],
] as const)
  await db.execute(sql`
    insert into review_reports (review_id, reporter_id, reason, note, resolved_at)
    select r.id, u.id, ${reason}, ${note}, ${resolved}::timestamptz from reviews r, users u
    where r.body = 'Rude staff, would not return, terrible.' and u.email = ${email}`);

// Promo codes: the platform's and a business's, in every state by the clock.
const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
const PROMOS: {
  code: string;
  merchantId: string | null;
  active: boolean;
  starts: number;
  ends: number;
  max: number | null;
  used: number;
}[] = [
  { code: 'WELCOME10', merchantId: null, active: true, starts: -10 * DAY, ends: 10 * DAY, max: null, used: 3 },
  { code: 'CAFE5', merchantId: cafe.merchant.id, active: true, starts: 2 * DAY, ends: 20 * DAY, max: 50, used: 0 },
  { code: 'SPRING', merchantId: null, active: true, starts: -20 * DAY, ends: -DAY, max: null, used: 7 },
  { code: 'GONE', merchantId: bikes.merchant.id, active: true, starts: -5 * DAY, ends: 5 * DAY, max: 2, used: 2 },
  { code: 'OFF', merchantId: null, active: false, starts: -5 * DAY, ends: 5 * DAY, max: null, used: 1 },
];
for (const [i, p] of PROMOS.entries())
  await db.execute(sql`
    insert into promo_codes (code, merchant_id, kind, percent_off, amount_off_cents, starts_at, ends_at, max_uses, used_count, active, created_at)
    values (${p.code}, ${p.merchantId}, ${i % 2 ? 'fixed' : 'percent'}, ${i % 2 ? null : 10}, ${i % 2 ? 500 : null}, ${iso(p.starts)}::timestamptz,
      ${iso(p.ends)}::timestamptz, ${p.max}, ${p.used}, ${p.active}, ${`2026-11-${String(3 + i * 5).padStart(2, '0')}T12:00:00Z`}::timestamptz)`);

// The audit trail: entries by the owner and the support admin, one whose details a spreadsheet would run.
const AUDIT = [
  { by: owner.user.id, action: 'merchant.approve', type: 'merchant', id: cafe.merchant.id, details: { note: 'ok' } },
  { by: support.user.id, action: 'ticket.status', type: 'support_ticket', id: null, details: { status: 'resolved' } },
  { by: owner.user.id, action: 'review.hide', type: 'review', id: null, details: { reason: '-1+1' } },
  { by: null, action: 'payout.retry', type: 'payout', id: null, details: {} },
  { by: owner.user.id, action: 'admin.role_changed', type: 'user', id: support.user.id, details: { from: 'finance', to: 'support' } },
];
for (const [i, a] of AUDIT.entries())
  await db.execute(sql`
    insert into admin_audit_log (admin_id, action, entity_type, entity_id, details, created_at)
    values (${a.by}, ${a.action}, ${a.type}, ${a.id}, ${JSON.stringify(a.details)}::jsonb, ${`2026-11-${String(4 + i * 6).padStart(2, '0')}T12:00:00Z`}::timestamptz)`);

const { page, byHand, expectSame, csv: exported } = tableChecks(t, '/api/admin/tables', owner.cookie);
/** The export of `table`, its file named `file`. */
const csv = (table: string, file: string, query: string, cookie = owner.cookie) => exported(table, query, cookie, file);

const status = async (url: string, cookie: string) => (await t.request({ method: 'GET', url, cookie })).statusCode;

describe('the admin disputes table (owner, finance)', () => {
  const from = sql`disputes x join orders o on o.id = x.order_id join users u on u.id = o.user_id
    left join purchases p on p.id = x.purchase_id left join merchants m on m.id = p.merchant_id`;

  it('pages, filters by state and day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('disputes', '', await byHand(from, sql`true`, sql`x.opened_at desc, x.id desc`), finance.cookie);
    expect(all.total).toBe(5);
    // The dispute naming no voucher shows its order's business.
    expect(all.rows.find((r) => r.providerDisputeId === 'dp_records_3')).toMatchObject({
      merchantName: 'Bolt Bikes, Inc.',
      status: 'open',
    });
    await expectSame('disputes', 'status=lost', await byHand(from, sql`x.status = 'lost'`, sql`x.opened_at desc, x.id desc`));
    await expectSame(
      'disputes',
      'from=2026-11-04&to=2026-11-10',
      await byHand(from, within(sql`x.opened_at`, '2026-11-04', '2026-11-10'), sql`x.opened_at desc, x.id desc`),
    );
    await expectSame('disputes', 'sort=amountCents&dir=asc', await byHand(from, sql`true`, sql`x.amount_cents asc, x.id asc`));
    await expectSame('disputes', 'q=dp_records_2', await byHand(from, sql`x.provider_dispute_id = 'dp_records_2'`, sql`x.id`));
    await expectSame(
      'disputes',
      'q=ana%40records',
      await byHand(from, sql`u.email = 'ana@records.example'`, sql`x.opened_at desc, x.id desc`),
    );
    await expectSame('disputes', 'q=fraud', await byHand(from, sql`x.reason = 'fraudulent'`, sql`x.opened_at desc, x.id desc`));
  });

  it('exports its rows with the fee in dollars; support may not read it', async () => {
    const file = await csv('disputes', 'disputes', 'status=lost&sort=amountCents&dir=asc', finance.cookie);
    expect(file.header).toBe(
      'Dispute id,Opened,Customer,E-mail,Business,Amount ($),Fee ($),Reason,Status,Closed,Provider,Provider dispute id,Order id',
    );
    expect(file.ids).toEqual((await byHand(from, sql`x.status = 'lost'`, sql`x.amount_cents asc, x.id asc`)).ids);
    expect(file.text).toContain(',15.00,product_not_received,lost,');
    expect(await status('/api/admin/tables/disputes', support.cookie)).toBe(403);
    expect(await status('/api/admin/tables/disputes/export.csv', support.cookie)).toBe(403);
  });
});

describe('the admin support tickets table (owner, support)', () => {
  const from = sql`support_tickets x left join users a on a.id = x.assigned_to`;

  it('pages, filters by status and day, sorts and searches as the SQL says', async () => {
    const all = await expectSame('tickets', '', await byHand(from, sql`true`, sql`x.updated_at desc, x.id desc`), support.cookie);
    expect(all.total).toBe(6);
    const [assignee] = await sqlRows<{ name: string }>(
      db,
      sql`select coalesce(name, email) as name from users where id = ${support.user.id}`,
    );
    expect(all.rows.find((r) => r.subject === 'Question 2')).toMatchObject({ assignee: assignee!.name, messages: 2 });
    await expectSame(
      'tickets',
      'status=open',
      await byHand(from, sql`x.status = 'open'`, sql`x.updated_at desc, x.id desc`),
      support.cookie,
    );
    await expectSame(
      'tickets',
      'from=2026-11-06&to=2026-11-14',
      await byHand(from, within(sql`x.created_at`, '2026-11-06', '2026-11-14'), sql`x.updated_at desc, x.id desc`),
    );
    await expectSame('tickets', 'sort=createdAt&dir=asc', await byHand(from, sql`true`, sql`x.created_at asc, x.id asc`));
    const messages = sql`(select count(*) from support_messages sm where sm.ticket_id = x.id)`;
    await expectSame('tickets', 'sort=messages', await byHand(from, sql`true`, sql`${messages} desc, x.id desc`));
    await expectSame('tickets', 'q=tune-up', await byHand(from, sql`x.subject ilike '%tune-up%'`, sql`x.updated_at desc, x.id desc`));
    await expectSame('tickets', 'q=walk-in', await byHand(from, sql`x.name = 'Walk-in Visitor'`, sql`x.updated_at desc, x.id desc`));
  });

  it('exports its rows; finance may not read it', async () => {
    const file = await csv('tickets', 'support-tickets', 'status=open', support.cookie);
    expect(file.header).toBe('Ticket id,Opened,Last activity,Subject,Name,E-mail,Status,Assigned to,Messages,Customer id');
    expect(file.ids).toEqual((await byHand(from, sql`x.status = 'open'`, sql`x.updated_at desc, x.id desc`)).ids);
    expect(await status('/api/admin/tables/tickets', finance.cookie)).toBe(403);
  });
});

describe('the admin reviews table (owner, support)', () => {
  const from = sql`reviews x join users u on u.id = x.user_id join deals d on d.id = x.deal_id join merchants m on m.id = x.merchant_id`;

  it('pages, filters the moderation queue, sorts and searches as the SQL says', async () => {
    const all = await expectSame('reviews', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`), support.cookie);
    expect(all.total).toBe(6);
    await expectSame(
      'reviews',
      'status=reported',
      await byHand(from, sql`x.status = 'published' and x.open_reports > 0`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('reviews', 'status=hidden', await byHand(from, sql`x.status = 'hidden'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'reviews',
      'status=published',
      await byHand(from, sql`x.status = 'published' and x.open_reports = 0`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('reviews', 'sort=rating&dir=asc', await byHand(from, sql`true`, sql`x.rating asc, x.id asc`));
    await expectSame('reviews', 'sort=openReports', await byHand(from, sql`true`, sql`x.open_reports desc, x.id desc`));
    expect(all.rows.find((r) => r.body === 'Rude staff, would not return, terrible.')).toMatchObject({ reports: 'spam: Looks fake' });
    await expectSame('reviews', 'q=rude', await byHand(from, sql`x.body ilike '%rude%'`, sql`x.created_at desc, x.id desc`));
    await expectSame('reviews', 'q=bolt', await byHand(from, sql`m.business_name ilike '%bolt%'`, sql`x.created_at desc, x.id desc`));
  });

  it('exports its rows; finance may not read it', async () => {
    const file = await csv('reviews', 'reviews', 'sort=rating&dir=desc', support.cookie);
    expect(file.header).toBe(
      'Review id,Written,Stars,Title,Review,Status,Open reports,Customer,E-mail,Deal,Business,Business replied,Moderation reason,Open reports (reasons)',
    );
    expect(file.ids).toEqual((await byHand(from, sql`true`, sql`x.rating desc, x.id desc`)).ids);
    expect(file.text).toContain(',hidden,0,');
    expect(file.text).toContain(',Off-topic,\r\n');
    expect(file.text).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(await status('/api/admin/tables/reviews', finance.cookie)).toBe(403);
  });
});

describe('the admin promo codes table (owner, finance)', () => {
  const from = sql`promo_codes x left join merchants m on m.id = x.merchant_id`;
  const clock = sql`${now.toISOString()}::timestamptz`;

  it('gives each code its state by the clock, filters, sorts and searches as the SQL says', async () => {
    const all = await expectSame('promo-codes', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`), finance.cookie);
    expect(all.total).toBe(5);
    expect(Object.fromEntries(all.rows.map((r) => [r.code, r.status]))).toEqual({
      WELCOME10: 'active',
      CAFE5: 'scheduled',
      SPRING: 'ended',
      GONE: 'used_up',
      OFF: 'deactivated',
    });
    expect(all.rows.find((r) => r.code === 'CAFE5')).toMatchObject({ ownerName: 'Zoë’s Café', kind: 'fixed', amountOffCents: 500 });
    await expectSame(
      'promo-codes',
      'status=active',
      await byHand(
        from,
        sql`x.active and x.ends_at > ${clock} and x.starts_at <= ${clock} and (x.max_uses is null or x.used_count < x.max_uses)`,
        sql`x.created_at desc, x.id desc`,
      ),
    );
    await expectSame('promo-codes', 'sort=usedCount&dir=asc', await byHand(from, sql`true`, sql`x.used_count asc, x.id asc`));
    await expectSame('promo-codes', 'sort=code&dir=asc', await byHand(from, sql`true`, sql`x.code asc, x.id asc`));
    await expectSame('promo-codes', 'q=welcome', await byHand(from, sql`x.code = 'WELCOME10'`, sql`x.id`));
    await expectSame('promo-codes', 'q=localperks', await byHand(from, sql`x.merchant_id is null`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'promo-codes',
      'from=2026-11-08&to=2026-11-18',
      await byHand(from, within(sql`x.created_at`, '2026-11-08', '2026-11-18'), sql`x.created_at desc, x.id desc`),
    );
  });

  it('exports its rows; support may not read it', async () => {
    const file = await csv('promo-codes', 'promo-codes', 'sort=code&dir=asc', finance.cookie);
    expect(file.header).toBe(
      'Promo code id,Created,Code,Funded by,Kind,Percent off,Amount off ($),Minimum order ($),Starts,Ends,Uses,Maximum uses,Status,Merchant id',
    );
    expect(file.ids).toEqual((await byHand(from, sql`true`, sql`x.code asc, x.id asc`)).ids);
    expect(file.text).toContain(',GONE,Bolt Bikes, Inc.,'.replace('Bolt Bikes, Inc.', '"Bolt Bikes, Inc."'));
    expect(await status('/api/admin/tables/promo-codes', support.cookie)).toBe(403);
  });
});

describe('the admin audit trail table (owner)', () => {
  const from = sql`admin_audit_log x left join users u on u.id = x.admin_id`;

  it('pages, filters by day, sorts and searches actions, admins and details as the SQL says', async () => {
    const all = await expectSame('audit', '', await byHand(from, sql`true`, sql`x.created_at desc, x.id desc`));
    expect(all.total).toBeGreaterThanOrEqual(AUDIT.length);
    await expectSame(
      'audit',
      'q=merchant.approve',
      await byHand(from, sql`x.action = 'merchant.approve'`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame(
      'audit',
      `q=${encodeURIComponent(support.user.email)}`,
      await byHand(from, sql`u.email = ${support.user.email}`, sql`x.created_at desc, x.id desc`),
    );
    await expectSame('audit', 'q=resolved', await byHand(from, sql`x.details::text ilike '%resolved%'`, sql`x.created_at desc, x.id desc`));
    await expectSame(
      'audit',
      'from=2026-11-09&to=2026-11-16',
      await byHand(from, within(sql`x.created_at`, '2026-11-09', '2026-11-16'), sql`x.created_at desc, x.id desc`),
    );
    await expectSame('audit', 'sort=action&dir=asc', await byHand(from, sql`true`, sql`x.action asc, x.id asc`));
    // By what the action was done to (its first word): `admin` is the Settings section's changes to admin accounts.
    const settings = await expectSame(
      'audit',
      'status=admin',
      await byHand(from, sql`x.action like 'admin.%'`, sql`x.created_at desc, x.id desc`),
    );
    expect(settings.rows.map((r) => r.action)).toContain('admin.role_changed');
    expect(settings.rows.every((r) => r.area === 'admin')).toBe(true);
    await expectSame('audit', 'status=ticket', await byHand(from, sql`x.action like 'ticket.%'`, sql`x.created_at desc, x.id desc`));
    expect(await status('/api/admin/tables/audit?status=settings', owner.cookie)).toBe(400);
  });

  it('exports its rows with formula-like details neutralised; it is the owner’s alone', async () => {
    const file = await csv('audit', 'audit-trail', 'sort=action&dir=asc');
    expect(file.header).toBe('Entry id,When,Admin,Admin e-mail,Action,Record,Record id,Details');
    expect(file.ids).toEqual((await byHand(from, sql`true`, sql`x.action asc, x.id asc`)).ids);
    expect(file.text).toContain(`,review.hide,review,,"{""reason"": ""-1+1""}"`);
    for (const who of [support, finance]) {
      expect(await status('/api/admin/tables/audit', who.cookie)).toBe(403);
      expect(await status('/api/admin/tables/audit/export.csv', who.cookie)).toBe(403);
    }
  });
});

describe('the admin background jobs table (owner)', () => {
  it('has no runs before the job queue ever started on the database', async () => {
    const res = await page('jobs', '');
    expect(res).toMatchObject({ rows: [], total: 0 });
    expect((await csv('jobs', 'background-jobs', '')).ids).toEqual([]);
  });

  it('lists the queue’s runs, live and archived, filtered, sorted and searched as the SQL says', async () => {
    // The queue's tables and its jobs' partitions, then no worker: the runs below are written as the queue writes them.
    const queue = await startJobs(t.app.deps, t.database, { runSchedules: false });
    await queue.stop();
    const RUNS = [
      { name: 'payout-close', state: 'completed', table: 'job', output: null },
      { name: 'refund-settlement', state: 'failed', table: 'job', output: { message: 'provider timed out' } },
      { name: 'rate-limit-prune', state: 'retry', table: 'job', output: { value: { message: 'SMTP 451' } } },
      { name: 'payout-close', state: 'completed', table: 'archive', output: null },
      { name: 'review-requests', state: 'failed', table: 'archive', output: { message: 'deadlock detected' } },
    ] as const;
    // Archived runs are moved there as the queue moves them (the archive is the job table's columns and `archived_on`).
    for (const [i, r] of RUNS.entries()) {
      const day = `2026-11-${String(10 + i).padStart(2, '0')}`;
      const [run] = await sqlRows<{ id: string }>(
        db,
        sql`insert into pgboss.job (name, state, retry_count, created_on, started_on, completed_on, output)
          values (${r.name}, ${r.state}::pgboss.job_state, ${i % 3}, ${`${day}T12:00:00Z`}::timestamptz, ${`${day}T12:00:01Z`}::timestamptz,
            ${r.state === 'retry' ? null : `${day}T12:00:02Z`}::timestamptz, ${r.output ? JSON.stringify(r.output) : null}::jsonb)
          returning id`,
      );
      if (r.table === 'archive')
        await db.execute(sql`
          with moved as (delete from pgboss.job where id = ${run!.id} returning *) insert into pgboss.archive select *, now() from moved`);
    }
    // pg-boss's own cron dispatch runs are not listed.
    await db.execute(sql`insert into pgboss.job (name, state) values ('__pgboss__send-it', 'completed')`).catch(() => undefined);
    const from = sql`(select id, name, state, created_on, retry_count, output from pgboss.job union all
      select id, name, state, created_on, retry_count, output from pgboss.archive) x`;
    const ours = sql`left(x.name, 8) <> '__pgboss'`;
    const all = await expectSame('jobs', '', await byHand(from, ours, sql`x.created_on desc, x.id desc`));
    expect(all.total).toBe(5);
    expect(all.rows.find((r) => r.name === 'rate-limit-prune')).toMatchObject({
      label: 'Rate-limit clean-up',
      status: 'retry',
      error: 'SMTP 451',
    });
    await expectSame('jobs', 'status=failed', await byHand(from, sql`${ours} and x.state = 'failed'`, sql`x.created_on desc, x.id desc`));
    await expectSame('jobs', 'q=payout', await byHand(from, sql`${ours} and x.name = 'payout-close'`, sql`x.created_on desc, x.id desc`));
    await expectSame('jobs', 'q=deadlock', await byHand(from, sql`x.output->>'message' = 'deadlock detected'`, sql`x.id`));
    await expectSame('jobs', 'sort=retryCount&dir=asc', await byHand(from, ours, sql`x.retry_count asc, x.id asc`));
    await expectSame(
      'jobs',
      'from=2026-11-11&to=2026-11-12',
      await byHand(from, sql`${ours} and ${within(sql`x.created_on`, '2026-11-11', '2026-11-12')}`, sql`x.created_on desc, x.id desc`),
    );
    const file = await csv('jobs', 'background-jobs', 'status=failed');
    expect(file.header).toBe('Run id,Queued,Job,What it does,Status,Started,Finished,Retries,Error');
    expect(file.text).toContain(',provider timed out');
    for (const who of [support, finance]) expect(await status('/api/admin/tables/jobs', who.cookie)).toBe(403);
  });
});
