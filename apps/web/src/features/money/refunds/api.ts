import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRefundDecision, RefundDecisionResult } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every refunds query shares this prefix: a decision refreshes the lists and lookups. */
export const refundsKey = ['refunds'] as const;

export const adminPurchaseLookupQuery = (q: string) =>
  queryOptions({
    queryKey: [...refundsKey, 'lookup', q],
    queryFn: () => api.get('/api/admin/purchases', { query: new URLSearchParams({ q }) }),
    enabled: q.trim() !== '',
  });
export const useAdminPurchaseLookup = (q: string) => useQuery(adminPurchaseLookupQuery(q));

export const refundReconciliationQuery = queryOptions({
  queryKey: [...refundsKey, 'reconciliation'],
  queryFn: () => api.get('/api/admin/refunds/reconciliation'),
});
export const useRefundReconciliation = () => useQuery(refundReconciliationQuery);

function useRefundMutation<V>(fn: (v: V) => Promise<RefundDecisionResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: refundsKey }) });
}

export const useAcceptRefund = () =>
  useRefundMutation((id: string) => api.post('/api/merchant/refund-requests/:id/accept', { params: { id } }));
export const useAnswerRefund = () =>
  useRefundMutation(({ id, message }: { id: string; message: string }) =>
    api.post('/api/merchant/refund-requests/:id/answer', { params: { id }, body: { message } }),
  );
export const useDecideRefund = () =>
  useRefundMutation(({ id, ...body }: AdminRefundDecision & { id: string }) =>
    api.post('/api/admin/refund-requests/:id/decision', { params: { id }, body }),
  );
export const useRefundPurchase = () =>
  useRefundMutation(({ id, decisionText }: { id: string; decisionText: string }) =>
    api.post('/api/admin/purchases/:id/refund', { params: { id }, body: { decisionText } }),
  );
