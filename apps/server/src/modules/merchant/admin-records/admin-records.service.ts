import { sql, type SQL } from 'drizzle-orm';
import { RECORD_SECTION_ROWS, type AdminRole, type CustomerRecord, type MerchantRecord, type OrderRecord } from '@localperks/shared';
import { describeUserAgent } from '../../accounts';
import { adminPurchasesOfOrder } from '../../money';
import { voucherStatus } from '../../platform';
import type { Tx } from '../../../db/client';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { sqlRows } from '../../../lib/sql-rows';

/*
 * The console's record pages (issue 32, docs/decisions/0072-record-pages-and-search.md): a customer, a business and
 * an order, each section its newest RECORD_SECTION_ROWS rows and how many there are. Every column is named here, so
 * nothing secret (password hashes, authenticator secrets, session ids and tokens, card data) can reach an answer by
 * a `select *`. Sections a role may not see are null; the routes check the role of the page itself.
 */

type RecordDeps = Pick<Deps, 'db' | 'clock'>;

/** Timestamps leave as ISO strings, as every other answer gives them. */
function isoRows<T>(rows: Record<string, unknown>[]): T[] {
  for (const row of rows) for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = v.toISOString();
  return rows as T[];
}

/** A section: the newest rows of `rowsSql` (ordered by `orderBy`) and how many rows it has in all. */
async function section<T>(db: Tx, rowsSql: SQL, orderBy: SQL): Promise<{ rows: T[]; total: number }> {
  const [rows, count] = await Promise.all([
    sqlRows<Record<string, unknown>>(db, sql`select * from (${rowsSql}) s order by ${orderBy} limit ${RECORD_SECTION_ROWS}`),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from (${rowsSql}) s`),
  ]);
  return { rows: isoRows<T>(rows), total: count[0]?.n ?? 0 };
}

const newest = (column: string) => sql`s.${sql.identifier(column)} desc, s.id desc`;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (what: string): never => {
  throw new AppError('NOT_FOUND', `No ${what} with this id.`);
};

/** Vouchers of the purchases `where` selects (alias `p`), as the record pages list them. */
const vouchersSql = (now: Date, where: SQL) => sql`
  select p.id, p.order_id as "orderId", p.redemption_code as code, p.deal_title as "dealTitle", m.business_name as "merchantName",
    coalesce(u.name, '') as "customerName", ${voucherStatus(now)} as status, p.price_cents as "priceCents",
    p.purchased_at as "purchasedAt", p.expiration_date as "expirationDate"
  from purchases p join merchants m on m.id = p.merchant_id join users u on u.id = p.user_id
  where ${where}`;

/** Refunds of orders' lines or vouchers that `where` selects (alias `r`; `d` the deal). */
const refundsSql = (where: SQL) => sql`
  select r.id, r.order_id as "orderId", r.created_at as "createdAt", d.title as "dealTitle", r.amount_cents as "amountCents",
    r.reason, r.status, r.provider_refund_id as "providerRefundId", r.refunded_at as "refundedAt"
  from order_refunds r join deals d on d.id = r.deal_id join orders o on o.id = r.order_id
  where ${where}`;

/** A customer's page (owners and support). */
export async function customerRecord(deps: RecordDeps, id: string): Promise<CustomerRecord> {
  const { db } = deps;
  if (!ID.test(id)) return notFound('customer');
  const [c] = await sqlRows<Record<string, unknown> & { email: string }>(
    db,
    sql`select u.id, coalesce(u.name, '') as name, u.email, u.phone_number as "phoneNumber", u.created_at as "createdAt",
        u.email_verified_at as "emailVerifiedAt",
        case when u.deleted_at is not null then 'deleted' when u.banned_at is not null then 'banned'
          when u.email_verified_at is null then 'unverified' else 'active' end as status,
        u.ban_reason as "banReason"
      from users u where u.id = ${id} and u.role = 'customer'`,
  );
  if (!c) return notFound('customer');
  const now = deps.clock.now();
  const [orders, vouchers, refunds, tickets, messages, reviews, signIns, sessions] = await Promise.all([
    section<CustomerRecord['orders']['rows'][number]>(
      db,
      sql`select o.id, o.created_at as "createdAt", o.status, o.total_cents as "totalCents",
          (select count(*)::int from purchases p where p.order_id = o.id) as vouchers
        from orders o where o.user_id = ${id}`,
      newest('createdAt'),
    ),
    section<CustomerRecord['vouchers']['rows'][number]>(db, vouchersSql(now, sql`p.user_id = ${id}`), newest('purchasedAt')),
    section<CustomerRecord['refunds']['rows'][number]>(db, refundsSql(sql`o.user_id = ${id}`), newest('createdAt')),
    section<CustomerRecord['tickets']['rows'][number]>(
      db,
      sql`select t.id, t.subject, t.status, t.created_at as "createdAt", t.updated_at as "updatedAt"
        from support_tickets t where t.customer_id = ${id}`,
      newest('createdAt'),
    ),
    section<CustomerRecord['messages']['rows'][number]>(
      db,
      sql`select cm.id, m.business_name as "merchantName", cm.subject, cm.status, cm.created_at as "createdAt",
          cm.responded_at as "respondedAt"
        from customer_messages cm join merchants m on m.id = cm.merchant_id where cm.customer_id = ${id}`,
      newest('createdAt'),
    ),
    section<CustomerRecord['reviews']['rows'][number]>(
      db,
      sql`select r.id, d.title as "dealTitle", m.business_name as "merchantName", r.rating, r.title, r.status,
          r.created_at as "createdAt"
        from reviews r join deals d on d.id = r.deal_id join merchants m on m.id = r.merchant_id where r.user_id = ${id}`,
      newest('createdAt'),
    ),
    section<CustomerRecord['signIns']['rows'][number]>(
      db,
      sql`select a.id, a.created_at as "createdAt", a.ip, a.succeeded from login_attempts a where a.email = ${c.email.toLowerCase()}`,
      newest('createdAt'),
    ),
    // The session's id is the hash of its token: it stays in the database, and the rows are told apart by position.
    section<{ createdAt: string; lastSeenAt: string; userAgent: string | null; ip: string | null }>(
      db,
      sql`select se.id, se.created_at as "createdAt", se.last_seen_at as "lastSeenAt", se.user_agent as "userAgent", se.ip
        from sessions se where se.user_id = ${id} and se.expires_at > ${now.toISOString()}::timestamptz`,
      newest('lastSeenAt'),
    ),
  ]);
  return {
    customer: c as CustomerRecord['customer'],
    orders,
    vouchers,
    refunds,
    tickets,
    messages,
    reviews,
    signIns,
    sessions: {
      total: sessions.total,
      rows: sessions.rows.map((s) => ({
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        ip: s.ip,
        ...describeUserAgent(s.userAgent),
      })),
    },
  };
}

/** A business's page (owners and finance; the registration thread and the audit entries are the owners'). */
export async function merchantRecord(deps: RecordDeps, id: string, role: AdminRole): Promise<MerchantRecord> {
  const { db } = deps;
  if (!ID.test(id)) return notFound('business');
  const [m] = await sqlRows<Record<string, unknown> & { userId: string }>(
    db,
    sql`select m.id, m.user_id as "userId", m.business_name as "businessName", m.slug, coalesce(u.name, '') as "ownerName",
        u.email as "ownerEmail", m.city, m.state, m.created_at as "createdAt",
        case when m.suspended_at is not null then 'suspended' when m.approved then 'approved' else 'pending' end as status,
        m.suspension_reason as "suspensionReason", m.subscription_plan as plan, m.has_subscription as "hasSubscription",
        m.commission_rate::float8 as "commissionRate"
      from merchants m join users u on u.id = m.user_id where m.id = ${id}`,
  );
  if (!m) return notFound('business');
  const { userId, ...merchant } = m;
  const now = deps.clock.now();
  const isOwner = role === 'owner';
  const [billing, deals, sales, gross, refunds, disputes, payouts, messages, audit] = await Promise.all([
    section<MerchantRecord['billing']['rows'][number]>(
      db,
      sql`select c.id, c.kind, c.amount_cents as "amountCents", c.status, c.created_at as "createdAt", c.paid_at as "paidAt",
          c.current_period_end as "currentPeriodEnd"
        from merchant_charges c where c.merchant_id = ${id}`,
      newest('createdAt'),
    ),
    section<MerchantRecord['deals']['rows'][number]>(
      db,
      sql`select d.id, d.title, d.status, d.deal_price_cents as "dealPriceCents", d.created_at as "createdAt",
          d.expiration_date as "expirationDate"
        from deals d where d.merchant_id = ${id}`,
      newest('createdAt'),
    ),
    section<MerchantRecord['sales']['rows'][number]>(db, vouchersSql(now, sql`p.merchant_id = ${id}`), newest('purchasedAt')),
    sqlRows<{ cents: number }>(db, sql`select coalesce(sum(price_cents), 0)::float8 as cents from purchases where merchant_id = ${id}`),
    section<MerchantRecord['refunds']['rows'][number]>(db, refundsSql(sql`d.merchant_id = ${id}`), newest('createdAt')),
    section<MerchantRecord['disputes']['rows'][number]>(
      db,
      sql`select di.id, di.order_id as "orderId", di.amount_cents as "amountCents", di.reason, di.status, di.opened_at as "openedAt",
          di.closed_at as "closedAt"
        from disputes di
        where exists (select 1 from purchases p where p.merchant_id = ${id}
          and (p.id = di.purchase_id or (di.purchase_id is null and p.order_id = di.order_id)))`,
      newest('openedAt'),
    ),
    section<MerchantRecord['payouts']['rows'][number]>(
      db,
      sql`select p.id, p.payout_date::text as "payoutDate", p.period_start::text as "periodStart", p.period_end::text as "periodEnd",
          p.net_cents::float8 as "netCents", p.state
        from merchant_payouts p where p.merchant_id = ${id}`,
      newest('payoutDate'),
    ),
    isOwner
      ? section<NonNullable<MerchantRecord['messages']>['rows'][number]>(
          db,
          sql`select mm.id, mm.sender_type as "senderType", mm.message, mm.created_at as "createdAt"
            from admin_merchant_messages mm join merchant_registration_requests rr on rr.id = mm.registration_id
            where rr.user_id = ${userId}`,
          newest('createdAt'),
        )
      : null,
    isOwner
      ? section<NonNullable<MerchantRecord['audit']>['rows'][number]>(
          db,
          sql`select a.id, a.created_at as "createdAt", a.action, a.entity_type as "entityType", ad.name as "actorName"
            from admin_audit_log a left join users ad on ad.id = a.admin_id
            where a.entity_id = ${id}
              or a.entity_id in (select d.id from deals d where d.merchant_id = ${id})
              or a.entity_id in (select p.id from merchant_payouts p where p.merchant_id = ${id})
              or a.entity_id in (select c.id from merchant_charges c where c.merchant_id = ${id})
              or a.entity_id in (select s.id from merchant_staff s where s.merchant_id = ${id})
              or a.entity_id in (select rr.id from merchant_registration_requests rr where rr.user_id = ${userId})`,
          newest('createdAt'),
        )
      : null,
  ]);
  return {
    merchant: merchant as MerchantRecord['merchant'],
    billing,
    deals,
    sales: { ...sales, grossCents: gross[0]?.cents ?? 0 },
    refunds,
    disputes,
    payouts,
    messages,
    audit,
  };
}

/** An order's page (every admin; its ledger entries are the owners' and finance's). */
export async function orderRecord(deps: RecordDeps, id: string, role: AdminRole): Promise<OrderRecord> {
  const { db } = deps;
  if (!ID.test(id)) return notFound('order');
  const [order] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select o.id, o.status, o.created_at as "createdAt", o.paid_at as "paidAt", o.user_id as "customerId",
        coalesce(u.name, '') as "customerName", u.email as "customerEmail", o.subtotal_cents as "subtotalCents",
        o.discount_cents as "discountCents", o.tax_cents as "taxCents", o.total_cents as "totalCents", o.promo_code as "promoCode",
        o.provider, o.provider_session_id as "providerSessionId"
      from orders o join users u on u.id = o.user_id where o.id = ${id}`,
  );
  if (!order) return notFound('order');
  const mayReadLedger = role === 'owner' || role === 'finance';
  const [lines, vouchers, refunds, disputes, ledger] = await Promise.all([
    sqlRows<Record<string, unknown>>(
      db,
      sql`select i.id, i.deal_id as "dealId", i.title, i.option_title as "optionTitle", m.id as "merchantId",
          m.business_name as "merchantName", i.unit_price_cents as "unitPriceCents", i.quantity, i.discount_cents as "discountCents"
        from order_items i join deals d on d.id = i.deal_id join merchants m on m.id = d.merchant_id
        where i.order_id = ${id} order by i.title, i.id`,
    ),
    adminPurchasesOfOrder(deps, id),
    sqlRows<Record<string, unknown>>(db, sql`${refundsSql(sql`r.order_id = ${id}`)} order by r.created_at desc, r.id desc`),
    sqlRows<Record<string, unknown>>(
      db,
      sql`select di.id, di.provider_dispute_id as "providerDisputeId", di.amount_cents as "amountCents", di.reason, di.status,
          di.opened_at as "openedAt"
        from disputes di where di.order_id = ${id} order by di.opened_at desc, di.id desc`,
    ),
    mayReadLedger
      ? sqlRows<Record<string, unknown>>(
          db,
          sql`select l.id, l.occurred_at as "occurredAt", l.kind, m.business_name as "merchantName", l.amount_cents::float8 as "amountCents"
            from ledger_entries l join merchants m on m.id = l.merchant_id
            where l.purchase_id in (select p.id from purchases p where p.order_id = ${id})
              or l.refund_id in (select r.id from order_refunds r where r.order_id = ${id})
              or l.dispute_id in (select di.id from disputes di where di.order_id = ${id})
            order by l.occurred_at, l.id`,
        )
      : null,
  ]);
  return {
    order: isoRows<OrderRecord['order']>([order])[0]!,
    lines: isoRows(lines),
    vouchers,
    refunds: isoRows(refunds),
    disputes: isoRows(disputes),
    ledger: ledger && isoRows(ledger),
  };
}
