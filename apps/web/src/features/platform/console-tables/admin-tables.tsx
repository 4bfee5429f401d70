import type { ColumnDef } from '@tanstack/react-table';
import {
  type AdminCustomerRow,
  type AdminDealRow,
  type AdminMerchantRow,
  type AdminPayoutRow,
  type AdminRefundRow,
  type AdminVoucherRow,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { code, day, money, person, plain, status, when, words, type Tone } from './table-columns';

/*
 * The admin console's tables after Orders (issue 32, docs/decisions/0069-console-tables.md): customers, merchants,
 * deals, vouchers, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/admin/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 */

const customerColumns: ColumnDef<AdminCustomerRow>[] = [
  person(
    'name',
    'Customer',
    (r) => r.name,
    (r) => r.email,
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
      queryKey={['admin', 'customers', 'table']}
      load={(query) => api.get('/api/admin/tables/customers', { query })}
      exportPath="/api/admin/tables/customers/export.csv"
      columns={customerColumns}
      statuses={{ active: 'Active', unverified: 'Unverified', banned: 'Banned' }}
      hasDates
      searchLabel="Search all customers"
      searchHint="Name, e-mail or customer id"
      empty="No customer matches these filters. Clear them or widen the dates."
      none="No customer has signed up yet."
    />
  );
}

const merchantColumns: ColumnDef<AdminMerchantRow>[] = [
  person(
    'businessName',
    'Business',
    (r) => r.businessName,
    (r) => r.ownerEmail,
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
      queryKey={['admin', 'merchants', 'table']}
      load={(query) => api.get('/api/admin/tables/merchants', { query })}
      exportPath="/api/admin/tables/merchants/export.csv"
      columns={merchantColumns}
      statuses={{ approved: 'Approved', pending: 'Waiting for approval', suspended: 'Suspended' }}
      hasDates
      searchLabel="Search merchants"
      searchHint="Business, owner e-mail, city or id"
      empty="No business matches these filters. Clear them or widen the dates."
      none="No business has registered yet."
    />
  );
}

const DEAL_TONES: Record<string, Tone> = {
  active: 'green',
  scheduled: 'amber',
  pending: 'amber',
  draft: 'slate',
  paused: 'orange',
  expired: 'slate',
  removed: 'red',
};

const dealColumns: ColumnDef<AdminDealRow>[] = [
  {
    id: 'title',
    header: 'Deal',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{row.original.title}</span>
        <span className="block text-xs text-slate-600">
          {row.original.type === 'perkboost' ? 'PerkBoost · ' : ''}
          {row.original.city}, {row.original.state}
        </span>
      </>
    ),
  },
  plain('merchantName', 'Business', (r) => r.merchantName),
  when('createdAt', 'Created', (r) => r.createdAt, false),
  status(DEAL_TONES),
  money('dealPriceCents', 'Price', (r) => r.dealPriceCents),
  plain('discountPercentage', 'Discount', (r) => `${r.discountPercentage}%`),
  when('expirationDate', 'Sale ends', (r) => r.expirationDate, false),
];

const DEAL_STATUS_LABELS = {
  active: 'Active',
  scheduled: 'Scheduled',
  pending: 'Voting',
  draft: 'Draft',
  paused: 'Paused',
  expired: 'Expired',
  removed: 'Removed',
};

/** Every deal of every business (owners), drafts and removed ones included. */
export function AdminDealsTable() {
  return (
    <ServerTable
      label="Deals"
      queryKey={['admin', 'deals', 'table']}
      load={(query) => api.get('/api/admin/tables/deals', { query })}
      exportPath="/api/admin/tables/deals/export.csv"
      columns={dealColumns}
      statuses={DEAL_STATUS_LABELS}
      hasDates
      searchLabel="Search deals"
      searchHint="Title, business, city or deal id"
      empty="No deal matches these filters. Clear them or widen the dates."
      none="No deal has been created yet."
    />
  );
}

const voucherColumns: ColumnDef<AdminVoucherRow>[] = [
  code('code', 'Code', (r) => r.code, true),
  {
    id: 'dealTitle',
    header: 'Deal',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{row.original.dealTitle}</span>
        {row.original.optionTitle && <span className="block text-xs text-slate-600">{row.original.optionTitle}</span>}
        <span className="block text-xs text-slate-600">{row.original.merchantName}</span>
      </>
    ),
  },
  person(
    'customerName',
    'Customer',
    (r) => r.customerName,
    (r) => r.customerEmail,
  ),
  when('purchasedAt', 'Bought', (r) => r.purchasedAt),
  status({ active: 'green', redeemed: 'slate', expired: 'amber', refunded: 'orange', forfeited: 'red' }),
  money('priceCents', 'Price', (r) => r.priceCents),
  when('expirationDate', 'Valid until', (r) => r.expirationDate, false),
];

/** Every voucher sold (every admin): find one by its code, its holder or its business. */
export function AdminVouchersTable() {
  return (
    <ServerTable
      label="Vouchers"
      queryKey={['admin', 'vouchers', 'table']}
      load={(query) => api.get('/api/admin/tables/vouchers', { query })}
      exportPath="/api/admin/tables/vouchers/export.csv"
      columns={voucherColumns}
      statuses={{ active: 'Active', redeemed: 'Redeemed', expired: 'Expired', refunded: 'Refunded', forfeited: 'Forfeited' }}
      hasDates
      searchLabel="Search vouchers"
      searchHint="Code, customer, e-mail, deal, business or order id"
      empty="No voucher matches these filters. Clear them or widen the dates."
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
  {
    id: 'dealTitle',
    header: 'Deal',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{row.original.dealTitle}</span>
        <span className="block text-xs text-slate-600">{row.original.merchantName}</span>
      </>
    ),
  },
  money('amountCents', 'Amount', (r) => r.amountCents),
  plain('reason', 'Reason', (r) => words(r.reason)),
  status({ pending: 'amber', refunded: 'green' }),
  code('providerRefundId', 'Provider id', (r) => r.providerRefundId ?? '—'),
];

/** Every refund of an order's line or voucher (every admin), pending or paid back. */
export function AdminRefundsTable() {
  return (
    <ServerTable
      label="Refunds table"
      queryKey={['admin', 'refunds', 'table']}
      load={(query) => api.get('/api/admin/tables/refunds', { query })}
      exportPath="/api/admin/tables/refunds/export.csv"
      columns={refundColumns}
      statuses={{ pending: 'Pending', refunded: 'Refunded' }}
      hasDates
      searchLabel="Search refunds"
      searchHint="Order id, customer, e-mail, deal, business or provider id"
      empty="No refund matches these filters. Clear them or widen the dates."
      none="No refund yet."
    />
  );
}

const payoutColumns: ColumnDef<AdminPayoutRow>[] = [
  {
    id: 'payoutDate',
    header: 'Payout date',
    cell: ({ row }) => (
      <>
        <span className="block whitespace-nowrap font-medium">{day(row.original.payoutDate)}</span>
        <span className="block whitespace-nowrap text-xs text-slate-600">
          {day(row.original.periodStart)} – {day(row.original.periodEnd)}
        </span>
      </>
    ),
  },
  plain('merchantName', 'Business', (r) => r.merchantName),
  status({ paid: 'green', scheduled: 'slate', transferring: 'amber', waiting_for_account: 'amber', failed: 'red', held: 'orange' }),
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
      queryKey={['admin', 'payouts', 'table']}
      load={(query) => api.get('/api/admin/tables/payouts', { query })}
      exportPath="/api/admin/tables/payouts/export.csv"
      columns={payoutColumns}
      statuses={{
        scheduled: 'Scheduled',
        waiting_for_account: 'Waiting for account',
        transferring: 'Transferring',
        paid: 'Paid',
        failed: 'Failed',
        held: 'Held',
      }}
      hasDates
      searchLabel="Search payouts"
      searchHint="Business, transfer id or payout id"
      empty="No payout matches these filters. Clear them or widen the dates."
      none="No payout yet: payouts are made when a period closes."
    />
  );
}
