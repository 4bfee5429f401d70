import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { SEARCH_BUSINESS_GROUP_SIZE, formatCount } from '@localperks/shared';
import { cn } from '../../../../lib/cn';
import { businessesHref, useBusinessSearch } from '../api';
import { BusinessGrid } from './business-card';

/**
 * "Businesses" above a search's deal results: the first businesses whose name or description matches,
 * in the same location as the deals. Nothing at all when none match.
 */
export function SearchBusinessesGroup({ search, state, city }: { search: string; state: string | null; city: string | null }) {
  const result = useBusinessSearch({ search, state, city, pageSize: SEARCH_BUSINESS_GROUP_SIZE }, { enabled: search.trim() !== '' });
  const data = result.data;
  if (!search.trim() || !data || data.businesses.length === 0) return null;
  return (
    <section aria-labelledby="search-businesses-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-2">
        <h2 id="search-businesses-heading" className="text-xl font-bold text-slate-900">
          Businesses
        </h2>
        {data.total > data.businesses.length && (
          <Link
            to={businessesHref({ search, state, city })}
            className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-800 underline-offset-4 hover:underline"
          >
            See all {formatCount(data.total)} businesses <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        )}
      </div>
      <BusinessGrid
        businesses={data.businesses}
        compact
        className={cn('sm:grid-cols-2 lg:grid-cols-4', result.isPlaceholderData && 'opacity-60')}
      />
    </section>
  );
}
