import type { ColumnDef } from '@tanstack/react-table';
import {
  type AdminCustomerRow,
  type AdminDealRow,
  type AdminMerchantRow,
  type AdminPayoutRow,
  type AdminRefundRow,
  type AdminVoucherRow,
  paths,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import {
  code,
  DEAL_STATUS,
  linked,
  money,
  PAYOUT_STATUS,
  payoutDate,
  person,
  plain,
  REFUND_STATUS,
  status,
  titled,
  VOUCHER_STATUS,
  when,
  words,
} from './table-columns';

/*
 * The admin console's tables after Orders (issue 32, docs/decisions/0069-console-tables.md): customers, merchants,
 * deals, vouchers, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/admin/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 */

const customerColumns: ColumnDef<AdminCustomerRow>[] = [
  linked(
    person(
      'name',
      'Customer',
      (r) => r.name,
      (r) => r.email,
    ),
    'customer',
    (r) => paths.adminCustomer(r.id),
  ),
  when('createdAt', 'Joined', (r) => r.createdAt, false),
  status({ active: 'green', unverified: 'amber', banned: 'red' }),
  plain('orders', 'Paid orders', (r) => r.orders),
  plain('vouchers', 'Vouchers', (r) => r.vouchers),
  money('spentCents', 'Spent', (r) => r.spentCents),
];

/** Every customer account (owners and support), beside the ban list of the Customers section. */
export function AdminCustomersTable() {
  return (
    <ServerTable
      label="Customers table"
      path="/api/admin/tables/customers"
      load={(query) => api.get('/api/admin/tables/customers', { query })}
      columns={customerColumns}
      statuses={{ active: 'Active', unverified: 'Unverified', banned: 'Banned' }}
      hasDates
      searchLabel="Search all customers"
      searchHint="Name, e-mail or customer id"
      none="No customer has signed up yet."
    />
  );
}

const merchantColumns: ColumnDef<AdminMerchantRow>[] = [
  linked(
    person(
      'businessName',
      'Business',
      (r) => r.businessName,
      (r) => r.ownerEmail,
    ),
    'merchant',
    (r) => paths.adminMerchant(r.id),
  ),
  when('createdAt', 'Joined', (r) => r.createdAt, false),
  status({ approved: 'green', pending: 'amber', suspended: 'red' }),
  plain('city', 'City', (r) => `${r.city}, ${r.state}`),
  plain('plan', 'Plan', (r) => words(r.plan)),
  plain('commissionRate', 'Commission', (r) => `${r.commissionRate}%`),
  plain('deals', 'Deals', (r) => r.deals),
  plain('vouchersSold', 'Vouchers sold', (r) => r.vouchersSold),
];

/** Every business (owners): approved, waiting or suspended, with its plan and sales. */
export function AdminMerchantsTable() {
  return (
    <ServerTable
      label="Merchants table"
      path="/api/admin/tables/merchants"
      load={(query) => api.get('/api/admin/tables/merchants', { query })}
      columns={merchantColumns}
      statuses={{ approved: 'Approved', pending: 'Waiting for approval', suspended: 'Suspended' }}
      hasDates
      searchLabel="Search merchants"
      searchHint="Business, owner e-mail, city or id"
      none="No business has registered yet."
    />
  );
}

const dealColumns: ColumnDef<AdminDealRow>[] = [
  titled(
    'title',
    'Deal',
    (r) => r.title,
    (r) => [`${r.type === 'perkboost' ? 'PerkBoost · ' : ''}${r.city}, ${r.state}`],
  ),
  linked(
    plain('merchantName', 'Business', (r) => r.merchantName),
    'merchant',
    (r) => paths.adminMerchant(r.merchantId),
  ),
  when('createdAt', 'Created', (r) => r.createdAt, false),
  status(DEAL_STATUS.tones),
  money('dealPriceCents', 'Price', (r) => r.dealPriceCents),
  plain('discountPercentage', 'Discount', (r) => `${r.discountPercentage}%`),
  when('expirationDate', 'Sale ends', (r) => r.expirationDate, false),
];

/** Every deal of every business (owners), drafts and removed ones included. */
export function AdminDealsTable() {
  return (
    <ServerTable
      label="Deals"
      path="/api/admin/tables/deals"
      load={(query) => api.get('/api/admin/tables/deals', { query })}
      columns={dealColumns}
      statuses={DEAL_STATUS.labels}
      hasDates
      searchLabel="Search deals"
      searchHint="Title, business, city or deal id"
      none="No deal has been created yet."
    />
  );
}

const voucherColumns: ColumnDef<AdminVoucherRow>[] = [
  linked(
    code('code', 'Code', (r) => r.code, true),
    'order',
    (r) => paths.adminOrder(r.orderId),
  ),
  titled(
    'dealTitle',
    'Deal',
    (r) => r.dealTitle,
    (r) => [r.optionTitle, r.merchantName],
  ),
  person(
    'customerName',
    'Customer',
    (r) => r.customerName,
    (r) => r.customerEmail,
  ),
  when('purchasedAt', 'Bought', (r) => r.purchasedAt),
  status(VOUCHER_STATUS.tones),
  money('priceCents', 'Price', (r) => r.priceCents),
  when('expirationDate', 'Valid until', (r) => r.expirationDate, false),
];

/** Every voucher sold (every admin): find one by its code, its holder or its business. */
export function AdminVouchersTable() {
  return (
    <ServerTable
      label="Vouchers"
      path="/api/admin/tables/vouchers"
      load={(query) => api.get('/api/admin/tables/vouchers', { query })}
      columns={voucherColumns}
      statuses={VOUCHER_STATUS.labels}
      hasDates
      searchLabel="Search vouchers"
      searchHint="Code, customer, e-mail, deal, business or order id"
      none="No voucher has been sold yet."
    />
  );
}

const refundColumns: ColumnDef<AdminRefundRow>[] = [
  when('createdAt', 'Created', (r) => r.createdAt),
  person(
    'customerName',
    'Customer',
    (r) => r.customerName,
    (r) => r.customerEmail,
  ),
  linked(
    titled(
      'dealTitle',
      'Deal',
      (r) => r.dealTitle,
      (r) => [r.merchantName],
    ),
    'order',
    (r) => paths.adminOrder(r.orderId),
  ),
  money('amountCents', 'Amount', (r) => r.amountCents),
  plain('reason', 'Reason', (r) => words(r.reason)),
  status(REFUND_STATUS.tones),
  code('providerRefundId', 'Provider id', (r) => r.providerRefundId ?? '—'),
];

/** Every refund of an order's line or voucher (every admin), pending or paid back. */
export function AdminRefundsTable() {
  return (
    <ServerTable
      label="Refunds table"
      path="/api/admin/tables/refunds"
      load={(query) => api.get('/api/admin/tables/refunds', { query })}
      columns={refundColumns}
      statuses={REFUND_STATUS.labels}
      hasDates
      searchLabel="Search refunds"
      searchHint="Order id, customer, e-mail, deal, business or provider id"
      none="No refund yet."
    />
  );
}

const payoutColumns: ColumnDef<AdminPayoutRow>[] = [
  payoutDate(),
  linked(
    plain('merchantName', 'Business', (r) => r.merchantName),
    'merchant',
    (r) => paths.adminMerchant(r.merchantId),
  ),
  status(PAYOUT_STATUS.tones),
  plain('totalPurchases', 'Vouchers', (r) => r.totalPurchases),
  money('grossCents', 'Gross', (r) => r.grossCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
  money('netCents', 'Net', (r) => r.netCents),
];

/** Every payout of every business (owners and finance), its figures and its state. */
export function AdminPayoutsTable() {
  return (
    <ServerTable
      label="Payouts table"
      path="/api/admin/tables/payouts"
      load={(query) => api.get('/api/admin/tables/payouts', { query })}
      columns={payoutColumns}
      statuses={PAYOUT_STATUS.labels}
      hasDates
      searchLabel="Search payouts"
      searchHint="Business, transfer id or payout id"
      none="No payout yet: payouts are made when a period closes."
    />
  );
}
