import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/* A merchant's money: Billing (what they pay) and Payouts (what they are paid). */

const ROOT = 'merchant-money';

export const merchantBillingQuery = queryOptions({
  queryKey: [ROOT, 'billing'],
  queryFn: () => api.get('/api/merchant/billing'),
});

export const merchantChargesQuery = (page: number) =>
  queryOptions({
    queryKey: [ROOT, 'charges', page],
    queryFn: () => api.get('/api/merchant/charges', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const merchantReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: [ROOT, 'receipt', id],
    queryFn: () => api.get('/api/merchant/charges/:id', { params: { id } }),
    retry: false,
  });

export const merchantPayoutsQuery = (page: number) =>
  queryOptions({
    queryKey: [ROOT, 'payouts', page],
    queryFn: () => api.get('/api/merchant/payouts', { query: { page } }),
    placeholderData: keepPreviousData,
  });

export const payoutStatementQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [ROOT, 'statement', id, page],
    queryFn: () => api.get('/api/merchant/payouts/:id/statement', { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * Cancel: the dashboard's plan switch to Advertise Only (POST /api/merchant/plan, its rules
 * unchanged); a paid subscription then runs to its period end without renewing.
 */
export function useCancelPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/merchant/plan', { body: { plan: 'advertise_only' } }),
    onSuccess: (switched) => {
      // The dashboard's overview (its key is ['merchants', 'me']) is the one the answer carries.
      qc.setQueryData(['merchants', 'me'], switched.overview);
      void qc.invalidateQueries({ queryKey: ['merchants', 'me'] });
      void qc.invalidateQueries({ queryKey: [ROOT] });
    },
  });
}

/** The merchant's payout account (docs/decisions/0056-payout-accounts-and-transfers.md). */
export const payoutAccountQuery = queryOptions({
  queryKey: [ROOT, 'payout-account'],
  queryFn: () => api.get('/api/merchant/payout-account'),
});

/**
 * A page at the payout provider (its hosted onboarding, or the account's dashboard): the link is single use, so it
 * is asked for on the press and the browser goes there at once.
 */
export function usePayoutProviderPage(page: 'onboarding' | 'dashboard') {
  return useMutation({
    mutationFn: () =>
      page === 'onboarding' ? api.post('/api/merchant/payout-account/onboarding') : api.post('/api/merchant/payout-account/dashboard'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Back from the provider: the account as it is now, and the payouts that follow it. */
export function useRefreshPayoutAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/merchant/payout-account/refresh'),
    onSuccess: (account) => {
      qc.setQueryData(payoutAccountQuery.queryKey, account);
      void qc.invalidateQueries({ queryKey: [ROOT, 'payouts'] });
    },
  });
}
