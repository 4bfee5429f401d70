import { Link, useNavigate, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, Store } from 'lucide-react';
import { PUBLIC_PAGES, SEARCH_MAX_LENGTH, businessesHeading, formatCount } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { SearchForm } from '../../../components/ui/search-form';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { businessSearchQuery, businessesHref, readBusinessesUrl, useBusinessSearch } from '../../../features/catalog/business-search/api';
import { BusinessGrid } from '../../../features/catalog/business-search/components/business-card';
import { LocationPicker } from '../../../features/catalog/deals/components/location-picker';
import { pageLoader } from '../../page-data';

/** The page's data (app/page-data.ts): the businesses its address asks for. */
export const loader = pageLoader(({ url, queryClient }) =>
  queryClient.ensureQueryData(businessSearchQuery(readBusinessesUrl(url.searchParams))),
);

/**
 * /businesses: every approved business, or those of a state and city, or matching a search; boosted
 * listings first. Rendered on the server with its first results; the filters live in the URL.
 */
export default function BusinessDirectoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = readBusinessesUrl(params);
  const { search, state, city, page } = filters;
  const result = useBusinessSearch(filters);
  const data = result.data;
  const heading = businessesHeading({ state, city });
  const place = state ? (city ? `${city}, ${state}` : state) : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const go = (next: Partial<typeof filters>) => void navigate(businessesHref({ ...filters, page: 1, ...next }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <title>{PUBLIC_PAGES.businesses.head({ heading, search, place }).title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-1 text-slate-700">
        {search ? <>Results for “{search}”</> : 'Restaurants, shops, studios and services near you, with their live deals.'}
      </p>

      <div className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <SearchForm
          id="business-search"
          label="Search businesses"
          placeholder="Search businesses..."
          maxLength={SEARCH_MAX_LENGTH}
          value={search}
          onSearch={(text) => go({ search: text })}
        />
        <LocationPicker subject="businesses" value={{ state, city }} onChange={(next) => go({ state: next.state, city: next.city })} />
      </div>

      <section aria-labelledby="business-results-heading" className="mt-8" aria-busy={result.isFetching}>
        <h2 id="business-results-heading" className="sr-only">
          Businesses
        </h2>
        <p role="status" aria-live="polite" className={cn('mb-4 font-medium text-slate-900', result.isPlaceholderData && 'opacity-60')}>
          {!data
            ? 'Loading businesses...'
            : `${formatCount(data.total)} ${data.total === 1 ? 'business' : 'businesses'}${place ? ` in ${place}` : ''}`}
        </p>
        {result.isPending ? (
          <p className="text-slate-700">Loading businesses...</p>
        ) : result.isError ? (
          <Alert variant="destructive" title="Businesses could not be loaded.">
            <p>{errorMessage(result.error, 'Something went wrong. Please try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void result.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : data && data.businesses.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
            <Store aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
            <p className="mt-3 text-lg font-semibold text-slate-900">{page > 1 ? 'No more businesses here' : 'No businesses found'}</p>
            <p className="mt-1 text-slate-700">Try another search or location, or browse the deals.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <Link to={paths.businesses} className={buttonClass('primary')}>
                All businesses
              </Link>
              <Link to={paths.deals} className={buttonClass('secondary')}>
                Browse Deals
              </Link>
            </div>
          </div>
        ) : data ? (
          <>
            <BusinessGrid
              businesses={data.businesses}
              className={cn('sm:grid-cols-2 lg:grid-cols-3', result.isPlaceholderData && 'opacity-60')}
            />
            {pages > 1 && (
              <nav aria-label="Business pages" className="mt-8 flex items-center justify-between gap-2">
                <PageLink to={page > 1 ? businessesHref({ ...filters, page: page - 1 }) : null} rel="prev">
                  <ChevronLeft aria-hidden className="h-4 w-4" /> Previous
                </PageLink>
                <span className="text-sm text-slate-700">
                  Page {page} of {pages}
                </span>
                <PageLink to={page < pages ? businessesHref({ ...filters, page: page + 1 }) : null} rel="next">
                  Next <ChevronRight aria-hidden className="h-4 w-4" />
                </PageLink>
              </nav>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}

/** A real link (crawlable, opens in a new tab), or a disabled-looking placeholder at either end. */
function PageLink({ to, rel, children }: { to: string | null; rel: 'prev' | 'next'; children: React.ReactNode }) {
  if (!to)
    return (
      <span aria-disabled="true" className={cn(buttonClass('secondary'), 'pointer-events-none opacity-50')}>
        {children}
      </span>
    );
  return (
    <Link to={to} rel={rel} className={buttonClass('secondary')}>
      {children}
    </Link>
  );
}
