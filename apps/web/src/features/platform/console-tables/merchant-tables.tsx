import type { ColumnDef } from '@tanstack/react-table';
import type {
  AdminDealRow,
  MerchantPayoutRow,
  MerchantMessageRow,
  MerchantRedemptionRow,
  MerchantRefundRow,
  MerchantVoucherRow,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import {
  code,
  DEAL_STATUS,
  money,
  opener,
  PAYOUT_STATUS,
  payoutDate,
  plain,
  REFUND_STATUS,
  status,
  titled,
  VOUCHER_STATUS,
  when,
  words,
} from './table-columns';

/*
 * A merchant's console tables (issue 32, docs/decisions/0069-console-tables.md): the business's deals, vouchers
 * sold, redemptions, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/merchant/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 */

const dealColumns: ColumnDef<AdminDealRow>[] = [
  plain('title', 'Deal', (r) => r.title),
  when('createdAt', 'Created', (r) => r.createdAt, false),
  status(DEAL_STATUS.tones),
  money('dealPriceCents', 'Price', (r) => r.dealPriceCents),
  plain('discountPercentage', 'Discount', (r) => `${r.discountPercentage}%`),
  when('expirationDate', 'Sale ends', (r) => r.expirationDate, false),
];

/** Every deal of the business, drafts and removed ones included (owners and managers). */
export function MerchantDealsTable() {
  return (
    <ServerTable
      label="Deals table"
      path="/api/merchant/tables/deals"
      load={(query) => api.get('/api/merchant/tables/deals', { query })}
      columns={dealColumns}
      statuses={DEAL_STATUS.labels}
      hasDates
      searchLabel="Search your deals"
      searchHint="Title or deal id"
      none="You have no deals yet. Create one above."
    />
  );
}

const voucherColumns: ColumnDef<MerchantVoucherRow>[] = [
  code('code', 'Code', (r) => r.code),
  titled(
    'dealTitle',
    'Deal',
    (r) => r.dealTitle,
    (r) => [r.optionTitle],
  ),
  plain('customerName', 'Customer', (r) => r.customerName || '—'),
  when('purchasedAt', 'Bought', (r) => r.purchasedAt),
  status(VOUCHER_STATUS.tones),
  money('priceCents', 'Price', (r) => r.priceCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
];

/** The business's vouchers sold: a code shows its last four characters until it is redeemed. */
export function MerchantVouchersTable() {
  return (
    <ServerTable
      label="Vouchers sold"
      path="/api/merchant/tables/vouchers"
      load={(query) => api.get('/api/merchant/tables/vouchers', { query })}
      columns={voucherColumns}
      statuses={VOUCHER_STATUS.labels}
      hasDates
      searchLabel="Search vouchers sold"
      searchHint="Deal, option, customer or a code's last four"
      none="No voucher sold yet."
    />
  );
}

const redemptionColumns: ColumnDef<MerchantRedemptionRow>[] = [
  when('redeemedAt', 'Redeemed', (r) => r.redeemedAt),
  code('code', 'Code', (r) => r.code, true),
  titled(
    'dealTitle',
    'Deal',
    (r) => r.dealTitle,
    (r) => [r.optionTitle],
  ),
  plain('customerName', 'Customer', (r) => r.customerName || '—'),
  plain('redeemedBy', 'Redeemed by', (r) => r.redeemedBy || '—'),
  money('priceCents', 'Price', (r) => r.priceCents),
];

/** Every voucher redeemed at the business's counter, and who of the business redeemed it. */
export function MerchantRedemptionsTable() {
  return (
    <ServerTable
      label="Redemptions"
      path="/api/merchant/tables/redemptions"
      load={(query) => api.get('/api/merchant/tables/redemptions', { query })}
      columns={redemptionColumns}
      hasDates
      searchLabel="Search redemptions"
      searchHint="Code, deal, customer or who redeemed it"
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
  status(REFUND_STATUS.tones),
];

/** Every refund of the business's vouchers, pending or paid back. */
export function MerchantRefundsTable() {
  return (
    <ServerTable
      label="Refunds table"
      path="/api/merchant/tables/refunds"
      load={(query) => api.get('/api/merchant/tables/refunds', { query })}
      columns={refundColumns}
      statuses={REFUND_STATUS.labels}
      hasDates
      searchLabel="Search refunds"
      searchHint="Deal, customer or refund id"
      none="No refund of your vouchers."
    />
  );
}

const payoutColumns: ColumnDef<MerchantPayoutRow>[] = [
  payoutDate(),
  status(PAYOUT_STATUS.tones),
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
      path="/api/merchant/tables/payouts"
      load={(query) => api.get('/api/merchant/tables/payouts', { query })}
      columns={payoutColumns}
      statuses={PAYOUT_STATUS.labels}
      hasDates
      searchLabel="Search payouts"
      searchHint="Transfer id or payout id"
      none="No payouts yet. Sales are paid out twice a month, once their period has closed."
    />
  );
}

const MESSAGE_TONES = { unread: 'red', read: 'slate', responded: 'green' } as const;

const messageColumns = (onOpen: (id: string) => void): ColumnDef<MerchantMessageRow>[] => [
  opener(
    'subject',
    'Message',
    (r) => r.subject,
    (r) => [r.message.length > 140 ? `${r.message.slice(0, 140)}…` : r.message],
    (r) => onOpen(r.id),
  ),
  plain('customerName', 'From', (r) => r.customerName || '—'),
  plain('dealTitle', 'About', (r) => r.dealTitle || 'Your business page'),
  status(MESSAGE_TONES),
  when('createdAt', 'Received', (r) => r.createdAt),
  when('respondedAt', 'Responded', (r) => r.respondedAt),
];

/** The business's customer messages (owners and managers, with messaging access); a subject opens the message. */
export function MerchantMessagesTable({ onOpen, empty }: { onOpen: (id: string) => void; empty: string }) {
  return (
    <ServerTable
      label="Customer messages"
      path="/api/merchant/tables/messages"
      load={(query) => api.get('/api/merchant/tables/messages', { query })}
      columns={messageColumns(onOpen)}
      hasDates
      searchLabel="Search messages"
      searchHint="Subject, words, customer or deal"
      empty={empty}
      none={
        <>
          No customer messages yet.{' '}
          <span className="block text-sm text-slate-600">
            Customers can write to you from your business page, your deal pages and their purchases.
          </span>
        </>
      }
    />
  );
}
