import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart, MapPin, Megaphone, ShoppingCart, Zap } from 'lucide-react';
import { formatCents, formatMiles, fromPrice, isDealExpired, isPurchasable, type DealSummary } from '@localperks/shared';
import { Button, buttonClass } from '../../components/ui/button';
import { FallbackImage } from '../../components/ui/fallback-image';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useRenderTime } from '../../lib/hydration';
import { useIsMerchant } from '../../lib/session';
import { useAddToCart } from '../../lib/use-add-to-cart';
import { useIsFavorite, useToggleFavorite } from '../../features/engagement/favorites/use-favorites';
import { VotePanel } from '../../features/engagement/perkboost/components/vote-panel';
import { RatingLine } from '../../features/engagement/reviews/components/stars';

/** A card's title heading: h3 under a section's h2, h2 right under the page's h1 (no skipped level). */
export type CardTitleLevel = 2 | 3;

/**
 * A deal in a grid: the title link covers the whole card (::after overlay); the buttons sit above
 * it (relative z-10) so they stay clickable. `isLcp`: the first card of the first screen, whose image
 * is likely the page's largest paint: fetched at once with high priority (the server preloads it).
 * `isSponsored`: shown in a paid placement (a Sponsored row), and labelled so; a crowd-vote deal
 * carries the PerkBoost badge, which cannot be bought (docs/decisions/0041).
 * Memoised: a list's re-render (its page's session or fetch state) leaves a card whose deal is the
 * same object alone (docs/decisions/0030-tbt.md).
 */
export const DealCard = memo(function DealCard({
  deal,
  footer,
  isLcp = false,
  isSponsored = false,
  titleLevel = 3,
}: {
  deal: DealSummary;
  footer?: ReactNode;
  isLcp?: boolean;
  isSponsored?: boolean;
  titleLevel?: CardTitleLevel;
}) {
  const isFavorite = useIsFavorite(deal.id);
  const isMerchant = useIsMerchant();
  const toggleFavorite = useToggleFavorite();
  const addToCart = useAddToCart();
  const isCrowdVote = deal.type === 'perkboost';
  // The server's render time until hydrated, so the badge and the button match the server's HTML.
  const now = useRenderTime();
  const isExpired = isDealExpired(deal, now);
  // Crowd-vote cards sell through the vote panel's Pay Now once unlocked; the server's rule decides (shared isPurchasable).
  const canBuy = !isCrowdVote && isPurchasable(deal, now);
  // Standard cards link to /deal/{id}, crowd-vote cards to /deals/{id} (docs/product/customer-spec.md §2); both show the same page.
  const href = isCrowdVote ? paths.deal(deal.id) : paths.dealLegacy(deal.id);
  const Title = titleLevel === 2 ? 'h2' : 'h3';

  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-[8/5] bg-slate-100">
        {/* Decorative (alt=""): the title right below names the deal. Falls back to a stock image, then an icon. */}
        <FallbackImage
          key={deal.imageUrl ?? ''}
          src={deal.imageUrl}
          alt=""
          slot="card"
          {...(isLcp ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
          // Fills the 8:5 frame whatever the image's own ratio (an upload is stored at its ratio): positioned, so
          // a tall image cannot stretch the frame (an aspect-ratio box grows to fit content in the flow).
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute left-2 top-2 flex flex-wrap gap-1.5">
          {deal.discountPercentage > 0 && (
            <span className="rounded-md bg-red-700 px-2 py-0.5 text-sm font-bold text-white shadow">
              <span aria-hidden>-{deal.discountPercentage}%</span>
              <span className="sr-only">{deal.discountPercentage}% off</span>
            </span>
          )}
          {isSponsored && (
            <span className="inline-flex items-center gap-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-0.5 text-sm font-semibold text-amber-950 shadow">
              <Megaphone aria-hidden className="h-3.5 w-3.5" /> Sponsored
            </span>
          )}
          {isCrowdVote && (
            <span className="inline-flex items-center gap-1 rounded-md bg-violet-700 px-2 py-0.5 text-sm font-semibold text-white shadow">
              <Zap aria-hidden className="h-3.5 w-3.5" /> PerkBoost
            </span>
          )}
          {isExpired && <span className="rounded-md bg-slate-800 px-2 py-0.5 text-sm font-semibold text-white shadow">Expired</span>}
        </div>
        {!isMerchant && (
          <button
            type="button"
            aria-pressed={isFavorite}
            aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
            onClick={() => toggleFavorite(deal)}
            className="absolute right-2 top-2 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow hover:bg-white hover:text-red-700"
          >
            <Heart aria-hidden className={cn('h-5 w-5', isFavorite && 'fill-red-600 text-red-700')} />
          </button>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <Title className="text-lg font-semibold leading-snug text-slate-900">
          <Link
            to={href}
            onClick={() => countClick(deal.id)}
            className="after:absolute after:inset-0 after:content-[''] hover:text-brand-800 hover:underline"
          >
            {deal.title}
          </Link>
        </Title>
        <p className="flex min-w-0 items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
          <span className="shrink-0 whitespace-nowrap">
            {deal.city}, {deal.state}
            {deal.distanceMiles != null && (
              <>
                {' · '}
                <span className="font-medium text-slate-900">
                  {formatMiles(deal.distanceMiles)}
                  <span className="sr-only"> away</span>
                </span>
              </>
            )}
          </span>
          {deal.merchantName && (
            <span className="min-w-0 truncate">
              · {/* Above the card's overlay link (relative z-10), so it opens the business page. */}
              <Link to={paths.business(deal.merchantSlug)} className="relative z-10 hover:text-brand-800 hover:underline">
                {deal.merchantName}
              </Link>
            </span>
          )}
        </p>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-xl font-bold text-brand-800">
            {/* A deal with several options says "from" its lowest price (docs/decisions/0047). */}
            <span className="sr-only">Deal price </span>
            {fromPrice(deal.dealPriceCents, deal.optionCount)}
          </span>
          {deal.optionCount <= 1 && deal.originalPriceCents > deal.dealPriceCents && (
            <s className="text-sm text-slate-700">
              <span className="sr-only">Original price </span>
              {formatCents(deal.originalPriceCents)}
            </s>
          )}
        </p>
        {/* The average and the count of its verified reviews (docs/decisions/0064-verified-reviews.md). */}
        <RatingLine average={deal.ratingAverage} count={deal.reviewCount} />

        {(isCrowdVote || canBuy || footer) && (
          <div className="relative z-10 mt-auto space-y-3 pt-2">
            {isCrowdVote && <VotePanel deal={deal} compact />}
            {canBuy && deal.optionCount > 1 && (
              // Several options: the customer chooses one on the deal page.
              <Link to={href} className={buttonClass('primary', 'md', 'w-full')}>
                Choose an option
              </Link>
            )}
            {canBuy && deal.optionCount <= 1 && (
              <Button className="w-full" onClick={() => addToCart(deal)}>
                <ShoppingCart aria-hidden className="h-4 w-4" /> Add to Cart
              </Button>
            )}
            {footer}
          </div>
        )}
      </div>
    </article>
  );
});

/** Tells the server a card was clicked through to its deal (the merchant's boost stats); never in the way. */
function countClick(dealId: string) {
  void fetch(`/api/deals/${encodeURIComponent(dealId)}/click`, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(
    () => undefined,
  );
}

/**
 * Cards in a list; the column count per breakpoint comes from `className` (e.g. `sm:grid-cols-2`).
 * `hasLcpImage`: the list opens the page, so its first image is not lazy (see DealCard).
 */
export function DealGrid({
  deals,
  className,
  hasLcpImage = false,
  isSponsored = false,
  titleLevel = 3,
}: {
  deals: DealSummary[];
  className?: string;
  hasLcpImage?: boolean;
  isSponsored?: boolean;
  titleLevel?: CardTitleLevel;
}) {
  return (
    <ul className={cn('grid grid-cols-1 gap-6', className)}>
      {deals.map((d, i) => (
        <li key={d.id}>
          <DealCard deal={d} isLcp={hasLcpImage && i === 0} isSponsored={isSponsored} titleLevel={titleLevel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Paid boosts (docs/product/design.md §4a) in their own row, labelled as advertising (docs/decisions/0041): above
 * a listing's first page and on home. Nothing when there are none.
 */
export function SponsoredDeals({
  deals,
  className,
  gridClassName,
  hasLcpImage = false,
}: {
  deals: DealSummary[];
  className?: string;
  gridClassName?: string;
  hasLcpImage?: boolean;
}) {
  const headingId = useId();
  if (deals.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          Sponsored
        </h2>
        <p className="text-sm text-slate-700">Local businesses paid to show these deals here.</p>
      </div>
      <DealGrid deals={deals} isSponsored hasLcpImage={hasLcpImage} className={gridClassName} />
    </section>
  );
}

/** Grey stand-ins shaped like cards while deals load. */
export function DealGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div role="status" className={cn('grid grid-cols-1 gap-6', className)}>
      <span className="sr-only">Loading deals...</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div className="aspect-[8/5] animate-pulse bg-slate-200" />
          <div className="space-y-3 p-4">
            <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            <div className="h-6 w-1/3 animate-pulse rounded bg-slate-200" />
            <div className="h-11 animate-pulse rounded-lg bg-slate-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
