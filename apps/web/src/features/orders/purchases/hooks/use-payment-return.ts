import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CHECKOUT_MESSAGES } from '@localperks/shared';
import { paths } from '../../../../config/paths';
import { clearCart } from '../../../../lib/cart-store';
import { orderQuery, purchasesKey } from '../api';
import { toast } from '../../../../lib/toast';

/** How often and how long to wait for the provider's confirmation after the customer came back. */
const CONFIRM_POLL_MS = 1_500;
const CONFIRM_GIVE_UP_MS = 15_000;

export type PaymentReturnState = 'idle' | 'confirming' | 'slow';

/**
 * Back from the payment page with `?success=true&order=…` (docs/product/design.md §5): the toast, an
 * empty cart, fresh purchases, and /purchases in the address bar so a reload does not toast again.
 * The purchases are created by the server when the provider confirms the payment (its webhook, which
 * also sends the confirmation e-mail), and that may land a moment after the redirect: until this
 * order reads `paid` it is re-read every 1.5 s, for up to 15 s before saying it is taking longer.
 */
export function usePaymentReturn({ canConfirm }: { canConfirm: boolean }): PaymentReturnState {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const handled = useRef(false);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [state, setState] = useState<PaymentReturnState>('idle');

  useEffect(() => {
    if (params.get('success') !== 'true' || handled.current) return;
    handled.current = true;
    toast.success(CHECKOUT_MESSAGES.paymentSuccessTitle, { description: CHECKOUT_MESSAGES.paymentSuccessDescription });
    clearCart();
    void qc.invalidateQueries({ queryKey: purchasesKey });
    const order = params.get('order');
    if (order && /^[0-9a-f-]{36}$/i.test(order)) {
      setOrderId(order);
      setState('confirming');
    }
    navigate(paths.purchases, { replace: true });
  }, [params, navigate, qc]);

  const isWaiting = state !== 'idle' && canConfirm && orderId !== null;
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: isWaiting, refetchInterval: isWaiting ? CONFIRM_POLL_MS : false });
  const isPaid = order.data?.status === 'paid';

  useEffect(() => {
    if (state === 'idle' || !isPaid) return;
    setState('idle');
    // The tab on screen and every count predate the purchases.
    void qc.invalidateQueries({ queryKey: purchasesKey });
  }, [state, isPaid, qc]);

  useEffect(() => {
    if (state !== 'confirming') return;
    const timer = setTimeout(() => setState('slow'), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return canConfirm ? state : 'idle';
}
