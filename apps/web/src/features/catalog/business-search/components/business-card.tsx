import { Link } from 'react-router';
import { MapPin, Store, Megaphone } from 'lucide-react';
import { plural, type BusinessListing } from '@localperks/shared';
import { paths } from '../../../../config/paths';
import { cn } from '../../../../lib/cn';

/**
 * A business in a list: the name links to its page and its link covers the card (::after overlay).
 * `compact` (the Businesses group above search results) leaves out the description.
 */
export function BusinessCard({ business, compact = false }: { business: BusinessListing; compact?: boolean }) {
  return (
    <div className="relative flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-50 text-brand-800">
        {business.logoUrl ? (
          // Decorative: the name beside it says whose logo it is.
          <img
            src={business.logoUrl}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover"
          />
        ) : (
          <Store aria-hidden className="h-6 w-6" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <h3 className="min-w-0 font-semibold text-slate-900">
            <Link
              to={paths.business(business.slug)}
              className="break-words after:absolute after:inset-0 after:content-[''] hover:text-brand-800 hover:underline"
            >
              {business.name}
            </Link>
          </h3>
          {/* A paid listing boost is advertising and says so (docs/decisions/0041). */}
          {business.isBoosted && (
            <span className="inline-flex items-center gap-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
              <Megaphone aria-hidden className="h-3 w-3" /> Sponsored
            </span>
          )}
        </div>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden className="h-3.5 w-3.5 shrink-0" /> {business.city}, {business.state}
        </p>
        {!compact && business.descriptionExcerpt && <p className="mt-2 text-sm text-slate-700">{business.descriptionExcerpt}</p>}
        <p className={cn('mt-2 text-sm font-medium', business.liveDealCount > 0 ? 'text-brand-800' : 'text-slate-600')}>
          {business.liveDealCount > 0 ? `${plural(business.liveDealCount, 'live deal')}` : 'No live deals right now'}
        </p>
      </div>
    </div>
  );
}

/** Cards in a responsive grid. */
export function BusinessGrid({ businesses, compact, className }: { businesses: BusinessListing[]; compact?: boolean; className?: string }) {
  return (
    <ul className={cn('grid gap-4', className)}>
      {businesses.map((b) => (
        <li key={b.slug}>
          <BusinessCard business={b} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
