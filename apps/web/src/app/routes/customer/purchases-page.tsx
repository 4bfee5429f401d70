import { Link, useLocation } from 'react-router';
import { Clock, Loader2, LogIn, ShoppingBag } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { sessionQuery } from '../../../lib/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { restoreKeptVouchers, ShowingKeptData, useIsBrowserOffline } from '../../../lib/offline';
import { formatDate } from '../../../lib/format';
import { WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { MessageAboutPurchaseButton } from '../../../features/support/customer-messages/components/message-merchant-button';
import { PurchaseList } from '../../../features/orders/purchases/components/purchase-list';
import { ReviewLink } from '../../../features/engagement/reviews/components/review-link';
import { usePaymentReturn, type PaymentReturnState } from '../../../features/orders/purchases/hooks/use-payment-return';
import { purchasesKey } from '../../../features/orders/purchases/api';

function SignInPrompt() {
  // Back from a payment while signed out (another address, an ended session): signing in returns to the
  // same address, so the payment is confirmed then.
  const location = useLocation();
  return (
    <Card className="mx-auto mt-8 max-w-lg text-center">
      <CardHeader>
        <ShoppingBag aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
        <CardTitle>Sign in to see your purchases</CardTitle>
        <CardDescription className="text-base text-slate-700">
          Your vouchers, their redemption codes and QR codes are kept on your account.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={paths.loginReturningTo(`${paths.purchases}${location.search}`)} className={buttonClass('primary', 'lg', 'mt-2')}>
          <LogIn aria-hidden className="h-4 w-4" /> Login
        </Link>
      </CardContent>
    </Card>
  );
}

function PaymentNote({ state }: { state: PaymentReturnState }) {
  // Always in the page, so screen readers hear the note when it appears.
  return (
    <div role="status">
      {state === 'confirming' && (
        <p className="mb-4 flex items-center gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800">
          <Loader2 aria-hidden className="h-4 w-4 shrink-0 animate-spin" /> Confirming your payment…
        </p>
      )}
      {state === 'slow' && (
        <div className="mb-4 flex gap-3 rounded-lg border border-slate-300 bg-white p-4 text-sm text-slate-800">
          <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <p className="font-semibold">Your purchase is on its way</p>
            <p>
              The payment provider has not confirmed it yet. It appears here as soon as it does, and a confirmation e-mail follows. Reload
              this page in a minute.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * With no network the session cannot be read: the session and vouchers this device kept for the customer signed in
 * last go back into the query cache (TanStack Query's persistence, lib/offline-store.ts), once per page visit.
 */
function useKeptVouchers(isNetworkDown: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['offline', 'kept-vouchers'],
    queryFn: () => restoreKeptVouchers(queryClient),
    enabled: isNetworkDown,
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** When the vouchers on screen were fetched: the newest My Purchases answer in the query cache. */
function useVouchersFetchedAt() {
  const times = useQueryClient()
    .getQueryCache()
    .findAll({ queryKey: purchasesKey })
    .map((q) => q.state.dataUpdatedAt)
    .filter((t) => t > 0);
  return times.length ? Math.max(...times) : null;
}

/** "6:47 PM on Nov 29, 2026". */
const savedAtText = (at: number) =>
  `${new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })} on ${formatDate(new Date(at).toISOString())}`;

function OfflineNotice({ savedAt }: { savedAt: number | null }) {
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-lg border border-slate-400 bg-slate-50 p-3 text-sm font-medium text-slate-900"
    >
      <WifiOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        {savedAt
          ? `Offline — last updated ${savedAtText(savedAt)}. These are the vouchers saved on this device.`
          : 'You are offline — this device has no saved vouchers yet. Open My Purchases once with a connection to keep them here.'}{' '}
        Refunds and gift changes wait until you are back online.
      </span>
    </p>
  );
}

/** /purchases: My Purchases (docs/product/customer-spec.md §2) for the signed-in customer; visitors are asked to sign in. */
export default function PurchasesPage() {
  const session = useQuery(sessionQuery);
  const isBrowserOffline = useIsBrowserOffline();
  // No answer at all (no network): what this device kept stands in for the session (docs/decisions/0067).
  const isNetworkDown = session.isError && session.error instanceof ApiError && session.error.status === 0;
  const kept = useKeptVouchers(isNetworkDown);
  // The kept session shows until the server answers again (a newer answer than the restore).
  const isShowingKept = kept.isSuccess && session.dataUpdatedAt < kept.dataUpdatedAt;
  const isOffline = isBrowserOffline || isShowingKept;
  const savedAt = useVouchersFetchedAt();
  const user = session.data;
  const isLoading = session.isPending || (isNetworkDown && kept.isPending);
  // Back online: the server is asked again who is signed in and for the vouchers.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isBrowserOffline || !isShowingKept) return;
    void queryClient.refetchQueries({ queryKey: sessionQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: purchasesKey });
  }, [isBrowserOffline, isShowingKept, queryClient]);
  const isCustomer = user?.role === 'customer';
  const paymentState = usePaymentReturn({ canConfirm: isCustomer });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <title>My Purchases | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Purchases</h1>
      {isLoading ? (
        <Spinner />
      ) : !user && isNetworkDown ? (
        <Alert className="mt-6" title="You are offline">
          This device has no saved vouchers. Connect to the internet and open My Purchases once: your vouchers are then kept here for the
          next time you have no connection.
        </Alert>
      ) : !user ? (
        <SignInPrompt />
      ) : !isCustomer ? (
        <Alert className="mt-6" title="My Purchases is for customer accounts">
          You are signed in with a {user.role} account. Deals bought with a customer account are listed here.
        </Alert>
      ) : (
        <div className="mt-6">
          {isOffline && <OfflineNotice savedAt={savedAt} />}
          <PaymentNote state={paymentState} />
          <ShowingKeptData value={isOffline}>
            <PurchaseList
              headingLevel={2}
              purchaseActions={(p) => (
                <div className="flex flex-wrap items-center gap-x-2">
                  <ReviewLink purchase={p} />
                  <MessageAboutPurchaseButton purchase={p} />
                </div>
              )}
            />
          </ShowingKeptData>
        </div>
      )}
    </div>
  );
}
