import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import {
  formatBusinessDeadline,
  PAYOUT_MESSAGES,
  plural,
  REFUND_MESSAGES_UI,
  REFUND_REASON_LABELS,
  type RefundReason,
  type AdminCustomerRow,
  type AdminDealRow,
  type AdminMerchantRow,
  type AdminPayoutRow,
  type AdminRefundRow,
  type AdminVoucherRow,
  paths,
} from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { Badge } from '../../../components/ui/status-badge';
import { api } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import {
  code,
  day,
  DEAL_STATUS,
  linked,
  money,
  PAYOUT_STATUS,
  payoutDate,
  person,
  plain,
  ADMIN_REFUND_STATUS,
  status,
  StatusBadge,
  titled,
  VOUCHER_STATUS,
  when,
  words,
} from './table-columns';

/*
 * The admin console's tables after Orders (issue 32, docs/decisions/0069-console-tables.md): customers, merchants,
 * deals, vouchers, refunds and payouts, each paged, sorted, filtered and searched on the server
 * (GET /api/admin/tables/<name>) with its state in the address, and exported as CSV with the same filters.
 * A section whose records these are passes `actions`: its row's actions, in the row (the table is the section's list).
 */

/** The row's actions, in the last column, side by side two to a line (a row stays about two buttons tall); none, no column. */
const withActions = <Row,>(columns: ColumnDef<Row>[], actions?: (r: Row) => ReactNode): ColumnDef<Row>[] =>
  actions
    ? [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          enableSorting: false,
          meta: { isPinned: true },
          cell: ({ row }) => <div className="grid w-60 grid-cols-2 items-stretch gap-1.5">{actions(row.original)}</div>,
        },
      ]
    : columns;

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
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-32 space-y-1">
        <StatusBadge value={r.status} tones={{ active: 'green', unverified: 'amber', banned: 'red' }} />
        {r.bannedAt && (
          <span className="block max-w-xs whitespace-pre-wrap break-words text-xs text-red-900">
            Banned {formatDate(r.bannedAt)}: {r.banReason}
          </span>
        )}
      </div>
    ),
  },
  plain('orders', 'Paid orders', (r) => r.orders),
  plain('vouchers', 'Vouchers', (r) => r.vouchers),
  money('spentCents', 'Spent', (r) => r.spentCents),
];

/** Every customer account (owners and support): the Customers section's list, each row with its ban or unban. */
export function AdminCustomersTable({ actions }: { actions?: (r: AdminCustomerRow) => ReactNode }) {
  return (
    <ServerTable
      label="Customers"
      path="/api/admin/tables/customers"
      load={(query) => api.get('/api/admin/tables/customers', { query })}
      columns={withActions(customerColumns, actions)}
      statuses={{ active: 'Active', unverified: 'Unverified', banned: 'Banned' }}
      hasDates
      searchLabel="Search all customers"
      searchHint="Name, e-mail or customer id"
      none="No customer yet."
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
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-32 space-y-1">
        <StatusBadge value={r.status} tones={{ approved: 'green', pending: 'amber', suspended: 'red' }} />
        {r.suspendedAt && <span className="block text-xs text-slate-700">Suspended {formatDate(r.suspendedAt)}</span>}
        {r.suspensionReason && (
          <span className="block max-w-xs whitespace-pre-wrap break-words text-xs text-red-900">Reason: {r.suspensionReason}</span>
        )}
      </div>
    ),
  },
  plain('city', 'City', (r) => `${r.city}, ${r.state}`),
  plain('plan', 'Plan', (r) => words(r.plan)),
  plain('commissionRate', 'Commission', (r) => `${r.commissionRate}%`),
  // As the Overview's Merchants with Deals counts them: "2 deals · 1 active · 1 removed" (removed ones apart).
  plain(
    'deals',
    'Deals',
    (r) => `${plural(r.deals, 'deal')} · ${r.activeDeals} active${r.removedDeals > 0 ? ` · ${r.removedDeals} removed` : ''}`,
  ),
  plain('vouchersSold', 'Vouchers sold', (r) => r.vouchersSold),
];

/** Every business (owners): approved, waiting or suspended, with its plan, deals and sales; the Businesses section's list. */
export function AdminMerchantsTable({ actions }: { actions?: (r: AdminMerchantRow) => ReactNode }) {
  return (
    <ServerTable
      label="Merchants"
      path="/api/admin/tables/merchants"
      load={(query) => api.get('/api/admin/tables/merchants', { query })}
      columns={withActions(merchantColumns, actions)}
      statuses={{ approved: 'Approved', pending: 'Waiting for approval', suspended: 'Suspended' }}
      hasDates
      searchLabel="Search merchants"
      searchHint="Business, owner e-mail, city or id"
      none="No approved business yet."
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
  status(DEAL_STATUS.tones, DEAL_STATUS.labels),
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

const refundReason = (r: AdminRefundRow) =>
  r.kind === 'request' ? (REFUND_REASON_LABELS[r.reason as RefundReason] ?? words(r.reason)) : words(r.reason);

const refundColumns: ColumnDef<AdminRefundRow>[] = [
  // Its date and time over two lines (not one): the row's status stays beside its actions at 1280 px.
  {
    id: 'createdAt',
    header: 'Created',
    cell: ({ row }) => <span className="block min-w-24">{formatDateTime(row.original.createdAt)}</span>,
  },
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
      (r) => [r.merchantName, r.voucherCode ? `Voucher ${r.voucherCode}` : ''],
    ),
    'order',
    (r) => paths.adminOrder(r.orderId),
  ),
  money('amountCents', 'Amount', (r) => r.amountCents),
  {
    id: 'reason',
    header: 'Reason',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-36 max-w-xs">
        <span className="block">{refundReason(r)}</span>
        {r.note && <span className="block whitespace-pre-wrap break-words text-xs text-slate-700">Customer note: {r.note}</span>}
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-44 max-w-xs space-y-1 text-xs">
        <StatusBadge value={r.status} tones={ADMIN_REFUND_STATUS.tones} labels={ADMIN_REFUND_STATUS.labels} />
        {/* The provider's id here rather than in a column of its own: the row's facts fit beside its actions at 1280 px. */}
        {r.providerRefundId && <span className="block break-all font-mono text-slate-700">{r.providerRefundId}</span>}
        {r.dispute && (
          <span className="block font-medium text-red-800">
            {r.dispute === 'lost' ? REFUND_MESSAGES_UI.disputeLostShort : REFUND_MESSAGES_UI.disputeOpenShort}
          </span>
        )}
        {r.kind === 'request' && (
          <span className="block whitespace-pre-wrap break-words text-slate-700">
            Merchant answer: {r.merchantResponse ?? 'No answer yet'}
          </span>
        )}
        {r.deadlineAt && !r.decisionText && <span className="block text-slate-700">Deadline: {formatBusinessDeadline(r.deadlineAt)}</span>}
        {r.decisionText && (
          <span className="block whitespace-pre-wrap break-words text-slate-700">
            Decision: {r.decisionText}
            {r.decidedByName ? ` (${r.decidedByName})` : ''}
          </span>
        )}
      </div>
    ),
  },
];

/**
 * Every refund of an order's line or voucher, pending or paid back, and every customer's refund request not refunded
 * (every admin): the Refunds section's list, each request waiting for a decision holding its Refund and Decline.
 */
export function AdminRefundsTable({ actions }: { actions?: (r: AdminRefundRow) => ReactNode }) {
  return (
    <ServerTable
      label="Refunds and refund requests"
      path="/api/admin/tables/refunds"
      load={(query) => api.get('/api/admin/tables/refunds', { query })}
      columns={withActions(refundColumns, actions)}
      statuses={ADMIN_REFUND_STATUS.labels}
      hasDates
      searchLabel="Search refunds"
      searchHint="Voucher code, order id, customer, e-mail, deal, business or provider id"
      none="No refund requests here."
    />
  );
}

/** Where a payout's money is: paid (how), why it failed or is held, or when it is (was) due. */
function Whereabouts({ p }: { p: AdminPayoutRow }) {
  if (p.paidAt)
    return (
      <span className="flex flex-wrap items-center gap-1 text-xs text-emerald-800">
        <CheckCircle2 aria-hidden className="h-3.5 w-3.5" /> Paid on {formatDate(p.paidAt)}
        {p.paidVia === 'transfer' && p.transferId && (
          <>
            {' '}
            · transfer <code className="break-all font-mono text-slate-900">{p.transferId}</code>
          </>
        )}
        {p.paidVia === 'outside' && ' · outside the platform'}
      </span>
    );
  return (
    <>
      {p.failureReason && (
        <span className="block text-xs text-red-900">
          {p.failureReason}
          {p.nextAttemptAt &&
            ` Tried again automatically from ${formatDate(p.nextAttemptAt)}, once the merchant’s payout account is active.`}
        </span>
      )}
      {p.status === 'held' && p.heldReason && <span className="block text-xs text-slate-800">Held: {p.heldReason}</span>}
      {p.status === 'waiting_for_account' && (
        <span className="block text-xs text-slate-700">The merchant has not finished setting up payouts.</span>
      )}
      <span className={p.isOverdue ? 'block text-xs font-semibold text-red-900' : 'block text-xs text-slate-700'}>
        {p.isOverdue ? 'Was due' : 'Due'} {day(p.payoutDate)}
      </span>
    </>
  );
}

const payoutColumns: ColumnDef<AdminPayoutRow>[] = [
  payoutDate(),
  linked(
    plain('merchantName', 'Business', (r) => r.merchantName || PAYOUT_MESSAGES.unknownMerchant),
    'merchant',
    (r) => paths.adminMerchant(r.merchantId),
  ),
  {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: r } }) => (
      <div className="min-w-44 max-w-xs space-y-1">
        <span className="flex flex-wrap gap-1">
          <StatusBadge value={r.status} tones={PAYOUT_STATUS.tones} labels={PAYOUT_STATUS.labels} />
          {/* Overdue stands out by more than colour: the badge with its icon, and "Was due". */}
          {r.isOverdue && (
            <Badge tone="red">
              <AlertTriangle aria-hidden className="mr-1 h-3.5 w-3.5" /> Overdue
            </Badge>
          )}
          {r.isHeld && <Badge tone="orange">Held: business suspended</Badge>}
        </span>
        <Whereabouts p={r} />
      </div>
    ),
  },
  plain('totalPurchases', 'Purchases', (r) => plural(r.totalPurchases, 'purchase')),
  money('grossCents', 'Sales', (r) => r.grossCents),
  money('commissionCents', 'Commission', (r) => r.commissionCents),
  money('netCents', 'Net', (r) => r.netCents),
];

/** Every payout of every business (owners and finance), its figures and its state: Payout Management's list. */
export function AdminPayoutsTable({ actions }: { actions?: (r: AdminPayoutRow) => ReactNode }) {
  return (
    <ServerTable
      label="All Payouts"
      path="/api/admin/tables/payouts"
      load={(query) => api.get('/api/admin/tables/payouts', { query })}
      columns={withActions(payoutColumns, actions)}
      statuses={PAYOUT_STATUS.labels}
      hasDates
      searchLabel="Search payouts"
      searchHint="Business, transfer id or payout id"
      none={PAYOUT_MESSAGES.empty}
    />
  );
}
