import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import { formatPrice, mayOpenRecord, type RecordKind } from '@localperks/shared';
import { useAdminRole } from '../../../lib/session';
import { Badge, capitalise } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime } from '../../../lib/format';

/** The console tables' kinds of cell (admin-tables.tsx, merchant-tables.tsx): each a TanStack column by its server id. */

export type Tone = 'green' | 'amber' | 'red' | 'slate' | 'orange';

/** "due_for_decision" → "Due for decision". */
export const words = (s: string) => capitalise(s.replaceAll('_', ' '));

/** A status as a coloured badge: its label, or its words. */
export function StatusBadge({ value, tones, labels }: { value: string; tones: Record<string, Tone>; labels?: Record<string, string> }) {
  return <Badge tone={tones[value] ?? 'slate'}>{labels?.[value] ?? words(value)}</Badge>;
}

export const status = <Row extends { status: string }>(tones: Record<string, Tone>, labels?: Record<string, string>): ColumnDef<Row> => ({
  id: 'status',
  header: 'Status',
  cell: ({ row }) => <StatusBadge value={row.original.status} tones={tones} labels={labels} />,
});

export const when = <Row,>(id: string, header: string, value: (r: Row) => string | null, withTime = true): ColumnDef<Row> => ({
  id,
  header,
  cell: ({ row }) => {
    const v = value(row.original);
    return <span className="whitespace-nowrap">{v ? (withTime ? formatDateTime(v) : formatDate(v)) : '—'}</span>;
  },
});

export const money = <Row,>(id: string, header: string, value: (r: Row) => number): ColumnDef<Row> => ({
  id,
  header,
  cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(value(row.original))}</span>,
});

export const plain = <Row,>(id: string, header: string, value: (r: Row) => string | number, isSortable = true): ColumnDef<Row> => ({
  id,
  header,
  enableSorting: isSortable,
  cell: ({ row }) => value(row.original),
});

export const person = <Row,>(id: string, header: string, name: (r: Row) => string, email: (r: Row) => string): ColumnDef<Row> => ({
  id,
  header,
  cell: ({ row }) => (
    <>
      {name(row.original) && <span className="block font-medium">{name(row.original)}</span>}
      <span className="block break-all text-xs text-slate-600">{email(row.original)}</span>
    </>
  ),
});

export const code = <Row,>(id: string, header: string, value: (r: Row) => string, isSortable = false): ColumnDef<Row> => ({
  id,
  header,
  enableSorting: isSortable,
  cell: ({ row }) => <span className="whitespace-nowrap font-mono text-xs">{value(row.original)}</span>,
});

/** A calendar day ("2026-11-08") as the console shows days. */
export const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** A status filter's choices and each status's badge colour, for every table that shows that kind of record. */
export interface StatusSet {
  labels: Record<string, string>;
  tones: Record<string, Tone>;
}

export const DEAL_STATUS: StatusSet = {
  labels: {
    active: 'Active',
    scheduled: 'Scheduled',
    pending: 'Voting',
    draft: 'Draft',
    paused: 'Paused',
    expired: 'Expired',
    removed: 'Removed',
  },
  tones: { active: 'green', scheduled: 'amber', pending: 'amber', draft: 'slate', paused: 'orange', expired: 'slate', removed: 'red' },
};

export const VOUCHER_STATUS: StatusSet = {
  labels: { active: 'Active', redeemed: 'Redeemed', expired: 'Expired', refunded: 'Refunded', forfeited: 'Forfeited' },
  tones: { active: 'green', redeemed: 'slate', expired: 'amber', refunded: 'orange', forfeited: 'red' },
};

export const REFUND_STATUS: StatusSet = {
  labels: { pending: 'Pending', refunded: 'Refunded' },
  tones: { pending: 'amber', refunded: 'green' },
};

/** The admins' Refunds table: the customers' requests not refunded, and the refunds (pending until the provider confirms). */
export const ADMIN_REFUND_STATUS: StatusSet = {
  labels: {
    requested: 'Requested',
    merchant_responded: 'Merchant responded',
    due_for_decision: 'Due for decision',
    declined: 'Declined',
    pending: 'Refund pending',
    refunded: 'Refunded',
  },
  tones: {
    requested: 'amber',
    merchant_responded: 'amber',
    due_for_decision: 'orange',
    declined: 'slate',
    pending: 'amber',
    refunded: 'green',
  },
};

export const PAYOUT_STATUS: StatusSet = {
  labels: {
    scheduled: 'Scheduled',
    waiting_for_account: 'Waiting for account',
    transferring: 'Transferring',
    paid: 'Paid',
    failed: 'Failed',
    held: 'Held',
  },
  tones: { paid: 'green', scheduled: 'slate', transferring: 'amber', waiting_for_account: 'amber', failed: 'red', held: 'orange' },
};

/** Smaller lines under a cell's title; empty ones are left out. */
function Lines({ lines }: { lines: string[] }) {
  return lines.filter(Boolean).map((line) => (
    <span key={line} className="block text-xs text-slate-600">
      {line}
    </span>
  ));
}

/** A title in bold with smaller lines under it (a deal's option, its business…); empty lines are left out. */
export const titled = <Row,>(id: string, header: string, title: (r: Row) => string, lines: (r: Row) => string[]): ColumnDef<Row> => ({
  id,
  header,
  cell: ({ row }) => (
    <>
      <span className="block font-medium">{title(row.original)}</span>
      <Lines lines={lines(row.original)} />
    </>
  ),
});

/** A payout's date, its period under it. */
export const payoutDate = <Row extends { payoutDate: string; periodStart: string; periodEnd: string }>(): ColumnDef<Row> =>
  titled(
    'payoutDate',
    'Payout date',
    (r) => day(r.payoutDate),
    (r) => [`${day(r.periodStart)} – ${day(r.periodEnd)}`],
  );

/** A cell that opens its record's page, for the admin roles that may open it (docs/decisions/0072-record-pages-and-search.md). */
function RecordLink({ kind, to, children }: { kind: RecordKind; to: string; children: ReactNode }) {
  const role = useAdminRole();
  if (!mayOpenRecord(kind, role)) return children;
  return (
    <Link to={to} className="block text-brand-900 underline underline-offset-2 hover:text-brand-700">
      {children}
    </Link>
  );
}

/** `column` with its cell a link to the row's record page (an order, a customer, a business). */
export const linked = <Row,>(column: ColumnDef<Row>, kind: RecordKind, to: (r: Row) => string): ColumnDef<Row> => ({
  ...column,
  cell: (ctx: CellContext<Row, unknown>) => (
    <RecordLink kind={kind} to={to(ctx.row.original)}>
      {typeof column.cell === 'function' ? column.cell(ctx) : column.cell}
    </RecordLink>
  ),
});

/**
 * A title that opens its record in the section (a ticket's thread, a review's moderation, a message's reply): the
 * row's actions live there, so the table is the section's one list.
 */
export const opener = <Row extends { id: string }>(
  id: string,
  header: string,
  title: (r: Row) => string,
  lines: (r: Row) => string[],
  onOpen: (r: Row) => void,
  isSortable = true,
): ColumnDef<Row> => ({
  id,
  header,
  enableSorting: isSortable,
  cell: ({ row }) => (
    <>
      <button
        type="button"
        onClick={() => onOpen(row.original)}
        className="block min-h-11 text-left font-medium text-brand-900 underline underline-offset-2 hover:text-brand-700"
      >
        {title(row.original) || 'Untitled'}
      </button>
      <Lines lines={lines(row.original)} />
    </>
  ),
});
