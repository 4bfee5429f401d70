import type { ColumnDef } from '@tanstack/react-table';
import { formatPrice } from '@localperks/shared';
import { Badge, capitalise } from '../../../components/ui/status-badge';
import { formatDate, formatDateTime } from '../../../lib/format';

/** The console tables' kinds of cell (admin-tables.tsx, merchant-tables.tsx): each a TanStack column by its server id. */

export type Tone = 'green' | 'amber' | 'red' | 'slate' | 'orange';

/** "due_for_decision" → "Due for decision". */
export const words = (s: string) => capitalise(s.replaceAll('_', ' '));

export const status = <Row extends { status: string }>(tones: Record<string, Tone>): ColumnDef<Row> => ({
  id: 'status',
  header: 'Status',
  cell: ({ row }) => <Badge tone={tones[row.original.status] ?? 'slate'}>{words(row.original.status)}</Badge>,
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
