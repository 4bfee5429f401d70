import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MessageSquare } from 'lucide-react';
import type { Purchase } from '@localperks/shared';
import { buttonClass, type ButtonVariant } from '../../../../components/ui/button';
import { useSession } from '../../../../lib/session';
import type { MessageMerchantTarget } from './message-merchant-dialog';
import { paths } from '../../../../config/paths';

const MessageMerchantDialog = lazy(() => import('./message-merchant-dialog'));

/**
 * "Message the merchant": customers open the dialog (its code loads on first use); visitors are
 * sent to sign in and come back; merchants and admins do not see it.
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
  const [open, setOpen] = useState(false);
  const [isMounted, setIsMounted] = useState(false);
  if (user && user.role !== 'customer') return null;
  const label = (
    <>
      <MessageSquare aria-hidden className="h-4 w-4" /> {text}
    </>
  );
  if (!user) {
    return (
      <Link to={paths.loginReturningTo(location.pathname + location.search)} className={buttonClass(variant, size, className)}>
        {label}
      </Link>
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
