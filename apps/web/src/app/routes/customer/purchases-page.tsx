import { Link, useLocation } from 'react-router';
import { Clock, Loader2, LogIn, ShoppingBag } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { sessionQuery } from '../../../lib/session';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { lastCustomer, vouchersSavedAt } from '../../../lib/offline';
import { formatDateTime } from '../../../lib/format';
import { useEffect, useState } from 'react';
import { WifiOff } from 'lucide-react';
import { MessageAboutPurchaseButton } from '../../../features/support/customer-messages/components/message-merchant-button';
import { PurchaseList } from '../../../features/orders/purchases/components/purchase-list';
import { ReviewLink } from '../../../features/engagement/reviews/components/review-link';
import { usePaymentReturn, type PaymentReturnState } from '../../../features/orders/purchases/hooks/use-payment-return';

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

/** /purchases: My Purchases (docs/product/customer-spec.md §2) for the signed-in customer; visitors are asked to sign in. */
/** With no network: the vouchers this browser kept for the last signed-in customer, and when they were fetched. */
function useOffline(userId: string | undefined, networkDown: boolean) {
  const [isBrowserOffline, setIsOffline] = useState(false);
  const isOffline = isBrowserOffline || networkDown;
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    const update = () => setIsOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  useEffect(() => {
    if (isOffline && userId) void vouchersSavedAt(userId).then(setSavedAt);
  }, [isOffline, userId]);
  return { isOffline, savedAt };
}

export default function PurchasesPage() {
  const session = useQuery(sessionQuery);
  // Offline the session cannot be read (no answer at all): the customer this browser last saw signed in (docs/decisions/0067).
  const networkDown = session.isError && session.error instanceof ApiError && session.error.status === 0;
  const user = session.data ?? (networkDown ? lastCustomer() : null);
  const isLoading = session.isPending;
  const offline = useOffline(user?.id, networkDown);
  const isCustomer = user?.role === 'customer';
  const paymentState = usePaymentReturn({ canConfirm: isCustomer });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <title>My Purchases | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Purchases</h1>
      {isLoading ? (
        <Spinner />
      ) : !user ? (
        <SignInPrompt />
      ) : !isCustomer ? (
        <Alert className="mt-6" title="My Purchases is for customer accounts">
          You are signed in with a {user.role} account. Deals bought with a customer account are listed here.
        </Alert>
      ) : (
        <div className="mt-6">
          {offline.isOffline && (
            <p
              role="status"
              className="mb-4 flex items-center gap-2 rounded-lg border border-slate-300 bg-white p-3 text-sm font-medium text-slate-900"
            >
              <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
              {offline.savedAt ? `Offline — last updated ${formatDateTime(offline.savedAt)}` : 'Offline — showing what this device saved'}
            </p>
          )}
          <PaymentNote state={paymentState} />
          <PurchaseList
            headingLevel={2}
            purchaseActions={(p) => (
              <div className="flex flex-wrap items-center gap-x-2">
                <ReviewLink purchase={p} />
                <MessageAboutPurchaseButton purchase={p} />
              </div>
            )}
          />
        </div>
      )}
    </div>
  );
}
