import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import {
  CATEGORIES,
  formatBusinessTime,
  formatCents,
  formatPrice,
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  MERCHANT_MONEY_MESSAGES as MM,
  MERCHANT_PAYOUT_STATE_LABELS,
  type MerchantDealRow,
  type MerchantPayoutRow,
  type MerchantMessageRow,
  type MerchantRedemptionRow,
  type MerchantRefundRequestRow,
  type MerchantRefundRow,
  type MerchantVoucherRow,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
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
  type Tone,
  VOUCHER_STATUS,
  when,
  words,
} from './table-columns';

/*
 * A merchant's console tables (issue 32, docs/decisions/0069-console-tables.md): the business's deals, vouchers
 * sold, redemptions, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/merchant/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 */

/** What the deals table's cells take from the deals feature: its status badge, a row's notes and its actions. */
interface DealCells {
  badge: (r: MerchantDealRow) => ReactNode;
  notes: (r: MerchantDealRow) => ReactNode;
  actions: (r: MerchantDealRow) => ReactNode;
}

const dealColumns = ({ badge, notes, actions }: DealCells): ColumnDef<MerchantDealRow>[] => [
  {
    id: 'title',
    header: 'Deal',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-48">
        <span className="block break-words font-medium">{r.title}</span>
        <span className="block text-xs text-slate-600">
          {[CATEGORIES.find((c) => c.id === r.categoryId)?.name, `${r.city}, ${r.state}`].filter(Boolean).join(' · ')}
        </span>
        {notes(r)}
      </div>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => badge(row.original) },
  {
    id: 'dealPriceCents',
    header: 'Price',
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap tabular-nums">
        <span className="font-semibold text-slate-900">{formatPrice(r.dealPriceCents)}</span>{' '}
        <s className="text-slate-600">{formatPrice(r.originalPriceCents)}</s>
        <span className="block text-xs text-slate-600">{r.discountPercentage}% off</span>
      </span>
    ),
  },
  {
    id: 'purchaseCount',
    header: 'Sales',
    enableSorting: false,
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        {r.purchaseCount} {r.purchaseCount === 1 ? 'purchase' : 'purchases'}
        {r.type === 'perkboost' && r.votesRequired !== null && (
          <span className="block text-xs text-slate-600">
            {r.currentVotes}/{r.votesRequired} votes
          </span>
        )}
        {r.votingEndDate && r.status === 'pending' && (
          <span className="block text-xs text-slate-600">voting ends {formatDate(r.votingEndDate)}</span>
        )}
      </span>
    ),
  },
  when('expirationDate', 'Expires', (r) => r.expirationDate, false),
  // Newest first by default (the deal's creation, as the old list); the actions need the width a Created column took.
  { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => actions(row.original) },
];

/**
 * Every deal of the business, drafts and the ones an admin took down included (owners and managers): the My Deals
 * section's list, each row with its actions.
 */
export function MerchantDealsTable({ canCreate, ...cells }: DealCells & { canCreate: boolean }) {
  return (
    <ServerTable
      label="Your deals"
      path="/api/merchant/tables/deals"
      load={(query) => api.get('/api/merchant/tables/deals', { query })}
      columns={dealColumns(cells)}
      statuses={DEAL_STATUS.labels}
      hasDates
      searchLabel="Search your deals"
      searchHint="Title, city or deal id"
      none={
        <>
          You have no deals yet.
          {canCreate && (
            <span className="block text-sm text-slate-600">Create your first deal and it will show on the deals page right away.</span>
          )}
        </>
      }
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
      // Under the refund requests' table on the same page: its own keys in the address.
      addressPrefix="refunds."
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

const REFUND_REQUEST_TONES: Record<MerchantRefundRequestRow['status'], Tone> = {
  requested: 'amber',
  merchant_responded: 'slate',
  due_for_decision: 'red',
  refunded: 'green',
  declined: 'slate',
};

/** What the refund requests table's cells take from the refunds feature: a request's notes and its actions. */
interface RefundRequestCells {
  notes: (r: MerchantRefundRequestRow) => ReactNode;
  actions: (r: MerchantRefundRequestRow) => ReactNode;
}

const refundRequestColumns = ({ notes, actions }: RefundRequestCells): ColumnDef<MerchantRefundRequestRow>[] => [
  {
    id: 'dealTitle',
    header: 'Deal',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-56">
        <span className="block break-words font-medium">{r.dealTitle}</span>
        <span className="block text-xs text-slate-600">Customer: {r.customerName}</span>
        {notes(r)}
      </div>
    ),
  },
  status(REFUND_REQUEST_TONES, REFUND_STATUS_LABELS),
  {
    id: 'amountCents',
    header: 'Refund',
    enableSorting: false,
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCents(row.original.amountCents)}</span>,
  },
  plain('reason', 'Reason', (r) => REFUND_REASON_LABELS[r.reason]),
  {
    id: 'createdAt',
    header: 'Requested',
    // The business's time zone (New York), as the deadline: not the reader's.
    cell: ({ row }) => (
      <time className="whitespace-nowrap" dateTime={row.original.createdAt}>
        {formatBusinessTime(row.original.createdAt)}
      </time>
    ),
  },
  { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => actions(row.original) },
];

/** Every refund request to the business (owners and managers), each open one with its actions: the section's list. */
export function MerchantRefundRequestsTable(cells: RefundRequestCells) {
  return (
    <ServerTable
      label="Refund requests table"
      path="/api/merchant/tables/refund-requests"
      load={(query) => api.get('/api/merchant/tables/refund-requests', { query })}
      columns={refundRequestColumns(cells)}
      statuses={REFUND_STATUS_LABELS}
      hasDates
      searchLabel="Search refund requests"
      searchHint="Deal, customer, note or request id"
      none="No refund requests."
    />
  );
}

/** Where a payout's money went: its transfer id, or why there is none (as the payout list said). */
function TransferCell({ payout: p }: { payout: MerchantPayoutRow }) {
  if (p.transferId && p.status === 'paid') return <code className="break-all font-mono text-slate-900">{p.transferId}</code>;
  if (p.paidVia === 'outside') return <span className="text-slate-700">Paid outside LocalPerks</span>;
  if (p.status === 'paid') return <span className="text-slate-700">Nothing to transfer</span>;
  if (p.status === 'failed') return <span className="text-red-900">{p.failureReason ?? 'The transfer failed; it is tried again.'}</span>;
  if (p.status === 'waiting_for_account') return <span className="text-slate-700">Sent once your payout account is active</span>;
  return <span className="text-slate-700">—</span>;
}

/** A sum of money with smaller lines under it (what it includes); empty lines are left out. */
const moneyWith = (
  id: string,
  header: string,
  value: (r: MerchantPayoutRow) => number,
  lines: (r: MerchantPayoutRow) => (string | false)[],
) =>
  ({
    id,
    header,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatPrice(value(row.original))}
        {lines(row.original)
          .filter((l): l is string => Boolean(l))
          .map((l) => (
            <span key={l} className="block text-xs text-slate-600">
              {l}
            </span>
          ))}
      </span>
    ),
  }) satisfies ColumnDef<MerchantPayoutRow>;

const payoutColumns = (actions: (r: MerchantPayoutRow) => ReactNode): ColumnDef<MerchantPayoutRow>[] => [
  payoutDate(),
  plain('totalPurchases', 'Vouchers', (r) => r.totalPurchases),
  money('grossCents', 'Gross', (r) => r.grossCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
  money('refundsCents', 'Refunds', (r) => r.refundsCents),
  moneyWith(
    'deductionsCents',
    'Deductions',
    (r) => r.deductionsCents + r.disputeFeesCents,
    (r) => [
      r.disputeFeesCents > 0 && `incl. ${formatPrice(r.disputeFeesCents)} dispute fees`,
      r.carriedInCents > 0 && `${formatPrice(r.carriedInCents)} carried in`,
    ],
  ),
  moneyWith(
    'netCents',
    'Net',
    (r) => r.netCents,
    (r) => [r.carriedForwardCents > 0 && `${formatPrice(r.carriedForwardCents)} carried forward`],
  ),
  status(PAYOUT_STATUS.tones, MERCHANT_PAYOUT_STATE_LABELS),
  when('paidAt', 'Paid', (r) => r.paidAt, false),
  {
    id: 'transferId',
    header: 'Transfer',
    enableSorting: false,
    // A width of its own: a transfer id breaks anywhere, and the table would otherwise squeeze it to a letter a line.
    cell: ({ row }) => (
      <span className="block w-48 text-xs">
        <TransferCell payout={row.original} />
      </span>
    ),
  },
  { id: 'actions', header: 'Statement', enableSorting: false, cell: ({ row }) => actions(row.original) },
];

/** The business's payouts (its owner), each row with its statement. */
export function MerchantPayoutsTable({ actions }: { actions: (r: MerchantPayoutRow) => ReactNode }) {
  return (
    <ServerTable
      label="Payout history"
      path="/api/merchant/tables/payouts"
      load={(query) => api.get('/api/merchant/tables/payouts', { query })}
      columns={payoutColumns(actions)}
      statuses={MERCHANT_PAYOUT_STATE_LABELS}
      hasDates
      searchLabel="Search payouts"
      searchHint="Transfer id or payout id"
      none={MM.noPayouts}
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
