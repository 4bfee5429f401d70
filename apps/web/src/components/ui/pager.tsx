import { Button, type ButtonProps } from './button';
import { cn } from '../../lib/cn';

/** How many pages a paged list response (`total`, `pageSize`) spans; at least 1. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * Previous / "Page x of y" / Next for a paged list; renders nothing when everything fits on one page.
 * `label` names the navigation landmark (e.g. "Deal pages").
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
  size,
  className,
  isTotalCapped = false,
}: {
  page: number;
  total: number;
  /** `total` is a lower bound (the server counted up to a cap): the last page shows as "40+" and Next stays. */
  isTotalCapped?: boolean;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant="secondary" size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
        {isTotalCapped ? '+' : ''}
      </span>
      <Button variant="secondary" size={size} disabled={page >= pages && !isTotalCapped} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/** "Load more" for an infinite list (TanStack `useInfiniteQuery`); renders nothing when there is no next page. */
export function LoadMore({
  query,
  className,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button variant="secondary" className={className} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
    </Button>
  );
}
