import { sql } from 'drizzle-orm';
import { REFUND_TABLE_STATUSES, VOUCHER_TABLE_STATUSES } from '@localperks/shared';
import type { TableDefinition, TableScope } from '../../../lib/data-table';
import { AppError } from '../../../lib/errors';
import { adminDealsTable, adminPayoutsTable, payoutFields, payoutPeriodColumns, voucherStatus } from './admin-tables';

/*
 * A merchant's console tables (issue 32, docs/decisions/0069-console-tables.md): the business's deals, vouchers
 * sold, redemptions, refunds and payouts. Every source is restricted to the signed-in person's business (its
 * owner's user id, the session's `merchantOwnerId`, which staff share with their owner); without one it refuses.
 * Customers are named, never given by e-mail, and vouchers not yet redeemed show only their code's last four
 * characters (as the payout statement does): the full code is the customer's proof of purchase.
 */

/** The business's owner, or a refusal: a merchant table never runs unscoped. */
function ownerOf(scope: TableScope): string {
  if (!scope.merchantOwnerId) throw new AppError('FORBIDDEN', 'This is only available to merchant accounts.');
  return scope.merchantOwnerId;
}

/**
 * The business's deals, drafts and the ones an admin took down included (a deal the merchant deleted is gone, as it
 * was from the old list), with what the merchant's deal list showed and its actions need: the crowd-vote's progress,
 * the boost running (by the server's clock), vouchers sold, whether the deletion rule lets it go, and a removal's
 * appeal and boost refund. The per-row lookups run on the page's rows only (PostgreSQL evaluates a select list's
 * subqueries after the sort and limit), each by an index: purchases by the business's `purchases_merchant_idx`,
 * appeals by `deal_appeals_deal_idx`, charges by `merchant_charges_merchant_idx`.
 */
export const merchantDealsTable: TableDefinition = {
  ...adminDealsTable,
  source: (scope) => sql`
    select d.id, d.created_at as "createdAt", d.title, d.merchant_id as "merchantId", m.business_name as "merchantName",
      d.status, d.type, d.city, d.state, d.category_id as "categoryId", d.deal_price_cents as "dealPriceCents",
      d.original_price_cents as "originalPriceCents", d.discount_percentage as "discountPercentage",
      d.expiration_date as "expirationDate", d.votes_required as "votesRequired", d.current_votes as "currentVotes",
      d.voting_end_date as "votingEndDate", d.boost_days as "boostDays", d.unlocked_at as "unlockedAt",
      case when d.boosted_until > ${scope.now.toISOString()}::timestamptz then d.boosted_until end as "boostedUntil",
      d.moderation_reason as "moderationReason",
      (d.status <> 'removed' and (d.type <> 'perkboost' or (d.unlocked_at is null and d.status in ('draft', 'expired')))) as "canDelete",
      (select count(*)::int from purchases p where p.merchant_id = d.merchant_id and p.deal_id = d.id) as "purchaseCount",
      case when d.status = 'removed' then (select a.status from deal_appeals a where a.deal_id = d.id order by a.created_at desc limit 1) end
        as "appealStatus",
      case when d.status = 'removed' then (select a.decision_text from deal_appeals a where a.deal_id = d.id order by a.created_at desc limit 1) end
        as "appealDecision",
      case when d.status = 'removed' then (select coalesce(sum(r.amount_cents), 0)::int from merchant_charge_refunds r
        join merchant_charges c on c.id = r.charge_id where c.merchant_id = d.merchant_id and c.deal_id = d.id) else 0 end as "boostRefundCents"
    from deals d join merchants m on m.id = d.merchant_id
    where m.user_id = ${ownerOf(scope)} and (d.status <> 'removed' or d.moderation_reason is not null)`,
  search: ['id', 'title', 'city'],
};

/**
 * The business's payouts: the admin's payout columns and what the merchant's payout list showed besides (refunds,
 * deductions and dispute fees, what was carried in and forward, how it was paid or why its transfer failed). One
 * business has two payouts a month, so the merchant's `merchant_payouts_period_key` (merchant_id, period_start)
 * index gives its rows.
 */
export const merchantPayoutsTable: TableDefinition = {
  ...adminPayoutsTable,
  source: (scope) => sql`
    select ${payoutFields}, p.deductions_cents::float8 as "deductionsCents", p.dispute_fees_cents::float8 as "disputeFeesCents",
      p.carried_in_cents::float8 as "carriedInCents", p.carried_forward_cents::float8 as "carriedForwardCents"
    from merchant_payouts p join merchants m on m.id = p.merchant_id
    where m.user_id = ${ownerOf(scope)}`,
  columns: [
    { id: 'id', label: 'Payout id' },
    { id: 'payoutDate', label: 'Payout date', isSortable: true },
    ...payoutPeriodColumns,
    { id: 'deductionsCents', label: 'Deductions ($)', isSortable: true, isMoney: true },
    { id: 'disputeFeesCents', label: 'Dispute fees ($)', isSortable: true, isMoney: true },
    { id: 'carriedInCents', label: 'Carried in ($)', isMoney: true },
    { id: 'carriedForwardCents', label: 'Carried forward ($)', isMoney: true },
    { id: 'netCents', label: 'Net ($)', isSortable: true, isMoney: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'paidAt', label: 'Paid' },
    { id: 'transferId', label: 'Transfer id' },
    { id: 'paidVia', label: 'Paid via' },
    { id: 'failureReason', label: 'Transfer failure' },
  ],
  search: ['id', 'transferId'],
};

/** Vouchers sold: what, to whom (by name), when, at what price and commission, and their state. */
export const merchantVouchersTable: TableDefinition = {
  name: 'vouchers-sold',
  source: (scope) => sql`
    select p.id, p.purchased_at as "purchasedAt",
      case when p.redeemed_at is null then '•••• ' || right(p.redemption_code, 4) else p.redemption_code end as code,
      p.deal_title as "dealTitle", p.option_title as "optionTitle", coalesce(u.name, '') as "customerName",
      ${voucherStatus(scope.now)} as status, p.price_cents as "priceCents", p.commission_cents as "commissionCents",
      p.expiration_date as "expirationDate", p.redeemed_at as "redeemedAt"
    from purchases p join users u on u.id = p.user_id
    where p.merchant_id in (select id from merchants where user_id = ${ownerOf(scope)})`,
  columns: [
    { id: 'id', label: 'Voucher id' },
    { id: 'purchasedAt', label: 'Bought', isSortable: true },
    { id: 'code', label: 'Code' },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'optionTitle', label: 'Option' },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'priceCents', label: 'Price ($)', isSortable: true, isMoney: true },
    { id: 'commissionCents', label: 'Commission ($)', isSortable: true, isMoney: true },
    { id: 'expirationDate', label: 'Valid until', isSortable: true },
    { id: 'redeemedAt', label: 'Redeemed' },
  ],
  search: ['code', 'dealTitle', 'optionTitle', 'customerName'],
  status: { column: 'status', values: VOUCHER_TABLE_STATUSES },
  date: 'purchasedAt',
  defaultSort: 'purchasedAt',
};

/** Redemptions: every voucher redeemed at the counter, when and by whom of the business. */
export const merchantRedemptionsTable: TableDefinition = {
  name: 'redemptions',
  source: (scope) => sql`
    select p.id, p.redeemed_at as "redeemedAt", p.redemption_code as code, p.deal_title as "dealTitle",
      p.option_title as "optionTitle", coalesce(u.name, '') as "customerName",
      coalesce(r.name, r.email, '') as "redeemedBy", p.price_cents as "priceCents"
    from purchases p join users u on u.id = p.user_id left join users r on r.id = p.redeemed_by
    where p.redeemed_at is not null and p.merchant_id in (select id from merchants where user_id = ${ownerOf(scope)})`,
  columns: [
    { id: 'id', label: 'Voucher id' },
    { id: 'redeemedAt', label: 'Redeemed', isSortable: true },
    { id: 'code', label: 'Code', isSortable: true },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'optionTitle', label: 'Option' },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'redeemedBy', label: 'Redeemed by', isSortable: true },
    { id: 'priceCents', label: 'Price ($)', isSortable: true, isMoney: true },
  ],
  search: ['code', 'dealTitle', 'optionTitle', 'customerName', 'redeemedBy'],
  date: 'redeemedAt',
  defaultSort: 'redeemedAt',
};

/** Refunds of the business's vouchers and order lines: how much, why, and whether it is paid back yet. */
export const merchantRefundsTable: TableDefinition = {
  name: 'refunds',
  source: (scope) => sql`
    select r.id, r.created_at as "createdAt", r.deal_title as "dealTitle", coalesce(u.name, '') as "customerName",
      r.amount_cents as "amountCents", r.reason, r.status, r.refunded_at as "refundedAt"
    from order_refunds r left join users u on u.id = r.customer_id
    where r.merchant_id in (select id from merchants where user_id = ${ownerOf(scope)})`,
  columns: [
    { id: 'id', label: 'Refund id' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'amountCents', label: 'Amount ($)', isSortable: true, isMoney: true },
    { id: 'reason', label: 'Reason', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'refundedAt', label: 'Refunded' },
  ],
  search: ['id', 'dealTitle', 'customerName'],
  status: { column: 'status', values: REFUND_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};
