import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MessageSquare } from 'lucide-react';
import { buttonClass, type ButtonVariant } from '../../../components/ui/button';
import { useSession } from '../../auth/api';
import type { MessageMerchantTarget } from './message-merchant-dialog';

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
}: {
  target: MessageMerchantTarget;
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
      <MessageSquare aria-hidden className="h-4 w-4" /> Message the merchant
    </>
  );
  if (!user) {
    return (
      <Link
        to={`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`}
        className={buttonClass(variant, size, className)}
      >
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
