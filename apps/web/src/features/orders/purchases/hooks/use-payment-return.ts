import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { CHECKOUT_MESSAGES } from '@localperks/shared';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { clearCart } from '../../../../lib/cart-store';
import { orderQuery, purchasesKey } from '../api';
import { toast } from '../../../../lib/toast';

/** How often and how long to wait for the provider's confirmation after the customer came back. */
const CONFIRM_POLL_MS = 1_500;
const CONFIRM_GIVE_UP_MS = 15_000;
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentReturnState = 'idle' | 'confirming' | 'slow';

/**
 * Back from the payment page with `?success=true&order=…` (docs/product/design.md §5). The address alone
 * proves nothing (anyone can type it): the toast, the empty cart and the fresh purchases come only
 * once the server says this customer's order is paid. The purchases are created by the server when
 * the provider confirms the payment (its webhook, which also sends the confirmation e-mail), and that
 * may land a moment after the redirect: until then the order is re-read every 1.5 s, and after 15 s
 * the page says it is taking longer (and keeps waiting). An order that is not the customer's, or was
 * never paid, changes nothing. The address becomes /purchases as soon as the order is taken in, so a
 * reload does not start again; a visitor who is signed out keeps it, and signs in back to it.
 */
export function usePaymentReturn({ canConfirm }: { canConfirm: boolean }): PaymentReturnState {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [orderId, setOrderId] = useState<string | null>(null);
  const [state, setState] = useState<PaymentReturnState>('idle');

  const returned = params.get('success') === 'true';
  const order = params.get('order');
  useEffect(() => {
    if (!returned || !canConfirm) return;
    if (order && ORDER_ID.test(order)) {
      setOrderId(order.toLowerCase());
      setState('confirming');
    }
    navigate(paths.purchases, { replace: true });
  }, [returned, order, canConfirm, navigate]);

  const isWaiting = state !== 'idle' && canConfirm && orderId !== null;
  const status = useQuery({
    ...orderQuery(orderId ?? ''),
    enabled: isWaiting,
    refetchInterval: isWaiting ? CONFIRM_POLL_MS : false,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 3,
  });
  const orderStatus = status.data?.status;
  const isUnknown = status.error instanceof ApiError && status.error.status < 500;

  useEffect(() => {
    if (state === 'idle') return;
    if (orderStatus === 'paid') {
      setState('idle');
      toast.success(CHECKOUT_MESSAGES.paymentSuccessTitle, { description: CHECKOUT_MESSAGES.paymentSuccessDescription });
      clearCart();
      // The tab on screen and every count predate the purchases.
      void qc.invalidateQueries({ queryKey: purchasesKey });
    } else if (isUnknown || orderStatus === 'canceled' || orderStatus === 'expired') {
      // Not this customer's order, or one that was never paid: nothing to confirm, the cart stays.
      setState('idle');
    }
  }, [state, orderStatus, isUnknown, qc]);

  useEffect(() => {
    if (state !== 'confirming') return;
    const timer = setTimeout(() => setState('slow'), CONFIRM_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return canConfirm ? state : 'idle';
}
