import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MerchantBilling,
  MerchantChargesPage,
  MerchantPayoutsPage,
  MerchantReceipt,
  PayoutStatement,
  PlanSwitched,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

/* A merchant's money: Billing (what they pay) and Payouts (what they are paid). */

const ROOT = 'merchant-money';

export const merchantBillingQuery = queryOptions({
  queryKey: [ROOT, 'billing'],
  queryFn: () => api.get<MerchantBilling>('/api/merchant/billing'),
});

export const merchantChargesQuery = (page: number) =>
  queryOptions({
    queryKey: [ROOT, 'charges', page],
    queryFn: () => api.get<MerchantChargesPage>(`/api/merchant/charges?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const merchantReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: [ROOT, 'receipt', id],
    queryFn: () => api.get<MerchantReceipt>(`/api/merchant/charges/${encodeURIComponent(id)}`),
    retry: false,
  });

export const merchantPayoutsQuery = (page: number) =>
  queryOptions({
    queryKey: [ROOT, 'payouts', page],
    queryFn: () => api.get<MerchantPayoutsPage>(`/api/merchant/payouts?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const payoutStatementQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: [ROOT, 'statement', id, page],
    queryFn: () => api.get<PayoutStatement>(`/api/merchant/payouts/${encodeURIComponent(id)}/statement?page=${page}`),
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
    mutationFn: () => api.post<PlanSwitched>('/api/merchant/plan', { plan: 'advertise_only' }),
    onSuccess: (switched) => {
      // The dashboard's overview (its key is ['merchants', 'me']) is the one the answer carries.
      qc.setQueryData(['merchants', 'me'], switched.overview);
      void qc.invalidateQueries({ queryKey: ['merchants', 'me'] });
      void qc.invalidateQueries({ queryKey: [ROOT] });
    },
  });
}
