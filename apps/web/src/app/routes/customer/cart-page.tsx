import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Lock, MapPin, Minus, Plus, ShoppingCart, Trash2, Zap } from 'lucide-react';
import { CHECKOUT_MESSAGES, MAX_CART_LINE_QUANTITY, TAX_LABEL, formatCents, isPurchasable, orderTotals } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { CheckoutFormCard } from '../../../features/orders/checkout/components/checkout-form';
import { cartStore, clearCart, removeFromCart, setCartQuantity, updateCartDeal, type CartItem } from '../../../lib/cart-store';
import { toCartDeal } from '../../../lib/use-add-to-cart';
import { dealQuery } from '../../../features/catalog/deals/api';
import { ApiError } from '../../../lib/api-client';
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
    for (const r of results) if (r.data) updateCartDeal(toCartDeal(r.data.deal));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a line's deal was (re)loaded: `results` is a new array every render
  }, [freshKey]);

  const unavailable = new Set<string>();
  items.forEach((item, i) => {
    const r = results[i];
    const isGone = r?.error instanceof ApiError && (r.error.status === 404 || r.error.status === 400);
    if (isGone || (r?.data && !isPurchasable(r.data.deal))) unavailable.add(item.deal.id);
  });
  return { unavailable, isChecking: results.some((r) => r.isPending) };
}

function CartLine({ item, isUnavailable, isLocked }: { item: CartItem; isUnavailable: boolean; isLocked?: boolean }) {
  const { deal, quantity } = item;
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

        {isUnavailable && (
          <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-red-700">
            <AlertTriangle aria-hidden className="h-4 w-4 shrink-0" /> No longer available
          </p>
        )}

        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <div
            role="group"
            aria-label={`Quantity of ${deal.title}`}
            className="inline-flex items-center rounded-lg border border-slate-300 bg-white"
          >
            <button
              ref={minusRef}
              type="button"
              aria-label="Decrease quantity"
              disabled={isLocked || quantity <= 1}
              onClick={() => {
                setCartQuantity(deal.id, quantity - 1);
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
                setCartQuantity(deal.id, quantity + 1);
                if (quantity + 1 >= MAX_CART_LINE_QUANTITY) minusRef.current?.focus();
              }}
              className="inline-flex h-11 w-11 items-center justify-center rounded-r-lg text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            >
              <Plus aria-hidden className="h-4 w-4" />
            </button>
          </div>
          <Button
            variant="ghost"
            onClick={() => removeFromCart(deal.id)}
            disabled={isLocked}
            aria-label={`Remove ${deal.title}`}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

function Totals({ items }: { items: CartItem[] }) {
  const totals = orderTotals(items.map((i) => ({ unitPriceCents: i.deal.dealPriceCents, quantity: i.quantity })));
  return (
    <dl className="space-y-2 text-slate-800">
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
      </div>
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
function CheckoutView({ items, unavailable, onBack }: { items: CartItem[]; unavailable: Set<string>; onBack: () => void }) {
  const { user, isLoading } = useSession();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const totals = orderTotals(items.map((i) => ({ unitPriceCents: i.deal.dealPriceCents, quantity: i.quantity })));
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
                  <li key={i.deal.id} className="flex justify-between gap-4 py-2 text-slate-800">
                    <span className="min-w-0">
                      {i.deal.title} <span className="whitespace-nowrap text-slate-700">· Qty {i.quantity}</span>
                    </span>
                    <span className="shrink-0 font-medium">{formatCents(i.deal.dealPriceCents * i.quantity)}</span>
                  </li>
                ))}
              </ul>
              <Totals items={items} />
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
                  items={items.map((i) => ({ dealId: i.deal.id, quantity: i.quantity }))}
                  totalCents={totals.totalCents}
                  onUnavailable={setRefused}
                />
              </CardContent>
            </Card>
            <ul aria-label="Cart items" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
              {items.map((item) => (
                <CartLine
                  key={item.deal.id}
                  item={item}
                  isUnavailable={unavailable.has(item.deal.id) || Boolean(refused[item.deal.id])}
                  isLocked
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
            <CartLine key={item.deal.id} item={item} isUnavailable={unavailable.has(item.deal.id)} />
          ))}
        </ul>

        <Card className="lg:sticky lg:top-20">
          <CardHeader>
            <CardTitle>Order Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <Totals items={items} />
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
