import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { formatPrice, paths, RECORD_SECTION_ROWS } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Badge, capitalise } from '../../../components/ui/status-badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';

/*
 * The parts of the console's record pages (issue 32, docs/decisions/0072-record-pages-and-search.md): the page's
 * frame, its facts, and its sections, each the newest rows with a link to the full table filtered to the record.
 */

export const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : '—');
export const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatPrice(cents)}</span>;
export const words = (s: string) => capitalise(s.replaceAll('_', ' ').replaceAll('.', ' '));

const TONES: Record<string, 'green' | 'amber' | 'red' | 'slate' | 'orange'> = {
  active: 'green',
  approved: 'green',
  paid: 'green',
  published: 'green',
  refunded: 'orange',
  open: 'amber',
  pending: 'amber',
  unverified: 'amber',
  scheduled: 'slate',
  redeemed: 'slate',
  expired: 'slate',
  banned: 'red',
  suspended: 'red',
  deleted: 'red',
  lost: 'red',
  hidden: 'red',
};
/** An order's short id, or a voucher's code, opening the order's page. */
export const orderLink = (orderId: string, text = orderId.slice(0, 8)) => (
  <Link to={paths.adminOrder(orderId)} className="whitespace-nowrap font-mono text-xs text-brand-800 underline underline-offset-2">
    {text}
  </Link>
);

export const state = (s: string) => <Badge tone={TONES[s] ?? 'slate'}>{words(s)}</Badge>;

/** A record page: the way back to its table, its title, and its content; loading, 403 and 404 said plainly. */
export function RecordPage({
  kind,
  back,
  query,
  children,
}: {
  kind: string;
  back: { to: string; label: string } | null;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  children: () => { title: string; badge?: ReactNode; body: ReactNode };
}) {
  const err = query.error;
  const content = query.isPending ? null : err ? null : children();
  const title = content?.title ?? kind;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <title>{`${title} | Admin | LocalPerks`}</title>
      {back && (
        <Link to={back.to} className="inline-flex min-h-11 items-center gap-1 text-sm text-brand-800 underline underline-offset-2">
          <ArrowLeft aria-hidden className="h-4 w-4" /> {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {content?.badge}
      </div>
      {query.isPending ? (
        <Spinner />
      ) : err ? (
        <Alert
          className="mt-6"
          variant="destructive"
          title={
            err instanceof ApiError && err.status === 404
              ? `No ${kind.toLowerCase()} with this id`
              : err instanceof ApiError && err.status === 403
                ? `This ${kind.toLowerCase()} is not available to your role`
                : `The ${kind.toLowerCase()} could not be loaded`
          }
        >
          <p>{err instanceof Error ? err.message : ''}</p>
          {!(err instanceof ApiError && (err.status === 404 || err.status === 403)) && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Alert>
      ) : (
        <div className="mt-6 space-y-6">{content?.body}</div>
      )}
    </div>
  );
}

/** The record's facts, two columns from 640 px. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-2">
          <dt className="text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** Rows as a small table (scrolled sideways on a phone, by keyboard too). */
export function MiniTable<Row>({
  label,
  rows,
  columns,
  rowKey,
}: {
  label: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (r: Row) => string;
}) {
  return (
    <div
      role="region"
      aria-label={`${label} table`}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs uppercase text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-3 py-2 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-t border-slate-100 align-top">
              {columns.map((c) => (
                <td key={c.header} className="px-3 py-2 text-slate-900">
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A section of a record: its title and count, its newest rows, and the link to the full table filtered to the
 * record where one exists. `section` null: the admin's role does not include it (the server left it out).
 */
export function RecordSection<Row>({
  id,
  title,
  section,
  columns,
  rowKey,
  table,
  empty,
  hidden,
  children,
}: {
  id: string;
  title: string;
  section: { rows: Row[]; total: number } | null;
  columns?: Column<Row>[];
  rowKey?: (r: Row) => string;
  table?: { to: string; label: string };
  empty: string;
  hidden?: string;
  children?: ReactNode;
}) {
  const headingId = `record-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
          {section && <span className="ml-2 text-sm font-normal text-slate-600">({section.total})</span>}
        </h2>
        {table && section && section.total > 0 && (
          <Link to={table.to} className="inline-flex min-h-11 items-center text-sm text-brand-800 underline underline-offset-2">
            {table.label}
          </Link>
        )}
      </div>
      {!section ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">{hidden}</p>
      ) : section.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">{empty}</p>
      ) : (
        <>
          {children ?? (columns && rowKey && <MiniTable label={title} rows={section.rows} columns={columns} rowKey={rowKey} />)}
          {section.total > section.rows.length && (
            <p className="mt-2 text-xs text-slate-600">
              The newest {Math.min(RECORD_SECTION_ROWS, section.rows.length)} of {section.total}.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A table section's address filtered to the record (the tables' search, in the address: docs/decisions/0069). */
export const tableAt = (path: string, q: string) => `${path}?${new URLSearchParams({ q }).toString()}`;
