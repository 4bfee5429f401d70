import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from 'lucide-react';
import { TABLE_PAGE_SIZES, tableQuerySchema, type TableQuery } from '@localperks/shared';
import { ErrorState } from './admin-parts';
import { Alert } from './alert';
import { Button, buttonClass } from './button';
import { Input, Select } from './input';
import { Pager } from './pager';
import { Spinner } from './spinner';
import { errorMessage } from '../../lib/api-client';

/*
 * The console's one table (issue 32, docs/decisions/0069-console-tables.md): TanStack Table renders the columns
 * and the sort headers; the server pages, sorts, filters and searches (manual pagination and sorting), and the
 * state lives in the page's address (`?page=2&sort=totalCents&dir=asc&q=…&status=paid&from=…&to=…`), so a link,
 * the back button and a refresh keep it. The CSV export takes the same address.
 */

const DEFAULTS = tableQuerySchema.parse({});

/**
 * A column's `meta.isPinned`: a row's actions stay in view at the right edge from 640 px on while the table scrolls
 * sideways under them (on a phone the whole row scrolls, the actions with it, so that they do not cover its facts).
 */
const isPinned = (meta: unknown) => (meta as { isPinned?: boolean } | undefined)?.isPinned === true;
const PINNED = 'sm:sticky sm:right-0 sm:shadow-[inset_1px_0_0_0_rgb(226_232_240)]';

/** The table's state read from the address (anything the schema refuses falls back to the default). */
const readQuery = (params: URLSearchParams): TableQuery => {
  const parsed = tableQuerySchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : DEFAULTS;
};

/** The address's query keys a table reads and writes. */
const TABLE_KEYS = Object.keys(tableQuerySchema.shape) as (keyof TableQuery)[];

/**
 * The table's state in the address, and a setter. Two changes in a row (To, then From, typed before the page renders
 * again) each build on the address the one before wrote, not on the one this render read, so none is lost.
 *
 * `prefix` names a second table's keys on a page that shows two (`refunds.status=…` beside the first's `status=…`):
 * each reads and writes its own, and keeps the other's. The third value is the table's own query, unprefixed, for
 * its CSV export.
 */
export function useTableAddress(prefix = ''): [TableQuery, (change: Partial<TableQuery>) => void, string] {
  const [params, setParams] = useSearchParams();
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (written.current?.toString() === params.toString()) written.current = null;
  }, [params]);
  /** This table's keys of `from`, without the prefix. */
  const own = (from: URLSearchParams) => {
    const out = new URLSearchParams();
    for (const k of TABLE_KEYS) {
      const v = from.get(`${prefix}${k}`);
      if (v !== null) out.set(k, v);
    }
    return out;
  };
  const query = readQuery(own(params));
  const set = (change: Partial<TableQuery>) => {
    const current = written.current ?? params;
    const next = { ...readQuery(own(current)), page: 1, ...change };
    const out = new URLSearchParams(current);
    for (const k of TABLE_KEYS) out.delete(`${prefix}${k}`);
    for (const [k, v] of Object.entries(next) as [keyof TableQuery, string | number | undefined][]) {
      if (v === undefined || v === '' || v === DEFAULTS[k]) continue;
      out.set(`${prefix}${k}`, String(v));
    }
    written.current = out;
    setParams(out);
  };
  return [query, set, own(params).toString()];
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption). */
  label: string;
  columns: ColumnDef<Row>[];
  rows: Row[] | undefined;
  total: number;
  /** More rows match than `total` (the server counts a big table up to a cap): shown as "1,000+ results". */
  isTotalCapped?: boolean;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  query: TableQuery;
  onQuery: (change: Partial<TableQuery>) => void;
  /** The status filter's choices (value → label); none, no filter. */
  statuses?: Record<string, string>;
  /** The status filter's label, where it filters on something other than a state (the audit trail's records). */
  statusLabel?: string;
  /** Whether the table has a date filter (From / To, calendar days in New York). */
  hasDates?: boolean;
  searchLabel: string;
  /** What the search matches, shown in the empty search field. */
  searchHint?: string;
  /** Where the CSV of every row that matches is downloaded, with the same filters and sort. */
  exportHref?: string;
  /** What the empty table says when filters are set (how to widen them). */
  empty?: ReactNode;
  /** What it says when there is nothing at all yet (no filter set). */
  none: ReactNode;
}

/**
 * A column's header or cell. A function is called as a render function, where TanStack's `flexRender` would mount it as
 * a component: a table whose columns are rebuilt on a render (a section passing its row actions anew) has new cell
 * functions each time, and as components every cell would be unmounted and mounted again, losing what it holds (a row
 * action's open dialog closed under the admin's hand). Cells call no hooks (react-hooks/rules-of-hooks checks that);
 * what needs state is a component the cell returns.
 */
export function renderTemplate<Context>(template: ((context: Context) => unknown) | string | undefined, context: Context): ReactNode {
  return (typeof template === 'function' ? template(context) : template) as ReactNode;
}

function SortIcon({ dir }: { dir: false | 'asc' | 'desc' }) {
  const Icon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden className="h-3.5 w-3.5 shrink-0" />;
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  total,
  isTotalCapped = false,
  isLoading,
  error,
  onRetry,
  query,
  onQuery,
  statuses,
  statusLabel = 'Status',
  hasDates,
  searchLabel,
  searchHint,
  exportHref,
  empty = 'No row matches these filters. Clear them or widen the dates.',
  none,
}: DataTableProps<Row>) {
  const id = useId();
  const [search, setSearch] = useState(query.q);
  const sorting: SortingState = query.sort ? [{ id: query.sort, desc: query.dir === 'desc' }] : [];
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: query.page - 1, pageSize: query.pageSize } },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onQuery({ q: search.trim() });
  };
  const hasFilters = Boolean(query.q || query.status || query.from || query.to);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
        <form role="search" aria-label={searchLabel} onSubmit={submit} className="flex min-w-0 flex-1 items-end gap-2">
          <div className="min-w-0 flex-1 space-y-1.5">
            <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
              {searchLabel}
            </label>
            <Input
              id={`${id}-q`}
              type="search"
              placeholder={searchHint}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={100}
            />
          </div>
          <Button type="submit" variant="secondary" aria-label={searchLabel}>
            <Search aria-hidden className="h-4 w-4" />
          </Button>
        </form>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
          {statuses && (
            <div className="col-span-2 space-y-1.5 sm:col-span-1">
              <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
                {statusLabel}
              </label>
              <Select id={`${id}-status`} value={query.status ?? ''} onChange={(e) => onQuery({ status: e.target.value || undefined })}>
                <option value="">All</option>
                {Object.entries(statuses).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </Select>
            </div>
          )}
          {hasDates && (
            <>
              <div className="space-y-1.5">
                <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
                  From
                </label>
                <Input
                  id={`${id}-from`}
                  type="date"
                  value={query.from ?? ''}
                  max={query.to}
                  onChange={(e) => onQuery({ from: e.target.value || undefined })}
                />
              </div>
              <div className="space-y-1.5">
                <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
                  To
                </label>
                <Input
                  id={`${id}-to`}
                  type="date"
                  value={query.to ?? ''}
                  min={query.from}
                  onChange={(e) => onQuery({ to: e.target.value || undefined })}
                />
              </div>
            </>
          )}
          {exportHref && (
            <a href={exportHref} download className={buttonClass('secondary', 'md', 'col-span-2 sm:col-span-1')}>
              <Download aria-hidden className="h-4 w-4" /> Export CSV
            </a>
          )}
        </div>
      </div>

      <p className="text-sm text-slate-700" aria-live="polite">
        <span>
          {isLoading
            ? 'Loading...'
            : error
              ? ''
              : `${total.toLocaleString('en-US')}${isTotalCapped ? '+' : ''} ${total === 1 && !isTotalCapped ? 'result' : 'results'}`}
        </span>
        {hasFilters && !isLoading && (
          <>
            {' · '}
            <button
              type="button"
              className="underline underline-offset-2"
              onClick={() => {
                setSearch('');
                onQuery({ q: '', status: undefined, from: undefined, to: undefined });
              }}
            >
              Clear filters
            </button>
          </>
        )}
      </p>

      {/* A refresh that failed keeps the rows on screen (and what a row holds open, a dialog mid-action), said above them. */}
      {error && rows && <ErrorState message={`The table could not be refreshed. ${error}`} onRetry={onRetry} />}
      {error && !rows ? (
        <ErrorState message={`The table could not be loaded. ${error}`} onRetry={onRetry} />
      ) : isLoading && !rows ? (
        <Spinner label={`Loading ${label.toLowerCase()}...`} />
      ) : rows && rows.length === 0 ? (
        <Alert title={hasFilters ? 'Nothing matches' : 'Nothing here yet'}>{hasFilters ? empty : none}</Alert>
      ) : (
        // Wider than a phone: the table scrolls sideways in its own region, which a keyboard can reach.
        <div
          role="region"
          aria-labelledby={`${id}-caption`}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
          tabIndex={0}
          // relative: a cell's visually hidden text (position: absolute) is placed in this region, not past the page's edge.
          className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
        >
          <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={isLoading}>
            <caption id={`${id}-caption`} className="sr-only">
              {label}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const dir = header.column.getIsSorted();
                    const title = renderTemplate(header.column.columnDef.header, header.getContext());
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                        className={`whitespace-nowrap border-b border-slate-200 px-3 py-2 font-semibold ${isPinned(header.column.columnDef.meta) ? `${PINNED} bg-slate-50` : ''}`}
                      >
                        {header.column.columnDef.enableSorting !== false ? (
                          <button
                            type="button"
                            // The server sorts: a header sets the address's sort, newest or largest first, then the other way.
                            onClick={() => onQuery({ sort: header.column.id, dir: dir === 'desc' ? 'asc' : 'desc' })}
                            className="inline-flex min-h-11 items-center gap-1 hover:text-slate-900"
                          >
                            {title}
                            <SortIcon dir={dir} />
                          </button>
                        ) : (
                          title
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 last:border-0">
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={`px-3 py-2 align-top text-slate-800 ${isPinned(cell.column.columnDef.meta) ? `${PINNED} bg-white` : ''}`}
                    >
                      {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-size`} className="whitespace-nowrap text-sm text-slate-700">
            Rows per page
          </label>
          <Select id={`${id}-size`} className="w-24" value={query.pageSize} onChange={(e) => onQuery({ pageSize: Number(e.target.value) })}>
            {TABLE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
        <Pager
          page={query.page}
          total={total}
          isTotalCapped={isTotalCapped}
          pageSize={query.pageSize}
          onPage={(page) => onQuery({ page })}
          label={`${label} pages`}
        />
      </div>
    </div>
  );
}

export type ServerTableProps<Row> = Omit<
  DataTableProps<Row>,
  'rows' | 'total' | 'isTotalCapped' | 'isLoading' | 'error' | 'onRetry' | 'query' | 'onQuery' | 'exportHref'
> & {
  /** The table's API route: its cache key, and with `/export.csv` its CSV export (the address's query added). */
  path: string;
  /** One page of the table from `path`, for the address's query. */
  load: (query: TableQuery) => Promise<{ rows: Row[]; total: number; isTotalCapped: boolean }>;
  /** The second table of a page: its keys in the address carry this prefix (useTableAddress). */
  addressPrefix?: string;
};

/** A console table whose state is the page's address and whose rows come from the server, page by page. */
export function ServerTable<Row>({ path, load, addressPrefix, ...props }: ServerTableProps<Row>) {
  const [query, setQuery, address] = useTableAddress(addressPrefix);
  const page = useQuery({ queryKey: [path, query], queryFn: () => load(query), placeholderData: keepPreviousData });
  return (
    <DataTable
      {...props}
      rows={page.data?.rows}
      total={page.data?.total ?? 0}
      isTotalCapped={page.data?.isTotalCapped ?? false}
      isLoading={page.isFetching}
      error={page.isError ? errorMessage(page.error, 'Please try again.') : null}
      onRetry={() => void page.refetch()}
      query={query}
      onQuery={setQuery}
      exportHref={`${path}/export.csv${address ? `?${address}` : ''}`}
    />
  );
}
