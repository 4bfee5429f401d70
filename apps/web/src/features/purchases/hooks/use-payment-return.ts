import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CHECKOUT_MESSAGES } from '@localperks/shared';
import { paths } from '../../../config/paths';
import { clearCart } from '../../cart/cart-store';
import { purchasesKey, purchasesQuery } from '../api';

/** How often and how long to look for the new purchases after the provider sent the customer back. */
const CONFIRM_POLL_MS = 1_500;
const CONFIRM_GIVE_UP_MS = 15_000;
/**
 * A purchase counts as "from this payment" when it is at most this much older than the page load:
 * the sandbox confirms just before the redirect, and the browser's clock may differ from the server's.
 */
const CONFIRM_SLACK_MS = 2 * 60_000;

export type PaymentReturnState = 'idle' | 'confirming' | 'slow';

/**
 * Back from the payment page with `?success=true` (DESIGN.md decision 5): the toast, an empty cart,
 * fresh purchases, and /purchases in the address bar so a reload does not toast again. The purchases
 * are created by the server when the provider confirms the payment (its webhook, which also sends the
 * confirmation e-mail) and that may land a moment after the redirect, so until a purchase from this
 * payment shows up the list is re-read every 1.5 s for up to 15 s.
 */
export function usePaymentReturn({ canConfirm }: { canConfirm: boolean }): PaymentReturnState {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const handled = useRef(false);
  const [since, setSince] = useState<number | null>(null);
  const [state, setState] = useState<PaymentReturnState>('idle');

  useEffect(() => {
    if (params.get('success') !== 'true' || handled.current) return;
    handled.current = true;
    toast.success(CHECKOUT_MESSAGES.paymentSuccessTitle, { description: CHECKOUT_MESSAGES.paymentSuccessDescription });
    clearCart();
    void qc.invalidateQueries({ queryKey: purchasesKey });
    setSince(Date.now() - CONFIRM_SLACK_MS);
    setState('confirming');
    navigate(paths.purchases, { replace: true });
  }, [params, navigate, qc]);

  const isConfirming = state === 'confirming' && canConfirm;
  const newest = useInfiniteQuery({ ...purchasesQuery('all'), enabled: isConfirming, refetchInterval: isConfirming ? CONFIRM_POLL_MS : false });
  const hasNewPurchase = since !== null && (newest.data?.pages[0]?.purchases.some((p) => Date.parse(p.purchaseDate) >= since) ?? false);

  useEffect(() => {
    if (state === 'idle' || !hasNewPurchase) return;
    setState('idle');
    // The tab on screen and every count may predate the purchase.
    void qc.invalidateQueries({ queryKey: purchasesKey });
  }, [state, hasNewPurchase, qc]);

  useEffect(() => {
    if (state !== 'confirming') return;
    const timer = setTimeout(() => setState('slow'), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return canConfirm ? state : 'idle';
}
