import type { ColumnDef } from '@tanstack/react-table';
import type { AdminDealRow, AdminPayoutRow, MerchantRedemptionRow, MerchantRefundRow, MerchantVoucherRow } from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { code, day, money, plain, status, when, words } from './table-columns';

/*
 * A merchant's console tables (issue 32, docs/decisions/0069-console-tables.md): the business's deals, vouchers
 * sold, redemptions, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/merchant/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 */

const dealColumns: ColumnDef<AdminDealRow>[] = [
  plain('title', 'Deal', (r) => r.title),
  when('createdAt', 'Created', (r) => r.createdAt, false),
  status({ active: 'green', scheduled: 'amber', pending: 'amber', draft: 'slate', paused: 'orange', expired: 'slate', removed: 'red' }),
  money('dealPriceCents', 'Price', (r) => r.dealPriceCents),
  plain('discountPercentage', 'Discount', (r) => `${r.discountPercentage}%`),
  when('expirationDate', 'Sale ends', (r) => r.expirationDate, false),
];

/** Every deal of the business, drafts and removed ones included (owners and managers). */
export function MerchantDealsTable() {
  return (
    <ServerTable
      label="Deals table"
      queryKey={['merchant', 'deals', 'table']}
      load={(query) => api.get('/api/merchant/tables/deals', { query })}
      exportPath="/api/merchant/tables/deals/export.csv"
      columns={dealColumns}
      statuses={{
        active: 'Active',
        scheduled: 'Scheduled',
        pending: 'Voting',
        draft: 'Draft',
        paused: 'Paused',
        expired: 'Expired',
        removed: 'Removed',
      }}
      hasDates
      searchLabel="Search your deals"
      searchHint="Title or deal id"
      empty="No deal matches these filters. Clear them or widen the dates."
      none="You have no deals yet. Create one above."
    />
  );
}

const voucherColumns: ColumnDef<MerchantVoucherRow>[] = [
  code('code', 'Code', (r) => r.code),
  {
    id: 'dealTitle',
    header: 'Deal',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{row.original.dealTitle}</span>
        {row.original.optionTitle && <span className="block text-xs text-slate-600">{row.original.optionTitle}</span>}
      </>
    ),
  },
  plain('customerName', 'Customer', (r) => r.customerName || '—'),
  when('purchasedAt', 'Bought', (r) => r.purchasedAt),
  status({ active: 'green', redeemed: 'slate', expired: 'amber', refunded: 'orange', forfeited: 'red' }),
  money('priceCents', 'Price', (r) => r.priceCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
];

/** The business's vouchers sold: a code shows its last four characters until it is redeemed. */
export function MerchantVouchersTable() {
  return (
    <ServerTable
      label="Vouchers sold"
      queryKey={['merchant', 'vouchers', 'table']}
      load={(query) => api.get('/api/merchant/tables/vouchers', { query })}
      exportPath="/api/merchant/tables/vouchers/export.csv"
      columns={voucherColumns}
      statuses={{ active: 'Active', redeemed: 'Redeemed', expired: 'Expired', refunded: 'Refunded', forfeited: 'Forfeited' }}
      hasDates
      searchLabel="Search vouchers sold"
      searchHint="Deal, option, customer or a code's last four"
      empty="No voucher matches these filters. Clear them or widen the dates."
      none="No voucher sold yet."
    />
  );
}

const redemptionColumns: ColumnDef<MerchantRedemptionRow>[] = [
  when('redeemedAt', 'Redeemed', (r) => r.redeemedAt),
  code('code', 'Code', (r) => r.code, true),
  {
    id: 'dealTitle',
    header: 'Deal',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{row.original.dealTitle}</span>
        {row.original.optionTitle && <span className="block text-xs text-slate-600">{row.original.optionTitle}</span>}
      </>
    ),
  },
  plain('customerName', 'Customer', (r) => r.customerName || '—'),
  plain('redeemedBy', 'Redeemed by', (r) => r.redeemedBy || '—'),
  money('priceCents', 'Price', (r) => r.priceCents),
];

/** Every voucher redeemed at the business's counter, and who of the business redeemed it. */
export function MerchantRedemptionsTable() {
  return (
    <ServerTable
      label="Redemptions"
      queryKey={['merchant', 'redemptions', 'table']}
      load={(query) => api.get('/api/merchant/tables/redemptions', { query })}
      exportPath="/api/merchant/tables/redemptions/export.csv"
      columns={redemptionColumns}
      hasDates
      searchLabel="Search redemptions"
      searchHint="Code, deal, customer or who redeemed it"
      empty="No redemption matches these filters. Clear them or widen the dates."
      none="No voucher redeemed yet. Redeem one from Redeem Voucher."
    />
  );
}

const refundColumns: ColumnDef<MerchantRefundRow>[] = [
  when('createdAt', 'Created', (r) => r.createdAt),
  plain('dealTitle', 'Deal', (r) => r.dealTitle),
  plain('customerName', 'Customer', (r) => r.customerName || '—'),
  money('amountCents', 'Amount', (r) => r.amountCents),
  plain('reason', 'Reason', (r) => words(r.reason)),
  status({ pending: 'amber', refunded: 'green' }),
];

/** Every refund of the business's vouchers, pending or paid back. */
export function MerchantRefundsTable() {
  return (
    <ServerTable
      label="Refunds table"
      queryKey={['merchant', 'refunds', 'table']}
      load={(query) => api.get('/api/merchant/tables/refunds', { query })}
      exportPath="/api/merchant/tables/refunds/export.csv"
      columns={refundColumns}
      statuses={{ pending: 'Pending', refunded: 'Refunded' }}
      hasDates
      searchLabel="Search refunds"
      searchHint="Deal, customer or refund id"
      empty="No refund matches these filters. Clear them or widen the dates."
      none="No refund of your vouchers."
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
  status({ paid: 'green', scheduled: 'slate', transferring: 'amber', waiting_for_account: 'amber', failed: 'red', held: 'orange' }),
  plain('totalPurchases', 'Vouchers', (r) => r.totalPurchases),
  money('grossCents', 'Gross', (r) => r.grossCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
  money('netCents', 'Net', (r) => r.netCents),
];

/** The business's payouts (its owner). */
export function MerchantPayoutsTable() {
  return (
    <ServerTable
      label="Payouts table"
      queryKey={['merchant', 'payouts', 'table']}
      load={(query) => api.get('/api/merchant/tables/payouts', { query })}
      exportPath="/api/merchant/tables/payouts/export.csv"
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
      searchHint="Transfer id or payout id"
      empty="No payout matches these filters. Clear them or widen the dates."
      none="No payouts yet. Sales are paid out twice a month, once their period has closed."
    />
  );
}
