import { sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_AREAS,
  CUSTOMER_TABLE_STATUSES,
  DEAL_STATUSES,
  MERCHANT_TABLE_STATUSES,
  ORDER_STATUSES,
  PAYOUT_STATES,
  ADMIN_REFUND_TABLE_STATUSES,
  REFUND_BLOCKING_DISPUTE_STATUSES,
  VOUCHER_TABLE_STATUSES,
  BUSINESS_TIME_ZONE,
  DISPUTE_STATUSES,
  TICKET_STATUSES,
  REVIEW_TABLE_STATUSES,
  PROMO_TABLE_STATUSES,
  JOB_RUN_STATUSES,
  utcDay,
} from '@localperks/shared';
import type { TableDefinition } from '../../../lib/data-table';
import { JOB_LABELS } from '../../../jobs/failures';
import { JOB_QUEUE_SCHEMA } from '../../../jobs/queue';

/*
 * The admin console's tables (issue 32, docs/decisions/0069-console-tables.md): each one's rows as SQL, its columns
 * (the CSV's headers), what its search matches, its filters and its sortable columns. Sortable columns are never
 * null here (lib/data-table.ts walks them as a keyset).
 */

/** Orders: one checkout of a customer, with its vouchers, payment and promo code. */
export const adminOrdersTable: TableDefinition = {
  name: 'orders',
  source: () => sql`
    select o.id, o.created_at as "createdAt", o.user_id as "customerId",
      coalesce(u.name, '') as "customerName", u.email as "customerEmail", o.status,
      (select count(*)::int from purchases p where p.order_id = o.id) as vouchers,
      o.total_cents as "totalCents", o.discount_cents as "discountCents", o.promo_code as "promoCode",
      o.provider, o.provider_session_id as "providerSessionId"
    from orders o join users u on u.id = o.user_id`,
  columns: [
    { id: 'id', label: 'Order' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'vouchers', label: 'Vouchers', isSortable: true },
    { id: 'totalCents', label: 'Total ($)', isSortable: true, isMoney: true },
    { id: 'discountCents', label: 'Discount ($)', isSortable: true, isMoney: true },
    { id: 'promoCode', label: 'Promo code' },
    { id: 'provider', label: 'Provider' },
    { id: 'providerSessionId', label: 'Provider id' },
    { id: 'customerId', label: 'Customer id' },
  ],
  search: ['id', 'customerName', 'customerEmail', 'promoCode', 'providerSessionId'],
  status: { column: 'status', values: ORDER_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/** Customers: every customer account but deleted ones, with what they bought. */
export const adminCustomersTable: TableDefinition = {
  name: 'customers',
  source: () => sql`
    select u.id, u.created_at as "createdAt", coalesce(u.name, '') as name, u.email,
      case when u.banned_at is not null then 'banned' when u.email_verified_at is null then 'unverified' else 'active' end as status,
      (select count(*)::int from orders o where o.user_id = u.id and o.status = 'paid') as orders,
      (select count(*)::int from purchases p where p.user_id = u.id) as vouchers,
      (select coalesce(sum(o.total_cents), 0)::float8 from orders o where o.user_id = u.id and o.status = 'paid') as "spentCents",
      u.banned_at as "bannedAt", u.ban_reason as "banReason"
    from users u where u.role = 'customer' and u.deleted_at is null`,
  columns: [
    { id: 'id', label: 'Customer id' },
    { id: 'createdAt', label: 'Joined', isSortable: true },
    { id: 'name', label: 'Name', isSortable: true },
    { id: 'email', label: 'E-mail', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'orders', label: 'Paid orders', isSortable: true },
    { id: 'vouchers', label: 'Vouchers', isSortable: true },
    { id: 'spentCents', label: 'Spent ($)', isSortable: true, isMoney: true },
    { id: 'bannedAt', label: 'Banned' },
    { id: 'banReason', label: 'Ban reason' },
  ],
  search: ['id', 'name', 'email'],
  status: { column: 'status', values: CUSTOMER_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/**
 * Merchants: every business, approved or waiting, with its owner's e-mail, plan and sales; its deals counted as the
 * Overview's Merchants with Deals counts them (removed ones apart, "active" on sale at `now`), each count one
 * subquery on `deals_merchant_listed_idx` per row of the page; its suspension's reason, its public page's slug and its
 * latest registration (the thread of messages with the admins) for the row's actions. The owner is a left join
 * on its key (never missing: a NOT NULL foreign key, and `email` is NOT NULL, so never null here): PostgreSQL drops it
 * from a page's ids and count unless they search or sort by the e-mail (a strict condition, so that search is an
 * inner join again, from the e-mails' trigram index), instead of joining 5,000 businesses to 200,000 users.
 */
export const adminMerchantsTable: TableDefinition = {
  name: 'merchants',
  source: ({ now }) => sql`
    select m.id, m.created_at as "createdAt", m.business_name as "businessName", u.email as "ownerEmail", m.city, m.state,
      m.subscription_plan as plan,
      case when m.suspended_at is not null then 'suspended' when m.approved then 'approved' else 'pending' end as status,
      m.commission_rate as "commissionRate",
      (select count(*)::int from deals d where d.merchant_id = m.id and d.status <> 'removed') as deals,
      (select count(*)::int from deals d where d.merchant_id = m.id and d.status = 'active'
        and d.expiration_date > ${now.toISOString()}::timestamptz) as "activeDeals",
      (select count(*)::int from deals d where d.merchant_id = m.id and d.status = 'removed') as "removedDeals",
      (select count(*)::int from purchases p where p.merchant_id = m.id) as "vouchersSold",
      m.slug, m.suspended_at as "suspendedAt", m.suspension_reason as "suspensionReason",
      (select r.id from merchant_registration_requests r where r.user_id = m.user_id
        order by r.created_at desc, r.id desc limit 1) as "registrationId"
    from merchants m left join users u on u.id = m.user_id`,
  columns: [
    { id: 'id', label: 'Merchant id' },
    { id: 'createdAt', label: 'Joined', isSortable: true },
    { id: 'businessName', label: 'Business', isSortable: true },
    { id: 'ownerEmail', label: 'Owner e-mail', isSortable: true },
    { id: 'city', label: 'City', isSortable: true },
    { id: 'state', label: 'State' },
    { id: 'plan', label: 'Plan', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'commissionRate', label: 'Commission (%)', isSortable: true },
    { id: 'deals', label: 'Deals', isSortable: true },
    { id: 'activeDeals', label: 'Active deals', isSortable: true },
    { id: 'removedDeals', label: 'Removed deals', isSortable: true },
    { id: 'vouchersSold', label: 'Vouchers sold', isSortable: true },
    { id: 'suspendedAt', label: 'Suspended' },
    { id: 'suspensionReason', label: 'Suspension reason' },
    { id: 'slug', label: 'Page' },
  ],
  search: ['id', 'businessName', 'ownerEmail', 'city'],
  status: { column: 'status', values: MERCHANT_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/**
 * Deals: every deal of every business, drafts and removed ones included (the status filter narrows them). The business
 * is a left join on its key (never missing, `business_name` NOT NULL), dropped from a page's ids unless they need it.
 */
export const adminDealsTable: TableDefinition = {
  name: 'deals',
  source: () => sql`
    select d.id, d.created_at as "createdAt", d.title, d.merchant_id as "merchantId", m.business_name as "merchantName",
      d.status, d.type, d.city, d.state, d.deal_price_cents as "dealPriceCents", d.original_price_cents as "originalPriceCents",
      d.discount_percentage as "discountPercentage", d.expiration_date as "expirationDate"
    from deals d left join merchants m on m.id = d.merchant_id`,
  columns: [
    { id: 'id', label: 'Deal id' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'title', label: 'Title', isSortable: true },
    { id: 'merchantName', label: 'Business', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'type', label: 'Type', isSortable: true },
    { id: 'city', label: 'City', isSortable: true },
    { id: 'state', label: 'State' },
    { id: 'dealPriceCents', label: 'Price ($)', isSortable: true, isMoney: true },
    { id: 'originalPriceCents', label: 'Original price ($)', isSortable: true, isMoney: true },
    { id: 'discountPercentage', label: 'Discount (%)', isSortable: true },
    { id: 'expirationDate', label: 'Sale ends', isSortable: true },
    { id: 'merchantId', label: 'Merchant id' },
  ],
  search: ['id', 'title', 'merchantName', 'city'],
  status: { column: 'status', values: DEAL_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/**
 * A voucher's state, as its holder sees it: refunded, forfeited and redeemed are final; otherwise expired once its
 * validity (`expiration_date`) has passed at `now` (the server's clock).
 */
export const voucherStatus = (now: Date) => sql`case
  when p.refunded_at is not null then 'refunded'
  when p.forfeited_at is not null then 'forfeited'
  when p.redeemed_at is not null then 'redeemed'
  when p.expiration_date <= ${now.toISOString()}::timestamptz then 'expired'
  else 'active' end`;

/**
 * Vouchers: every voucher sold, with its code, deal, business, holder and state. The holder is an inner join (a search
 * by name starts from the names' trigram index); the business a left join on its key, dropped when not needed.
 */
export const adminVouchersTable: TableDefinition = {
  name: 'vouchers',
  source: ({ now }) => sql`
    select p.id, p.purchased_at as "purchasedAt", p.redemption_code as code, p.order_id as "orderId", p.deal_title as "dealTitle",
      p.option_title as "optionTitle", m.business_name as "merchantName", coalesce(u.name, '') as "customerName",
      u.email as "customerEmail", ${voucherStatus(now)} as status, p.price_cents as "priceCents",
      p.expiration_date as "expirationDate", p.redeemed_at as "redeemedAt"
    from purchases p join users u on u.id = p.user_id left join merchants m on m.id = p.merchant_id`,
  columns: [
    { id: 'id', label: 'Voucher id' },
    { id: 'purchasedAt', label: 'Bought', isSortable: true },
    { id: 'code', label: 'Code', isSortable: true },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'optionTitle', label: 'Option' },
    { id: 'merchantName', label: 'Business', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'priceCents', label: 'Price ($)', isSortable: true, isMoney: true },
    { id: 'expirationDate', label: 'Valid until', isSortable: true },
    { id: 'redeemedAt', label: 'Redeemed' },
    { id: 'orderId', label: 'Order id' },
  ],
  search: ['id', 'code', 'orderId', 'dealTitle', 'merchantName', 'customerName', 'customerEmail'],
  status: { column: 'status', values: VOUCHER_TABLE_STATUSES },
  date: 'purchasedAt',
  defaultSort: 'purchasedAt',
};

/**
 * What refunding voucher `p` gives back, in SQL: refunds.service.ts `voucherRefundCents` (its price less its promo
 * share, plus its share of the order's tax: the tax split over the order's lines by what each cost, in id order,
 * then over the line's vouchers, in id order, each share the difference of two rounded running totals, as
 * `allocateCents`). The admin-tables test checks it against that function.
 */
const voucherRefundCents = sql`(p.price_cents - p.discount_cents + coalesce((
    select case when v.k < l.quantity
      then (round(l.tax * (v.k + 1)::numeric / l.quantity) - round(l.tax * v.k::numeric / l.quantity))::int else 0 end
    from (
      select x.id, x.deal_id, x.option_id, x.quantity,
        case when x.total <= 0 then 0
          else round(x.tax_cents::numeric * x.upto / x.total) - round(x.tax_cents::numeric * (x.upto - x.w) / x.total) end as tax
      from (
        select i.id, i.deal_id, i.option_id, i.quantity, o2.tax_cents, i.unit_price_cents * i.quantity - i.discount_cents as w,
          sum(i.unit_price_cents * i.quantity - i.discount_cents) over (order by i.id) as upto,
          sum(i.unit_price_cents * i.quantity - i.discount_cents) over () as total
        from order_items i join orders o2 on o2.id = i.order_id where i.order_id = p.order_id
      ) x
    ) l,
    lateral (select count(*)::int as k from purchases p2 where p2.order_id = p.order_id and p2.deal_id = p.deal_id
      and p2.option_id is not distinct from p.option_id and p2.id < p.id) v
    where l.deal_id = p.deal_id and l.option_id is not distinct from p.option_id
    order by l.id desc limit 1), 0))::int`;

/** A chargeback that stops a refund of the order's vouchers: lost first, else open (disputes.service.ts `refundBlockingDisputeOf`). */
const blockingDispute = (orderId: SQL) => sql`(select d.status from disputes d where d.order_id = ${orderId}
  and d.status in (${sql.join(
    REFUND_BLOCKING_DISPUTE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) order by d.status = 'lost' desc limit 1)`;

/** The request behind a refunded voucher (its note, the merchant's answer, the decision): one of its columns, or `value` of it. */
const ofRequest = (value: string | SQL) =>
  sql`(select ${typeof value === 'string' ? sql`q.${sql.identifier(value)}` : value} from refund_requests q
    where q.purchase_id = r.purchase_id and q.status = 'refunded' order by q.created_at desc limit 1)`;

/** Who decided a request: the admin's name, else their e-mail. */
const deciderName = sql`coalesce(nullif(du.name, ''), du.email)`;

/**
 * Refunds: the Refunds section's one list (issue 32). Every refund of an order's line or voucher, pending or paid
 * back, with its provider's id and, for a voucher a customer asked back, the request's note, answer and decision;
 * and every customer's refund request not refunded (yet): waiting for the merchant's answer or an admin's decision,
 * or declined, with what refunding it would give back and the chargeback that would stop it. A request once
 * refunded is its refund's row, so no voucher is listed twice. A refund keeps its customer, business and deal title
 * (migration 0050), so its half reads no order or deal (docs/decisions/0074). The customer is an inner join, so a
 * search by name or e-mail starts from the customers' trigram indexes; the business a left join on its key (never
 * missing: a NOT NULL foreign key, so `business_name` is never null here).
 */
export const adminRefundsTable: TableDefinition = {
  name: 'refunds',
  source: () => sql`
    select r.id, 'refund' as kind, r.created_at as "createdAt", r.order_id as "orderId", coalesce(u.name, '') as "customerName",
      u.email as "customerEmail", r.deal_title as "dealTitle", m.business_name as "merchantName", r.amount_cents as "amountCents",
      r.reason, r.status, r.provider, r.provider_refund_id as "providerRefundId", r.refunded_at as "refundedAt",
      p.redemption_code as "voucherCode", ${ofRequest('note')} as note, ${ofRequest('merchant_response')} as "merchantResponse",
      ${ofRequest('decision_text')} as "decisionText", ${ofRequest(sql`(select ${deciderName} from users du where du.id = q.decided_by)`)} as "decidedByName", null::timestamptz as "deadlineAt",
      null::text as dispute
    from order_refunds r join users u on u.id = r.customer_id left join merchants m on m.id = r.merchant_id
      left join purchases p on p.id = r.purchase_id
    union all
    select q.id, 'request' as kind, q.created_at as "createdAt", p.order_id as "orderId", coalesce(u.name, '') as "customerName",
      u.email as "customerEmail", p.deal_title as "dealTitle", m.business_name as "merchantName", ${voucherRefundCents} as "amountCents",
      q.reason, q.status, o.provider, null as "providerRefundId", null::timestamptz as "refundedAt",
      p.redemption_code as "voucherCode", q.note, q.merchant_response as "merchantResponse", q.decision_text as "decisionText",
      (select ${deciderName} from users du where du.id = q.decided_by) as "decidedByName", q.deadline_at as "deadlineAt", ${blockingDispute(sql`p.order_id`)} as dispute
    from refund_requests q join purchases p on p.id = q.purchase_id join orders o on o.id = p.order_id
      join users u on u.id = q.customer_id join merchants m on m.id = q.merchant_id
    where not exists (select 1 from order_refunds r2 where r2.purchase_id = q.purchase_id)`,
  columns: [
    { id: 'id', label: 'Refund or request id' },
    { id: 'kind', label: 'Kind' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail', isSortable: true },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'merchantName', label: 'Business', isSortable: true },
    { id: 'voucherCode', label: 'Voucher' },
    { id: 'amountCents', label: 'Amount ($)', isSortable: true, isMoney: true },
    { id: 'reason', label: 'Reason', isSortable: true },
    { id: 'note', label: 'Customer note' },
    { id: 'merchantResponse', label: 'Merchant answer' },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'deadlineAt', label: 'Merchant deadline' },
    { id: 'decisionText', label: 'Decision' },
    { id: 'decidedByName', label: 'Decided by' },
    { id: 'dispute', label: 'Chargeback' },
    { id: 'provider', label: 'Provider' },
    { id: 'providerRefundId', label: 'Provider refund id' },
    { id: 'refundedAt', label: 'Refunded' },
    { id: 'orderId', label: 'Order id' },
  ],
  search: ['id', 'orderId', 'customerName', 'customerEmail', 'dealTitle', 'merchantName', 'providerRefundId', 'voucherCode'],
  status: { column: 'status', values: ADMIN_REFUND_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/**
 * Payouts: every business's payout period, its figures and its state. The date filter reads the payout date (a
 * calendar day, midnight in New York as `payoutAt`). The admin's also say what the Payout Management list said of
 * each: how it was paid, why it failed (and when it is tried again) or is held, whether it is overdue (as
 * payouts.service.ts `overdueSql`) and whether its business's suspension holds it; a merchant's own payouts table
 * (merchant-tables.ts) has a source of its own without the admins' flags.
 */
/** What both payouts tables (the admins' and a business's own) read of a payout `p` and its business `m`. */
export const payoutFields = sql`p.id, p.merchant_id as "merchantId", m.business_name as "merchantName",
  p.period_start::text as "periodStart", p.period_end::text as "periodEnd", p.payout_date::text as "payoutDate",
  (p.payout_date::timestamp at time zone ${BUSINESS_TIME_ZONE}) as "payoutAt", p.total_purchases as "totalPurchases",
  p.gross_cents::float8 as "grossCents", p.commission_cents::float8 as "commissionCents",
  p.refunds_cents::float8 as "refundsCents", p.net_cents::float8 as "netCents", p.state as status, p.paid_at as "paidAt",
  p.transfer_id as "transferId", case when p.is_paid then p.paid_via end as "paidVia",
  case when p.state = 'failed' then p.failure_reason end as "failureReason"`;

/** The columns both payouts tables show of `payoutFields`' period and its sums, in this order. */
export const payoutPeriodColumns: TableDefinition['columns'] = [
  { id: 'periodStart', label: 'Period start', isSortable: true },
  { id: 'periodEnd', label: 'Period end' },
  { id: 'totalPurchases', label: 'Vouchers', isSortable: true },
  { id: 'grossCents', label: 'Gross ($)', isSortable: true, isMoney: true },
  { id: 'commissionCents', label: 'Commission ($)', isSortable: true, isMoney: true },
  { id: 'refundsCents', label: 'Refunds ($)', isSortable: true, isMoney: true },
];

export const adminPayoutsTable: TableDefinition = {
  name: 'payouts',
  source: ({ now }) => sql`
    select ${payoutFields},
      case when p.state = 'failed' then p.next_attempt_at end as "nextAttemptAt", p.held_reason as "heldReason",
      (not p.is_paid and p.payout_date < ${utcDay(now)}::date
        and p.state not in ('waiting_for_account', 'held')) as "isOverdue",
      (not p.is_paid and m.suspended_at is not null) as "isHeld"
    from merchant_payouts p left join merchants m on m.id = p.merchant_id`,
  columns: [
    { id: 'id', label: 'Payout id' },
    { id: 'payoutDate', label: 'Payout date', isSortable: true },
    { id: 'merchantName', label: 'Business', isSortable: true },
    ...payoutPeriodColumns,
    { id: 'netCents', label: 'Net ($)', isSortable: true, isMoney: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'paidAt', label: 'Paid' },
    { id: 'transferId', label: 'Transfer id' },
    { id: 'merchantId', label: 'Merchant id' },
    { id: 'paidVia', label: 'Paid via' },
    { id: 'failureReason', label: 'Failure reason' },
    { id: 'nextAttemptAt', label: 'Next attempt' },
    { id: 'heldReason', label: 'Held because' },
    // Sorted by, the overdue ones come first (the Overview's "Review overdue payouts" opens the table so).
    { id: 'isOverdue', label: 'Overdue', isSortable: true },
    { id: 'isHeld', label: 'Held: business suspended' },
  ],
  search: ['id', 'merchantName', 'transferId'],
  status: { column: 'status', values: PAYOUT_STATES },
  date: 'payoutAt',
  defaultSort: 'payoutDate',
};

/**
 * Disputes: every chargeback a bank opened, its order and customer, the business whose voucher it names (or the
 * order's businesses), the amount, the fee passed on if lost, and its state.
 */
export const adminDisputesTable: TableDefinition = {
  name: 'disputes',
  source: () => sql`
    select d.id, d.opened_at as "openedAt", d.provider, d.provider_dispute_id as "providerDisputeId", d.order_id as "orderId",
      coalesce(u.name, '') as "customerName", u.email as "customerEmail",
      coalesce(m.business_name, (select string_agg(distinct m2.business_name, ', ') from purchases p2 join merchants m2 on m2.id = p2.merchant_id
        where p2.order_id = d.order_id), '') as "merchantName",
      d.amount_cents as "amountCents", d.fee_cents as "feeCents", coalesce(d.reason, '') as reason, d.status, d.closed_at as "closedAt"
    from disputes d join orders o on o.id = d.order_id join users u on u.id = o.user_id
      left join purchases p on p.id = d.purchase_id left join merchants m on m.id = p.merchant_id`,
  columns: [
    { id: 'id', label: 'Dispute id' },
    { id: 'openedAt', label: 'Opened', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail', isSortable: true },
    { id: 'merchantName', label: 'Business', isSortable: true },
    { id: 'amountCents', label: 'Amount ($)', isSortable: true, isMoney: true },
    { id: 'feeCents', label: 'Fee ($)', isSortable: true, isMoney: true },
    { id: 'reason', label: 'Reason', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'closedAt', label: 'Closed' },
    { id: 'provider', label: 'Provider' },
    { id: 'providerDisputeId', label: 'Provider dispute id' },
    { id: 'orderId', label: 'Order id' },
  ],
  search: ['id', 'orderId', 'providerDisputeId', 'customerName', 'customerEmail', 'merchantName', 'reason'],
  status: { column: 'status', values: DISPUTE_STATUSES },
  date: 'openedAt',
  defaultSort: 'openedAt',
};

/** Support tickets: every ticket, its sender, state, owner and how many messages it holds; the latest activity first. */
export const adminTicketsTable: TableDefinition = {
  name: 'support-tickets',
  source: () => sql`
    select t.id, t.created_at as "createdAt", t.updated_at as "updatedAt", t.subject, t.name, t.email, t.customer_id as "customerId",
      t.status, t.assigned_to as "assignedTo", coalesce(a.name, a.email, '') as assignee,
      (select count(*)::int from support_messages sm where sm.ticket_id = t.id) as messages
    from support_tickets t left join users a on a.id = t.assigned_to`,
  columns: [
    { id: 'id', label: 'Ticket id' },
    { id: 'createdAt', label: 'Opened', isSortable: true },
    { id: 'updatedAt', label: 'Last activity', isSortable: true },
    { id: 'subject', label: 'Subject', isSortable: true },
    { id: 'name', label: 'Name', isSortable: true },
    { id: 'email', label: 'E-mail', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'assignee', label: 'Assigned to', isSortable: true },
    { id: 'messages', label: 'Messages', isSortable: true },
    { id: 'customerId', label: 'Customer id' },
  ],
  search: ['id', 'subject', 'name', 'email', 'assignee'],
  status: { column: 'status', values: TICKET_STATUSES },
  date: 'createdAt',
  defaultSort: 'updatedAt',
};

/**
 * Reviews: every verified review, its stars, writer, deal and business; "reported" while published with reports
 * not dealt with (the moderation queue), "hidden" once an admin hid it.
 */
export const adminReviewsTable: TableDefinition = {
  name: 'reviews',
  source: () => sql`
    select r.id, r.created_at as "createdAt", r.rating, coalesce(r.title, '') as title, r.body,
      case when r.status = 'hidden' then 'hidden' when r.open_reports > 0 then 'reported' else 'published' end as status,
      r.open_reports as "openReports", coalesce(u.name, '') as "customerName", u.email as "customerEmail", d.title as "dealTitle",
      m.business_name as "merchantName", r.reply_text is not null as replied, coalesce(r.moderation_reason, '') as "moderationReason",
      coalesce((select string_agg(rr.reason || coalesce(': ' || rr.note, ''), '; ' order by rr.created_at) from review_reports rr
        where rr.review_id = r.id and rr.resolved_at is null), '') as reports
    from reviews r join users u on u.id = r.user_id join deals d on d.id = r.deal_id join merchants m on m.id = r.merchant_id`,
  columns: [
    { id: 'id', label: 'Review id' },
    { id: 'createdAt', label: 'Written', isSortable: true },
    { id: 'rating', label: 'Stars', isSortable: true },
    { id: 'title', label: 'Title' },
    { id: 'body', label: 'Review' },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'openReports', label: 'Open reports', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail' },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'merchantName', label: 'Business', isSortable: true },
    { id: 'replied', label: 'Business replied' },
    { id: 'moderationReason', label: 'Moderation reason' },
    { id: 'reports', label: 'Open reports (reasons)' },
  ],
  search: ['id', 'title', 'body', 'customerName', 'customerEmail', 'dealTitle', 'merchantName'],
  status: { column: 'status', values: REVIEW_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/** Promo codes: the platform's and every business's, their discount, window, uses and state by the server's clock. */
export const adminPromoCodesTable: TableDefinition = {
  name: 'promo-codes',
  source: ({ now }) => sql`
    select p.id, p.created_at as "createdAt", p.code, p.merchant_id as "merchantId", coalesce(m.business_name, 'LocalPerks') as "ownerName",
      p.kind, p.percent_off as "percentOff", p.amount_off_cents as "amountOffCents", p.min_subtotal_cents as "minSubtotalCents",
      p.starts_at as "startsAt", p.ends_at as "endsAt", p.used_count as "usedCount", p.max_uses as "maxUses",
      case when not p.active then 'deactivated'
        when p.ends_at <= ${now.toISOString()}::timestamptz then 'ended'
        when p.max_uses is not null and p.used_count >= p.max_uses then 'used_up'
        when p.starts_at > ${now.toISOString()}::timestamptz then 'scheduled'
        else 'active' end as status
    from promo_codes p left join merchants m on m.id = p.merchant_id`,
  columns: [
    { id: 'id', label: 'Promo code id' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'code', label: 'Code', isSortable: true },
    { id: 'ownerName', label: 'Funded by', isSortable: true },
    { id: 'kind', label: 'Kind' },
    { id: 'percentOff', label: 'Percent off' },
    { id: 'amountOffCents', label: 'Amount off ($)', isMoney: true },
    { id: 'minSubtotalCents', label: 'Minimum order ($)', isSortable: true, isMoney: true },
    { id: 'startsAt', label: 'Starts', isSortable: true },
    { id: 'endsAt', label: 'Ends', isSortable: true },
    { id: 'usedCount', label: 'Uses', isSortable: true },
    { id: 'maxUses', label: 'Maximum uses' },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'merchantId', label: 'Merchant id' },
  ],
  search: ['id', 'code', 'ownerName'],
  status: { column: 'status', values: PROMO_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};

/** Each job's name and label, as SQL rows to join the queue's runs to. */
const jobLabels = () =>
  sql`(values ${sql.join(
    Object.entries(JOB_LABELS).map(([name, label]) => sql`(${name}, ${label})`),
    sql`, `,
  )}) as l(name, label)`;

/**
 * A run's columns, read alike from the queue's live table and its archive (pg-boss 10, schema `pgboss`); pg-boss's own
 * runs (`__pgboss__send-it`, its cron's dispatch every minute) are none of ours.
 */
const runs = (table: 'job' | 'archive') => sql`
  select id, name, state::text as state, created_on, started_on, completed_on, retry_count, output from ${sql.identifier(JOB_QUEUE_SCHEMA)}.${sql.identifier(table)}
  where left(name, 8) <> '__pgboss'`;

/**
 * Background jobs: every run the job queue holds (the live table and the week-long archive), its job's label, its
 * state, its times, its retries and its last error. `queueInstalled` false (a database the queue never started on):
 * no rows.
 */
export const adminJobsTable = (queueInstalled: boolean): TableDefinition => ({
  name: 'background-jobs',
  source: () =>
    queueInstalled
      ? sql`
    select j.id, j.created_on as "createdAt", j.name, coalesce(l.label, j.name) as label, j.state as status,
      j.started_on as "startedAt", j.completed_on as "completedAt", j.retry_count as "retryCount",
      coalesce(j.output->>'message', j.output->'value'->>'message', '') as error
    from (${runs('job')} union all ${runs('archive')}) j left join ${jobLabels()} on l.name = j.name`
      : sql`
    select null::uuid as id, now() as "createdAt", '' as name, '' as label, '' as status, null::timestamptz as "startedAt",
      null::timestamptz as "completedAt", 0 as "retryCount", '' as error where false`,
  columns: [
    { id: 'id', label: 'Run id' },
    { id: 'createdAt', label: 'Queued', isSortable: true },
    { id: 'name', label: 'Job', isSortable: true },
    { id: 'label', label: 'What it does' },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'startedAt', label: 'Started' },
    { id: 'completedAt', label: 'Finished' },
    { id: 'retryCount', label: 'Retries', isSortable: true },
    { id: 'error', label: 'Error' },
  ],
  search: ['id', 'name', 'label', 'error'],
  status: { column: 'status', values: JOB_RUN_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
});

/** The audit trail: who of the admins did what to which record, and its details, newest first. */
export const adminAuditTable: TableDefinition = {
  name: 'audit-trail',
  source: () => sql`
    select a.id, a.created_at as "createdAt", coalesce(u.name, '') as "adminName", coalesce(u.email, '') as "adminEmail", a.action,
      split_part(a.action, '.', 1) as area, a.entity_type as "entityType", coalesce(a.entity_id::text, '') as "entityId",
      a.details::text as details
    from admin_audit_log a left join users u on u.id = a.admin_id`,
  columns: [
    { id: 'id', label: 'Entry id' },
    { id: 'createdAt', label: 'When', isSortable: true },
    { id: 'adminName', label: 'Admin', isSortable: true },
    { id: 'adminEmail', label: 'Admin e-mail', isSortable: true },
    { id: 'action', label: 'Action', isSortable: true },
    { id: 'entityType', label: 'Record', isSortable: true },
    { id: 'entityId', label: 'Record id' },
    { id: 'details', label: 'Details' },
  ],
  search: ['action', 'entityType', 'entityId', 'adminName', 'adminEmail', 'details'],
  // What the action was done to (its first word): `admin` is the Settings section's changes to admin accounts.
  status: { column: 'area', values: AUDIT_AREAS },
  date: 'createdAt',
  defaultSort: 'createdAt',
};
