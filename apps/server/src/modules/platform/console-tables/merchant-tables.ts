import { sql } from 'drizzle-orm';
import { REFUND_TABLE_STATUSES, VOUCHER_TABLE_STATUSES } from '@localperks/shared';
import type { TableDefinition, TableScope } from '../../../lib/data-table';
import { AppError } from '../../../lib/errors';
import { ADMIN_ONLY_PAYOUT_COLUMNS, adminDealsTable, adminPayoutsTable, voucherStatus } from './admin-tables';

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

/** An admin table whose rows carry `merchantId`, restricted to the signed-in business. */
const ofTheBusiness = (def: TableDefinition): TableDefinition => ({
  ...def,
  source: (scope) =>
    sql`select * from (${def.source(scope)}) b where b."merchantId" in (select id from merchants where user_id = ${ownerOf(scope)})`,
});

/** The business's deals, drafts and removed ones included. */
export const merchantDealsTable = ofTheBusiness(adminDealsTable);

/** The business's payouts, without what only an admin reads of them. */
export const merchantPayoutsTable: TableDefinition = {
  ...ofTheBusiness(adminPayoutsTable),
  columns: adminPayoutsTable.columns.filter((c) => !ADMIN_ONLY_PAYOUT_COLUMNS.has(c.id)),
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
