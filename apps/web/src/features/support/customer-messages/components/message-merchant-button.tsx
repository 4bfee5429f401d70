import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { MessageSquare } from 'lucide-react';
import type { Purchase } from '@localperks/shared';
import { buttonClass, type ButtonVariant } from '../../../../components/ui/button';
import { useSession } from '../../../../lib/session';
import type { MessageMerchantTarget } from './message-merchant-dialog';
import { paths } from '../../../../config/paths';

const MessageMerchantDialog = lazy(() => import('./message-merchant-dialog'));

/** `?message=1` on the page a visitor signs in from: the dialog opens by itself when they are back. */
const MESSAGE_INTENT = 'message';

/**
 * "Message the merchant": customers open the dialog (its code loads on first use); visitors are told
 * they sign in first, and come back to the page with the dialog open; merchants and admins do not see it.
 */
export function MessageMerchantButton({
  target,
  variant = 'secondary',
  size = 'md',
  className,
  label: text = 'Message the merchant',
}: {
  target: MessageMerchantTarget;
  /** The button's words ("Message this business" on a business page). */
  label?: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { user } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  const isCustomer = user?.role === 'customer';
  const wantsToWrite = params.get(MESSAGE_INTENT) === '1';

  // Back from signing in to write: open the dialog, and drop the flag so a reload does not open it again.
  useEffect(() => {
    if (!isCustomer || !wantsToWrite) return;
    setIsMounted(true);
    setOpen(true);
    setParams(
      (p) => {
        p.delete(MESSAGE_INTENT);
        return p;
      },
      { replace: true },
    );
  }, [isCustomer, wantsToWrite, setParams]);

  if (user && !isCustomer) return null;
  const label = (
    <>
      <MessageSquare aria-hidden className="h-4 w-4" /> {text}
    </>
  );
  if (!user) {
    const back = new URLSearchParams(location.search);
    back.set(MESSAGE_INTENT, '1');
    return (
      <>
        <Link
          to={paths.loginReturningTo(`${location.pathname}?${back.toString()}`)}
          className={buttonClass(variant, size, className)}
          aria-describedby={hintId}
        >
          {label}
        </Link>
        <p id={hintId} className="mt-2 text-sm text-slate-700">
          Sign in first: you come straight back here to write your message.
        </p>
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonClass(variant, size, className)}
        aria-haspopup="dialog"
        onPointerEnter={() => void import('./message-merchant-dialog')}
        onClick={() => {
          setIsMounted(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {isMounted && (
        <Suspense fallback={null}>
          <MessageMerchantDialog target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/** "Message the merchant" under a purchase in My Purchases, about that purchase. */
export function MessageAboutPurchaseButton({ purchase: p }: { purchase: Purchase }) {
  return (
    <MessageMerchantButton
      variant="ghost"
      size="sm"
      className="mt-2 -ml-3"
      target={{
        merchantName: p.merchantName,
        purchaseId: p.id,
        dealId: p.dealId,
        defaultSubject: `About my purchase: “${p.dealTitle}”`,
      }}
    />
  );
}
