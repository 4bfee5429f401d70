import { useState, type ReactNode } from 'react';
import { ErrorState } from './admin-parts';
import { FilterChips } from './filter-chips';
import { Pager } from './pager';
import { SearchForm } from './search-form';
import { Spinner } from './spinner';

/** A list's search text, status filter and page: a new search or filter starts again at page 1. */
export function useListFilters<S extends string>(firstStatus: S) {
  const [search, setSearchText] = useState('');
  const [status, setStatusValue] = useState<S>(firstStatus);
  const [page, setPage] = useState(1);
  return {
    search,
    status,
    page,
    setPage,
    isFiltered: search !== '' || status !== firstStatus,
    setSearch: (text: string) => {
      setSearchText(text);
      setPage(1);
    },
    setStatus: (value: S) => {
      setStatusValue(value);
      setPage(1);
    },
  };
}

/**
 * An admin list searched and filtered on the server, page by page: the search box, the status chips, and the
 * list in its loading, failed, empty and found states.
 */
export function SearchableList<S extends string, T>({
  filters,
  search,
  statuses,
  query,
  items,
  labels,
  children,
}: {
  filters: ReturnType<typeof useListFilters<S>>;
  search: { id: string; label: string; placeholder: string };
  statuses: { label: string; options: readonly (readonly [S, ReactNode])[] };
  query: { isPending: boolean; isError: boolean; data?: { total: number; pageSize: number }; refetch: () => unknown };
  items: readonly T[] | undefined;
  labels: { list: string; loading: string; failed: string; empty: string; noMatch: string; pager: string };
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <SearchForm
        id={search.id}
        label={search.label}
        placeholder={search.placeholder}
        value={filters.search}
        maxLength={200}
        onSearch={filters.setSearch}
      />
      <FilterChips label={statuses.label} options={statuses.options} value={filters.status} onChange={filters.setStatus} />
      {query.isPending ? (
        <Spinner label={labels.loading} />
      ) : query.isError || !query.data || !items ? (
        <ErrorState message={labels.failed} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">{filters.isFiltered ? labels.noMatch : labels.empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200" aria-label={labels.list}>
            {items.map(children)}
          </ul>
          <Pager
            page={filters.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
            onPage={filters.setPage}
            label={labels.pager}
            size="sm"
          />
        </>
      )}
    </>
  );
}
