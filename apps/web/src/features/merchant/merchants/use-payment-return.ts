import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MERCHANT_DASHBOARD_MESSAGES as D } from '@localperks/shared';
import { toast } from '../../../lib/toast';
import { businessProfileQuery, checkSubscription, launchChecklistQuery, merchantMeQuery } from './api';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The provider's webhook usually lands within a second or two of the redirect back. */
const CHECKS = 10;
const CHECK_EVERY_MS = 1500;

/**
 * Back from the payment page with `?payment=success|cancelled` (docs/product/merchant-admin-spec.md §8): the toasts,
 * check-subscription until the provider's confirmation is in, and the parameter leaves the address.
 */
export function usePaymentReturn() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const handled = useRef(false);
  const payment = params.get('payment');

  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
    if (payment === 'cancelled') {
      // Nothing was paid and nothing changed: a warning, not an error (the way back is one tap away).
      toast.warning(D.paymentCancelledTitle, { description: D.paymentCancelled });
      return;
    }
    if (payment !== 'success') return;
    toast.success(D.paymentSuccessfulTitle, { description: 'We are confirming your subscription with the payment provider.' });
    void (async () => {
      try {
        for (let i = 0; i < CHECKS; i++) {
          const status = await checkSubscription();
          if (status.hasSubscription) {
            await qc.invalidateQueries({ queryKey: merchantMeQuery.queryKey });
            void qc.invalidateQueries({ queryKey: launchChecklistQuery.queryKey });
            // The enhanced business page starts with the payment too.
            void qc.invalidateQueries({ queryKey: businessProfileQuery.queryKey });
            toast.success(D.subscriptionActivatedTitle, { description: D.subscriptionActivated });
            return;
          }
          await sleep(CHECK_EVERY_MS);
        }
        await qc.invalidateQueries({ queryKey: merchantMeQuery.queryKey });
        toast(D.syncedTitle, {
          description: 'Your payment is still being confirmed. Messaging unlocks as soon as the payment provider confirms it.',
        });
      } catch {
        toast.error(D.syncErrorTitle, { description: D.syncError });
      }
    })();
  }, [payment, qc, setParams]);
}
