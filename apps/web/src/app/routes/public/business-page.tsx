import { Link, Navigate, redirect, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, ExternalLink, Globe, MapPin, Phone, SearchX, Store, Tag } from 'lucide-react';
import { PUBLIC_PAGES, WEEK_ORDER, WEEKDAY_NAMES, isOpenAt, isOvernight, type BusinessPage } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { paths } from '../../../config/paths';
import { businessQuery } from '../../../features/catalog/businesses/api';
import { MessageMerchantButton } from '../../../features/support/customer-messages/components/message-merchant-button';
import { PlaceCard } from '../../../features/catalog/deals/components/place-card';
import { ReviewsSection } from '../../../features/engagement/reviews/components/reviews-section';
import { firstReviewsQuery } from '../../../features/engagement/reviews/api';
import { RatingLine } from '../../../features/engagement/reviews/components/stars';
import { FollowButton } from '../../../features/engagement/follows/follow-button';
import { ApiError } from '../../../lib/api-client';
import { DealGrid } from '../../components/deal-card';
import { useRenderTime } from '../../../lib/hydration';
import { pageLoader } from '../../page-data';

/** "09:00" → "9:00 AM" (the hours are the business's own local times: no time zone). */
function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A phone number as a tel: address (digits and a leading +). */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The week's hours. A business that entered none has unknown hours, never "closed every day": the card
 * says so. Days missing from hours that were entered are closed.
 */
function OpeningHours({ hours, timeZone }: { hours: BusinessPage['openingHours']; timeZone: string | null }) {
  const byDay = new Map(hours.map((h) => [h.day, h]));
  // By the server's render time until hydrated, so the server's HTML and the first render agree.
  const isOpen = isOpenAt(hours, timeZone, new Date(useRenderTime()));
  return (
    <section aria-labelledby="hours-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="hours-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Clock aria-hidden className="h-5 w-5 text-brand-700" /> Opening hours
      </h2>
      {isOpen !== null && (
        <p className={isOpen ? 'mt-1 font-semibold text-green-800' : 'mt-1 font-semibold text-slate-800'}>
          {isOpen ? 'Open now' : 'Closed now'}
        </p>
      )}
      {hours.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Hours not listed. Contact the business to ask when it is open.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Opening hours by day</caption>
          <tbody>
            {WEEK_ORDER.map((day) => {
              const h = byDay.get(day);
              return (
                <tr key={day} className="border-t border-slate-100 first:border-t-0">
                  <th scope="row" className="py-1.5 pr-4 text-left font-medium text-slate-800">
                    {WEEKDAY_NAMES[day]}
                  </th>
                  <td className="py-1.5 text-right text-slate-700">
                    {h ? (
                      <>
                        {formatClock(h.opens)} – {formatClock(h.closes)}
                        {isOvernight(h) && ' (next day)'}
                      </>
                    ) : (
                      'Closed'
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function BusinessView({ business: b }: { business: BusinessPage }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <title>{PUBLIC_PAGES.business.head(b).title}</title>
      <meta name="description" content={b.description.slice(0, 150)} />
      {b.coverUrl && (
        <FallbackImage
          key={b.coverUrl}
          src={b.coverUrl}
          alt=""
          slot="cover"
          fetchPriority="high"
          className="mb-6 aspect-[3/1] w-full rounded-xl bg-slate-100 object-cover"
        />
      )}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {b.logoUrl ? (
          <FallbackImage
            key={b.logoUrl}
            src={b.logoUrl}
            alt={`${b.name} logo`}
            slot="logo"
            className="h-20 w-20 shrink-0 rounded-xl border border-slate-200 bg-white object-cover sm:h-24 sm:w-24"
          />
        ) : (
          <div
            aria-hidden
            className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:h-24 sm:w-24"
          >
            <Store className="h-10 w-10" />
          </div>
        )}
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{b.name}</h1>
          <p className="mt-1 flex items-center gap-1 text-slate-700">
            <MapPin aria-hidden className="h-4 w-4 shrink-0 text-slate-600" /> {b.city}, {b.state}
          </p>
          <RatingLine average={b.ratingAverage} count={b.reviewCount} href="#reviews" className="mt-1" />
          <div className="mt-3">
            <FollowButton slug={b.slug} name={b.name} />
          </div>
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
        <div className="min-w-0 space-y-8">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
              About {b.name}
            </h2>
            <p className="mt-2 whitespace-pre-line break-words leading-relaxed text-slate-700">{b.description}</p>
          </section>
          {b.highlights.length > 0 && (
            <section aria-labelledby="highlights-heading">
              <h2 id="highlights-heading" className="text-xl font-semibold text-slate-900">
                Highlights
              </h2>
              <ul className="mt-3 space-y-2">
                {b.highlights.map((h, i) => (
                  <li key={i} className="flex gap-2 text-slate-700">
                    <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                    <span className="break-words">{h}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="min-w-0 space-y-6">
          <section aria-labelledby="contact-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
              Contact
            </h2>
            <ul className="mt-2 space-y-1">
              {b.phone && (
                <li>
                  <a
                    href={telHref(b.phone)}
                    className="inline-flex min-h-11 items-center gap-2 font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
                  >
                    <Phone aria-hidden className="h-4 w-4" /> {b.phone}
                  </a>
                </li>
              )}
              {b.website && (
                <li>
                  <a
                    href={b.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center gap-2 break-all font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
                  >
                    <Globe aria-hidden className="h-4 w-4 shrink-0" /> Visit website{' '}
                    <ExternalLink aria-hidden className="h-4 w-4 shrink-0" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              )}
            </ul>
            {b.messaging && (
              <div className="mt-3">
                <MessageMerchantButton
                  variant="primary"
                  label="Message this business"
                  target={{ merchantName: b.name, businessSlug: b.slug, defaultSubject: `Question for ${b.name}` }}
                />
              </div>
            )}
          </section>
          {b.place && <PlaceCard place={b.place} name={b.name} />}
          {b.enhancedProfile && <OpeningHours hours={b.openingHours} timeZone={b.timeZone} />}
        </div>
      </div>

      <section aria-labelledby="deals-heading" className="mt-10">
        <h2 id="deals-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Tag aria-hidden className="h-5 w-5 text-brand-700" /> Live deals
        </h2>
        {b.deals.length ? (
          <DealGrid deals={b.deals} className="mt-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" />
        ) : (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            No live deals right now.
          </p>
        )}
      </section>
      <div className="mt-10 max-w-3xl">
        <ReviewsSection source={{ kind: 'business', slug: b.slug }} />
      </div>
    </div>
  );
}

function BusinessSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10" role="status">
      <span className="sr-only">Loading business...</span>
      <div aria-hidden className="animate-pulse">
        <div className="mb-6 aspect-[3/1] w-full rounded-xl bg-slate-200" />
        <div className="flex items-center gap-4">
          <div className="h-20 w-20 rounded-xl bg-slate-200" />
          <div className="space-y-2">
            <div className="h-8 w-64 rounded bg-slate-200" />
            <div className="h-5 w-32 rounded bg-slate-200" />
          </div>
        </div>
        <div className="mt-8 h-40 w-full rounded-xl bg-slate-200" />
      </div>
    </div>
  );
}

function BusinessNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Business not found | LocalPerks</title>
      <SearchX aria-hidden className="mx-auto h-14 w-14 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Business not found</h1>
      <p className="mt-2 text-slate-700">This business does not exist or is no longer listed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.deals} className={buttonClass('primary')}>
          Browse Deals
        </Link>
        <Link to={paths.home} className={buttonClass('secondary')}>
          Go Home
        </Link>
      </div>
    </div>
  );
}

/** The page's data (app/page-data.ts): the business and its first reviews; unknown or not approved is a 404. */
export const loader = pageLoader(async ({ params, queryClient }) => {
  const page = await queryClient.ensureQueryData(businessQuery(params.slug ?? ''));
  // A slug the business had before its name changed: a permanent redirect to its page now.
  if ('redirectTo' in page) return redirect(paths.business(page.redirectTo), 301);
  await queryClient.ensureQueryData(firstReviewsQuery({ kind: 'business', slug: page.business.slug }));
});

/** /businesses/:slug: an approved business's public page (docs/product/design.md §13). */
export default function BusinessPageRoute() {
  const { slug = '' } = useParams();
  const query = useQuery(businessQuery(slug));

  if (query.isPending) return <BusinessSkeleton />;
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return <BusinessNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <title>Business | LocalPerks</title>
        <Alert variant="destructive" title="We couldn't load this business">
          {err.message}
        </Alert>
        <Button className="mt-4" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    );
  }
  // An old address (the business was renamed): the server answers it with a 301; in the browser, replace it.
  if ('redirectTo' in query.data) return <Navigate to={paths.business(query.data.redirectTo)} replace />;
  return <BusinessView key={query.data.business.slug} business={query.data.business} />;
}
