import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Lock, MapPin, Minus, Plus, ShoppingCart, Tag, Trash2, Zap } from 'lucide-react';
import {
  CHECKOUT_MESSAGES,
  MAX_CART_LINE_QUANTITY,
  PROMO_MESSAGES,
  TAX_LABEL,
  formatCents,
  isPurchasable,
  lineTitle,
  normalizePromoCode,
  orderTotals,
  perCustomerLimitLabel,
  promoCodeEntrySchema,
  type CartQuote,
} from '@localperks/shared';
import { Input } from '../../../components/ui/input';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { CheckoutFormCard } from '../../../features/orders/checkout/components/checkout-form';
import { GiftOptions, browserTimeZone, giftErrors, type GiftDraft } from '../../../features/orders/gifts/gift-options';
import {
  cartStore,
  clearCart,
  lineKey,
  promoCodeStore,
  removeFromCart,
  setCartQuantity,
  updateCartDeal,
  type CartItem,
} from '../../../lib/cart-store';
import { toCartDeal } from '../../../lib/use-add-to-cart';
import { dealQuery } from '../../../features/catalog/deals/api';
import { paymentMethodsQuery } from '../../../features/orders/purchases/api';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { focusPageHeading } from '../../../lib/page-focus';

/**
 * Refreshes each line against the current deal by id (docs/product/customer-spec.md §4 Cart): title and prices come
 * from the server; a deal that is gone, expired or a crowd-vote deal not unlocked is flagged.
 */
function useCheckedLines(items: CartItem[]) {
  const results = useQueries({ queries: items.map((i) => dealQuery(i.deal.id)) });
  const freshKey = results.map((r) => r.dataUpdatedAt).join(',');

  useEffect(() => {
    results.forEach((r, i) => {
      const item = items[i];
      if (r.data && item) updateCartDeal(toCartDeal(r.data.deal, item.deal.optionId));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a line's deal was (re)loaded: `results` is a new array every render
  }, [freshKey]);

  // Keyed by line (lineKey): a deal that is gone or not on sale, or an option no longer offered or sold out (docs/decisions/0047).
  const unavailable = new Map<string, string>();
  items.forEach((item, i) => {
    const r = results[i];
    const isGone = r?.error instanceof ApiError && (r.error.status === 404 || r.error.status === 400);
    const deal = r?.data?.deal;
    const option = deal && (item.deal.optionId ? deal.options.find((o) => o.id === item.deal.optionId) : deal.options[0]);
    if (isGone || (deal && !isPurchasable(deal))) unavailable.set(lineKey(item.deal), 'No longer available');
    else if (deal && !option) unavailable.set(lineKey(item.deal), 'This option is no longer offered');
    else if (option && option.stockLeft === 0) unavailable.set(lineKey(item.deal), 'Sold out');
    else if (option && option.stockLeft !== null && option.stockLeft < item.quantity)
      unavailable.set(lineKey(item.deal), `Only ${option.stockLeft} left: lower the quantity`);
  });
  return { unavailable, isChecking: results.some((r) => r.isPending) };
}

/**
 * The cart priced by the server with the applied promo code (docs/decisions/0048): the discount line,
 * tax on the discounted subtotal and the new total. Without a code (or signed out) the cart's own sums.
 */
function useQuote(items: CartItem[], promoCode: string) {
  const { user } = useSession();
  const body = { items: items.map(toCheckoutItem), promoCode: promoCode || null };
  return useQuery({
    queryKey: ['cart-quote', body],
    queryFn: () => api.post('/api/cart/quote', { body }),
    enabled: Boolean(promoCode) && user?.role === 'customer' && items.length > 0,
    retry: false,
  });
}

const toCheckoutItem = (i: CartItem) => ({
  dealId: i.deal.id,
  ...(i.deal.optionId ? { optionId: i.deal.optionId } : {}),
  quantity: i.quantity,
});

/** "Apply a promo code": the field, the applied code with Remove, and the server's refusal under it. */
function PromoCodeBox({ quote }: { quote: ReturnType<typeof useQuote> }) {
  const applied = promoCodeStore.use();
  const { user } = useSession();
  const form = useForm({ resolver: zodResolver(promoCodeEntrySchema), defaultValues: { code: applied } });
  const inputId = useId();
  const errorId = useId();
  const refusal = (applied && quote.error instanceof ApiError ? quote.error.message : null) ?? form.formState.errors.code?.message;
  if (user?.role !== 'customer')
    return <p className="text-sm text-slate-700">{user ? 'Promo codes are for customer accounts.' : 'Log in to apply a promo code.'}</p>;
  if (applied && !refusal)
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <span>
          <Tag aria-hidden className="mr-1 inline h-4 w-4" />
          {quote.data?.promo ? PROMO_MESSAGES.applied(quote.data.promo.code) : `Checking ${applied}…`}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            form.reset({ code: '' });
            promoCodeStore.set('');
          }}
          aria-label={`Remove promo code ${applied}`}
        >
          Remove
        </Button>
      </div>
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(({ code }) => promoCodeStore.set(normalizePromoCode(code)))}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        Apply a promo code
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          {...form.register('code', {
            // Typing again sets the refused code aside: its message goes with it.
            onChange: () => {
              if (applied) promoCodeStore.set('');
            },
          })}
          autoComplete="off"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          className="uppercase"
        />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </div>
      {refusal && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {refusal}
        </p>
      )}
    </form>
  );
}

function CartLine({
  item,
  problem,
  isLocked,
  gift,
}: {
  item: CartItem;
  problem: string | undefined;
  isLocked?: boolean;
  /** At checkout: the line's "This is a gift" (docs/decisions/0066-gifts.md). */
  gift?: ReactNode;
}) {
  const { deal, quantity } = item;
  const key = lineKey(deal);
  const name = lineTitle(deal.title, deal.optionTitle);
  const minusRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const hasDiscount = deal.originalPriceCents > deal.dealPriceCents;
  return (
    <li className="flex gap-3 p-4 sm:gap-4">
      <Link to={paths.deal(deal.id)} tabIndex={-1} aria-hidden className="shrink-0">
        <FallbackImage
          key={deal.imageUrl ?? ''}
          src={deal.imageUrl}
          width={96}
          height={96}
          loading="lazy"
          className="h-20 w-20 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-24"
          iconClassName="h-6 w-6"
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h2 className="font-semibold leading-snug text-slate-900">
              <Link to={paths.deal(deal.id)} className="hover:text-brand-800 hover:underline">
                {deal.title}
              </Link>
            </h2>
            {deal.optionTitle && <p className="text-sm font-medium text-slate-800">Option: {deal.optionTitle}</p>}
            {deal.perCustomerLimit ? <p className="text-sm text-slate-700">{perCustomerLimitLabel(deal.perCustomerLimit)}</p> : null}
            <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-700">
              <MapPin aria-hidden className="h-3.5 w-3.5 shrink-0" /> {deal.city}, {deal.state}
            </p>
            {deal.type === 'perkboost' && (
              <span className="mt-1 inline-flex items-center gap-1 rounded-md bg-violet-700 px-2 py-0.5 text-xs font-semibold text-white">
                <Zap aria-hidden className="h-3 w-3" /> PerkBoost
              </span>
            )}
          </div>
          <p className="text-left sm:text-right">
            <span className="block font-bold text-brand-800">
              <span className="sr-only">Deal price </span>
              {formatCents(deal.dealPriceCents)}
            </span>
            {hasDiscount && (
              <s className="text-sm text-slate-700">
                <span className="sr-only">Original price </span>
                {formatCents(deal.originalPriceCents)}
              </s>
            )}
          </p>
        </div>

        {problem && (
          <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-red-700">
            <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" /> {problem}
          </p>
        )}

        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <div
            role="group"
            aria-label={`Quantity of ${name}`}
            className="inline-flex items-center rounded-lg border border-slate-300 bg-white"
          >
            <button
              ref={minusRef}
              type="button"
              aria-label="Decrease quantity"
              disabled={isLocked || quantity <= 1}
              onClick={() => {
                setCartQuantity(key, quantity - 1);
                // A disabled button drops the focus to the page: hand it to the other button first.
                if (quantity - 1 <= 1) plusRef.current?.focus();
              }}
              className="inline-flex h-11 w-11 items-center justify-center rounded-l-lg text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              <Minus aria-hidden className="h-4 w-4" />
            </button>
            <span className="min-w-10 text-center font-medium text-slate-900" aria-live="polite">
              <span className="sr-only">Quantity </span>
              {quantity}
            </span>
            <button
              ref={plusRef}
              type="button"
              aria-label="Increase quantity"
              disabled={isLocked || quantity >= MAX_CART_LINE_QUANTITY}
              onClick={() => {
                setCartQuantity(key, quantity + 1);
                if (quantity + 1 >= MAX_CART_LINE_QUANTITY) minusRef.current?.focus();
              }}
              className="inline-flex h-11 w-11 items-center justify-center rounded-r-lg text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              <Plus aria-hidden className="h-4 w-4" />
            </button>
          </div>
          <Button
            variant="ghost"
            onClick={() => removeFromCart(key)}
            disabled={isLocked}
            aria-label={`Remove ${name}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Remove
          </Button>
        </div>
        {gift && <div className="mt-3">{gift}</div>}
      </div>
    </li>
  );
}

/** The cart's own sums, or the server's quote when a promo code applies. */
function totalsOf(items: CartItem[], quote: CartQuote | undefined) {
  return quote?.promo
    ? quote
    : {
        ...orderTotals(items.map((i) => ({ unitPriceCents: i.deal.dealPriceCents, quantity: i.quantity }))),
        discountCents: 0,
        promo: null,
      };
}

function Totals({ items, quote }: { items: CartItem[]; quote: CartQuote | undefined }) {
  const totals = totalsOf(items, quote);
  return (
    <dl className="space-y-2 text-slate-800">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
      {totals.promo && (
        <div className="flex justify-between gap-4 font-medium text-emerald-800">
          <dt>
            Promo {totals.promo.code} ({totals.promo.label})
          </dt>
          <dd className="whitespace-nowrap">−{formatCents(totals.discountCents)}</dd>
        </div>
      )}
      <div className="flex justify-between gap-4">
        <dt>{TAX_LABEL}</dt>
        <dd>{formatCents(totals.taxCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
        <dt>Total</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}

function ClearCartButton({ count }: { count: number }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Trash2 aria-hidden className="h-4 w-4" /> Clear Cart
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Clear your cart?"
        description={`This removes ${count === 1 ? 'the deal' : `all ${count} deals`} from your cart.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep Cart</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              clearCart();
              setIsOpen(false);
            }}
          >
            Clear Cart
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EmptyCart() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShoppingCart aria-hidden className="mx-auto h-14 w-14 text-slate-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Your cart is empty</h1>
      <p className="mt-2 text-slate-700">Looks like you haven't added any deals to your cart yet</p>
      <Link to={paths.deals} className={buttonClass('primary', 'lg', 'mt-8')}>
        Browse Deals
      </Link>
    </div>
  );
}

/**
 * Checkout mode (?checkout=1, docs/product/customer-spec.md §2 Cart): the checkout form, the order summary with
 * title, Qty and line totals, and the cart lines with their controls disabled.
 */
function CheckoutView({ items, unavailable, onBack }: { items: CartItem[]; unavailable: Map<string, string>; onBack: () => void }) {
  const { user, isLoading } = useSession();
  const [refused, setRefused] = useState<Record<string, string>>({});
  // Lines marked "This is a gift", by line key (docs/decisions/0066-gifts.md).
  const [gifts, setGifts] = useState<Record<string, GiftDraft | null>>({});
  const [showGiftErrors, setShowGiftErrors] = useState(false);
  const giftsReady = () => {
    setShowGiftErrors(true);
    return Object.values(gifts).every((g) => !g || Object.keys(giftErrors(g)).length === 0);
  };
  const checkoutItems = items.map((i) => {
    const gift = gifts[lineKey(i.deal)];
    return { ...toCheckoutItem(i), ...(gift ? { gift: { ...gift, timeZone: browserTimeZone() } } : {}) };
  });
  const promoCode = promoCodeStore.use();
  const quote = useQuote(items, promoCode);
  const totals = totalsOf(items, quote.data);
  // The cards the payment page will offer, named on the form (a customer's own only).
  const savedCards = useQuery({ ...paymentMethodsQuery, enabled: user?.role === 'customer' });
  if (isLoading) return <Spinner />;
  if (!user) return <Navigate to={`${paths.login}?returnTo=${encodeURIComponent(`${paths.cart}?checkout=1`)}`} replace />;
  const problems = Object.values(refused);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
        <Button variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Cart
        </Button>
      </div>
      {user.role !== 'customer' ? (
        <Alert className="mt-6">Checkout needs a customer account. Sign in with a customer account to buy deals.</Alert>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          {/* First in the page's order, so a phone shows what is being paid for before the Pay button. */}
          <Card className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
            <CardHeader>
              <CardTitle>Order Summary</CardTitle>
            </CardHeader>
            <CardContent>
              <ul aria-label="Order lines" className="mb-4 divide-y divide-slate-200">
                {items.map((i) => (
                  <li key={lineKey(i.deal)} className="flex justify-between gap-4 py-2 text-slate-800">
                    <span className="min-w-0">
                      {lineTitle(i.deal.title, i.deal.optionTitle)}{' '}
                      <span className="whitespace-nowrap text-slate-700">· Qty {i.quantity}</span>
                    </span>
                    <span className="shrink-0 font-medium">{formatCents(i.deal.dealPriceCents * i.quantity)}</span>
                  </li>
                ))}
              </ul>
              <Totals items={items} quote={quote.data} />
            </CardContent>
          </Card>
          <div className="space-y-6 lg:col-start-1 lg:row-start-1">
            {problems.length > 0 && (
              <Alert variant="destructive">
                <ul className="space-y-1">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </Alert>
            )}
            <Card>
              <CardHeader>
                <CardTitle>Billing Details</CardTitle>
              </CardHeader>
              <CardContent>
                <CheckoutFormCard
                  items={checkoutItems}
                  isReady={giftsReady}
                  promoCode={quote.data?.promo ? promoCode : null}
                  totalCents={totals.totalCents}
                  onUnavailable={setRefused}
                  savedCards={savedCards.data}
                />
              </CardContent>
            </Card>
            <ul aria-label="Cart items" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {items.map((item) => (
                <CartLine
                  key={lineKey(item.deal)}
                  item={item}
                  problem={
                    unavailable.get(lineKey(item.deal)) ??
                    (refused[item.deal.id] || (item.deal.optionId && refused[item.deal.optionId]) ? 'Not available' : undefined)
                  }
                  isLocked
                  gift={
                    <GiftOptions
                      title={lineTitle(item.deal.title, item.deal.optionTitle)}
                      draft={gifts[lineKey(item.deal)] ?? null}
                      onChange={(next) => setGifts((all) => ({ ...all, [lineKey(item.deal)]: next }))}
                      showErrors={showGiftErrors}
                    />
                  }
                />
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}

/** /cart: the cart list, and (with ?checkout=1) checkout mode (docs/product/customer-spec.md §2 Cart). */
export default function CartPage() {
  const items = cartStore.use();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, isLoading: isSessionLoading } = useSession();
  const { unavailable, isChecking } = useCheckedLines(items);
  const promoCode = promoCodeStore.use();
  const quote = useQuote(items, promoCode);
  const didShowCanceled = useRef(false);
  const isCheckout = params.get('checkout') === '1';

  // Entering or leaving checkout swaps the whole view under the same path: focus its new heading.
  const shownView = useRef(isCheckout);
  useEffect(() => {
    if (shownView.current === isCheckout) return;
    shownView.current = isCheckout;
    return focusPageHeading(isCheckout ? `${paths.cart}?checkout=1` : paths.cart, {
      isCurrent: () =>
        window.location.pathname === paths.cart && new URLSearchParams(window.location.search).has('checkout') === isCheckout,
    });
  }, [isCheckout]);

  // Back from the payment page without paying: say so once, and drop the flag so a reload is quiet.
  useEffect(() => {
    if (params.get('canceled') !== 'true' || didShowCanceled.current) return;
    didShowCanceled.current = true;
    toast.error(CHECKOUT_MESSAGES.paymentCanceledTitle, { description: CHECKOUT_MESSAGES.paymentCanceledDescription });
    const next = new URLSearchParams(params);
    next.delete('canceled');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const title = <title>{isCheckout ? 'Checkout | LocalPerks' : 'Your Cart | LocalPerks'}</title>;
  if (items.length === 0) {
    return (
      <>
        {title}
        <EmptyCart />
      </>
    );
  }
  if (isCheckout) {
    return (
      <>
        {title}
        <CheckoutView items={items} unavailable={unavailable} onBack={() => setParams({})} />
      </>
    );
  }

  const hasUnavailable = unavailable.size > 0;
  const isWrongRole = Boolean(user && user.role !== 'customer');
  const proceed = () => {
    // Signed out: sign in first, then straight back into checkout mode.
    if (!user) navigate(`${paths.login}?returnTo=${encodeURIComponent(`${paths.cart}?checkout=1`)}`);
    else navigate(`${paths.cart}?checkout=1`);
  };
  const count = items.reduce((n, i) => n + i.quantity, 0);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      {title}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Cart</h1>
          <p className="mt-1 text-slate-700">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
        </div>
        <ClearCartButton count={items.length} />
      </div>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ul aria-label="Cart items" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {items.map((item) => (
            <CartLine key={lineKey(item.deal)} item={item} problem={unavailable.get(lineKey(item.deal))} />
          ))}
        </ul>

        <Card className="lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <Totals items={items} quote={quote.data} />
            <div className="mt-4 border-t border-slate-200 pt-4">
              <PromoCodeBox quote={quote} />
            </div>
            <Button
              size="lg"
              className="mt-6 w-full"
              onClick={proceed}
              disabled={hasUnavailable || isChecking || isSessionLoading || isWrongRole}
            >
              <Lock aria-hidden className="h-4 w-4" /> Proceed to Checkout
            </Button>
            {hasUnavailable && (
              <p className="mt-3 text-sm text-red-700" role="alert">
                Remove the deals that are no longer available to continue.
              </p>
            )}
            {isWrongRole && <p className="mt-3 text-sm text-slate-700">Checkout needs a customer account.</p>}
            {!user && !isSessionLoading && <p className="mt-3 text-sm text-slate-700">You will be asked to log in first.</p>}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
