import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarClock,
  CheckCircle2,
  ExternalLink,
  Heart,
  MapPin,
  SearchX,
  Share2,
  ShoppingCart,
  Store,
  Zap,
} from 'lucide-react';
import {
  PUBLIC_PAGES,
  CATEGORIES,
  CHECKOUT_MESSAGES,
  MAX_CART_LINE_QUANTITY,
  formatCents,
  isDealExpired,
  perCustomerLimitLabel,
  purchaseBlock,
  stockLabel,
  type DealDetail,
  type DealOption,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useAddToCart } from '../../../lib/use-add-to-cart';
import { dealQuery } from '../../../features/catalog/deals/api';
import { useIsFavorite, useToggleFavorite } from '../../../features/engagement/favorites/use-favorites';
import { VotePanel } from '../../../features/engagement/perkboost/components/vote-panel';
import { useLiveDeal } from '../../../features/engagement/perkboost/use-deal-events';
import { MessageMerchantButton } from '../../../features/support/customer-messages/components/message-merchant-button';
import { PlaceCard } from '../../../features/catalog/deals/components/place-card';
import { ReviewsSection } from '../../../features/engagement/reviews/components/reviews-section';
import { firstReviewsQuery } from '../../../features/engagement/reviews/api';
import { RatingLine } from '../../../features/engagement/reviews/components/stars';
import { formatDate } from '../../../lib/format';
import { useDisplayTimeZone, useRenderTime } from '../../../lib/hydration';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { pageLoader } from '../../page-data';

function Gallery({ deal }: { deal: DealDetail }) {
  const images = deal.images.length ? deal.images : deal.imageUrl ? [deal.imageUrl] : [];
  const [index, setIndex] = useState(0);
  const current = images[index] ?? null;
  return (
    <div>
      <FallbackImage
        key={current ?? 'none'}
        src={current}
        alt={images.length > 1 ? `${deal.title}, image ${index + 1} of ${images.length}` : deal.title}
        slot="deal"
        fetchPriority="high"
        className="aspect-[8/5] w-full rounded-xl bg-slate-100 object-cover"
        iconClassName="h-16 w-16"
      />
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Deal images">
          {images.map((src, i) => (
            <li key={src + i} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-lg border-2',
                  i === index ? 'border-brand-700' : 'border-transparent hover:border-slate-400',
                )}
              >
                <FallbackImage
                  key={src}
                  src={src}
                  width={96}
                  height={64}
                  loading="lazy"
                  className="h-full w-full object-cover"
                  iconClassName="h-5 w-5"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PurchaseBox({ deal, option }: { deal: DealDetail; option: DealOption | undefined }) {
  const { user } = useSession();
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const renderTime = useRenderTime();

  if (isDealExpired(deal, renderTime)) return <Alert title="This deal has expired">It can no longer be purchased.</Alert>;
  if (deal.type === 'perkboost' && deal.status !== 'active') {
    return (
      <Alert title="Not available for purchase yet">
        This PerkBoost deal unlocks for purchase when it reaches its vote target before voting ends. Vote below to help unlock it.
      </Alert>
    );
  }
  if (deal.status !== 'active') return <Alert title="Not available for purchase">This deal cannot be bought right now.</Alert>;
  if (purchaseBlock(deal, renderTime) === 'closing')
    return <Alert title="Not available for purchase">{CHECKOUT_MESSAGES.closingSoon('This deal')}</Alert>;
  if (user && user.role !== 'customer') return <Alert title="Customer accounts only">Deals are bought with a customer account.</Alert>;
  // A sold-out option cannot be added (docs/decisions/0047).
  if (option && option.stockLeft === 0)
    return (
      <Alert title="Sold out">
        {deal.options.length > 1 ? 'This option is sold out. Choose another option.' : 'This deal is sold out.'}
      </Alert>
    );
  const most = Math.min(
    MAX_CART_LINE_QUANTITY,
    option?.stockLeft ?? MAX_CART_LINE_QUANTITY,
    deal.perCustomerLimit ?? MAX_CART_LINE_QUANTITY,
  );

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={quantityId} className="mb-1 block text-sm font-medium text-slate-800">
          Quantity
        </label>
        <select
          id={quantityId}
          value={Math.min(quantity, most)}
          onChange={(e) => setQuantity(Number(e.target.value))}
          className="block min-h-11 w-24 rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900"
        >
          {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <Button
        size="lg"
        className="min-w-48 flex-1"
        onClick={() => {
          addToCart(deal, Math.min(quantity, most), option?.id);
          setQuantity(1);
        }}
      >
        <ShoppingCart aria-hidden className="h-5 w-5" /> Add to Cart
      </Button>
    </div>
  );
}

/** "Choose an option" (docs/decisions/0047): one radio per option with its price and what is left. */
function OptionPicker({ deal, value, onChange }: { deal: DealDetail; value: string | undefined; onChange: (id: string) => void }) {
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Choose an option</legend>
      <div className="space-y-2">
        {deal.options.map((o) => {
          const stock = stockLabel(o.stockLeft);
          const isSoldOut = o.stockLeft === 0;
          return (
            <label
              key={o.id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2',
                value === o.id ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-300 bg-white hover:border-slate-400',
              )}
            >
              <input
                type="radio"
                name={`option-${deal.id}`}
                value={o.id}
                checked={value === o.id}
                onChange={() => onChange(o.id)}
                className="h-4 w-4 accent-brand-700"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{o.title}</span>
                {stock && <span className={cn('text-sm font-semibold', isSoldOut ? 'text-slate-700' : 'text-red-700')}>{stock}</span>}
              </span>
              <span className="text-right">
                <span className="block font-bold text-brand-800">{formatCents(o.dealPriceCents)}</span>
                {o.originalPriceCents > o.dealPriceCents && (
                  <s className="text-sm text-slate-700">
                    <span className="sr-only">Original price </span>
                    {formatCents(o.originalPriceCents)}
                  </s>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The price box: the chosen option's price (the first one that is not sold out to start with), its stock and the deal's limit. */
function PriceAndPurchase({ deal, isExpired }: { deal: DealDetail; isExpired: boolean }) {
  const timeZone = useDisplayTimeZone();
  const [chosen, setChosen] = useState<string | undefined>(() => (deal.options.find((o) => o.stockLeft !== 0) ?? deal.options[0])?.id);
  const option = deal.options.find((o) => o.id === chosen) ?? deal.options[0];
  const price = option ?? deal;
  const hasDiscount = price.originalPriceCents > price.dealPriceCents;
  const stock = option ? stockLabel(option.stockLeft) : null;
  const isMulti = deal.options.length > 1;
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-bold text-brand-800">
          <span className="sr-only">Deal price </span>
          {formatCents(price.dealPriceCents)}
        </span>
        {hasDiscount && (
          <s className="text-lg text-slate-700">
            <span className="sr-only">Original price </span>
            {formatCents(price.originalPriceCents)}
          </s>
        )}
        {price.discountPercentage > 0 && (
          <span className="rounded-md bg-red-700 px-2 py-0.5 text-sm font-bold text-white">{price.discountPercentage}% off</span>
        )}
      </p>
      {hasDiscount && (
        <p className="mt-1 text-sm font-medium text-slate-700">You save {formatCents(price.originalPriceCents - price.dealPriceCents)}</p>
      )}
      {!isMulti && stock && (
        <p className={cn('mt-2 text-sm font-semibold', option?.stockLeft === 0 ? 'text-slate-800' : 'text-red-700')}>{stock}</p>
      )}
      {isMulti && <OptionPicker deal={deal} value={option?.id} onChange={setChosen} />}
      <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
        <CalendarClock aria-hidden className="h-4 w-4 text-slate-600" />
        {isExpired ? 'Sale ended' : 'Sale ends'} {formatDate(deal.expirationDate, timeZone)}
        {deal.validUntil !== deal.expirationDate && <> · Vouchers valid until {formatDate(deal.validUntil, timeZone)}</>}
      </p>
      {deal.perCustomerLimit !== null && (
        <p className="mt-1 text-sm font-medium text-slate-800">{perCustomerLimitLabel(deal.perCustomerLimit)}</p>
      )}
      <div className="mt-4">
        <PurchaseBox deal={deal} option={option} />
      </div>
    </>
  );
}

function ShareButton({ deal }: { deal: DealDetail }) {
  const share = async () => {
    const url = `${window.location.origin}${paths.deal(deal.id)}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: deal.title, text: `${deal.title} on LocalPerks`, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return; // the user closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', { description: 'The link to this deal is on your clipboard.' });
    } catch {
      toast.error('Could not copy the link', { description: url });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <Share2 aria-hidden className="h-4 w-4" /> Share
    </Button>
  );
}

function FavoriteButton({ deal }: { deal: DealDetail }) {
  const isFavorite = useIsFavorite(deal.id);
  const toggle = useToggleFavorite();
  return (
    <Button variant="secondary" aria-pressed={isFavorite} onClick={() => toggle(deal)}>
      <Heart aria-hidden className={cn('h-4 w-4', isFavorite && 'fill-red-600 text-red-700')} />
      {isFavorite ? 'Saved to Favorites' : 'Save to Favorites'}
    </Button>
  );
}

function DealView({ deal: dealProp }: { deal: DealDetail }) {
  const deal = useLiveDeal(dealProp);
  const { user } = useSession();
  const isExpired = isDealExpired(deal, useRenderTime());
  const category = CATEGORIES.find((c) => c.id === deal.categoryId);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <title>{PUBLIC_PAGES.deal.head(deal).title}</title>
      <meta name="description" content={deal.description.slice(0, 150)} />
      <Link
        to={paths.deals}
        className="mb-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-800 hover:text-brand-900 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Browse Deals
      </Link>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:gap-10">
        <div className="min-w-0">
          <Gallery deal={deal} />
        </div>

        <div className="min-w-0 space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div>
            <div className="flex flex-wrap gap-2">
              {category && <span className="rounded-md bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">{category.name}</span>}
              {/* The crowd-vote badge; a paid boost is labelled where it is placed (Sponsored rows), not here. */}
              {deal.type === 'perkboost' && (
                <span className="inline-flex items-center gap-1 rounded-md bg-violet-700 px-2 py-0.5 text-sm font-semibold text-white">
                  <Zap aria-hidden className="h-3.5 w-3.5" /> PerkBoost
                </span>
              )}
              {isExpired && <span className="rounded-md bg-slate-800 px-2 py-0.5 text-sm font-semibold text-white">Expired</span>}
            </div>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{deal.title}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
              <span className="inline-flex items-center gap-1">
                <Store aria-hidden className="h-4 w-4 text-slate-600" />{' '}
                <Link to={paths.business(deal.merchantSlug)} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                  {deal.merchantName}
                </Link>
              </span>
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="h-4 w-4 text-slate-600" /> {deal.city}, {deal.state}
              </span>
            </p>
            <RatingLine average={deal.ratingAverage} count={deal.reviewCount} href="#reviews" className="mt-2" />
          </div>

          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <PriceAndPurchase deal={deal} isExpired={isExpired} />
            <div className="mt-4 flex flex-wrap gap-2">
              {user?.role !== 'merchant' && <FavoriteButton deal={deal} />}
              <ShareButton deal={deal} />
            </div>
          </div>

          {deal.type === 'perkboost' && <VotePanel deal={deal} />}

          <section aria-labelledby="merchant-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="merchant-heading" className="text-lg font-semibold text-slate-900">
              About the merchant
            </h2>
            <p className="mt-2 font-medium text-slate-900">
              <Link to={paths.business(deal.merchantSlug)} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
                {deal.merchantName}
              </Link>
            </p>
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
              <MapPin aria-hidden className="h-4 w-4 text-slate-600" /> {deal.merchantCity}, {deal.merchantState}
            </p>
            {deal.merchantWebsite && (
              <a
                href={deal.merchantWebsite}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                Visit website <ExternalLink aria-hidden className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
            <div className="mt-3">
              <MessageMerchantButton
                target={{ merchantName: deal.merchantName, dealId: deal.id, defaultSubject: `Question about “${deal.title}”` }}
              />
            </div>
          </section>
          {deal.place && <PlaceCard place={deal.place} name={deal.merchantName} />}
        </div>

        <div className="min-w-0 space-y-8">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold text-slate-900">
              About this deal
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-700">{deal.description}</p>
          </section>
          {deal.highlights.length > 0 && (
            <section aria-labelledby="highlights-heading">
              <h2 id="highlights-heading" className="text-xl font-semibold text-slate-900">
                Highlights
              </h2>
              <ul className="mt-3 space-y-2">
                {deal.highlights.map((h, i) => (
                  <li key={i} className="flex gap-2 text-slate-700">
                    <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                    <span>{h}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {deal.finePrint.trim() && (
            <section aria-labelledby="fine-print-heading">
              <h2 id="fine-print-heading" className="text-xl font-semibold text-slate-900">
                Fine print
              </h2>
              <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-700">{deal.finePrint}</p>
            </section>
          )}
          <ReviewsSection source={{ kind: 'deal', id: deal.id }} />
        </div>
      </div>
    </div>
  );
}

function DealSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10" role="status">
      <span className="sr-only">Loading deal...</span>
      <div aria-hidden className="animate-pulse">
        <div className="mb-4 h-6 w-32 rounded bg-slate-200" />
        <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-10">
          <div className="aspect-[8/5] w-full rounded-xl bg-slate-200" />
          <div className="space-y-4">
            <div className="h-5 w-40 rounded bg-slate-200" />
            <div className="h-9 w-full rounded bg-slate-200" />
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="h-48 w-full rounded-xl bg-slate-200" />
          </div>
        </div>
      </div>
    </div>
  );
}

function DealNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Deal not found | LocalPerks</title>
      <SearchX aria-hidden className="mx-auto h-14 w-14 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Deal not found</h1>
      <p className="mt-2 text-slate-700">This deal does not exist or is no longer available.</p>
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

/** The page's data (app/page-data.ts): the deal; an unknown one is a 404. */
export const loader = pageLoader(async ({ params, queryClient }) => {
  const { deal } = await queryClient.ensureQueryData(dealQuery(params.id ?? ''));
  await queryClient.ensureQueryData(firstReviewsQuery({ kind: 'deal', id: deal.id }));
});

/** /deals/:id (and /deal/:id, which redirects here): the full deal page (docs/product/design.md §1). */
export default function DealPage() {
  const { id = '' } = useParams();
  const query = useQuery(dealQuery(id));

  if (query.isPending) return <DealSkeleton />;
  if (query.isError) {
    const err = query.error;
    // Unknown, removed or malformed ids: the server answers 404 (or 400 for an id that is no id at all).
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return <DealNotFound />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <title>Deal | LocalPerks</title>
        <Alert variant="destructive" title="We couldn't load this deal">
          {err.message}
        </Alert>
        <Button className="mt-4" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    );
  }
  return <DealView key={query.data.deal.id} deal={query.data.deal} />;
}
