import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPurchaseLookup,
  AdminRefundDecision,
  AdminRefundFilter,
  AdminRefundRequestsPage,
  MerchantRefundRequests,
  RefundDecisionResult,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every refunds query shares this prefix: a decision refreshes the lists and lookups. */
export const refundsKey = ['refunds'] as const;

export const merchantRefundRequestsQuery = queryOptions({
  queryKey: [...refundsKey, 'merchant'],
  queryFn: () => api.get<MerchantRefundRequests>('/api/merchant/refund-requests'),
});
export const useMerchantRefundRequests = () => useQuery(merchantRefundRequestsQuery);

export const adminRefundRequestsQuery = (status: AdminRefundFilter, page: number) =>
  queryOptions({
    queryKey: [...refundsKey, 'admin', status, page],
    queryFn: () => api.get<AdminRefundRequestsPage>(`/api/admin/refund-requests?${new URLSearchParams({ status, page: String(page) })}`),
  });
export const useAdminRefundRequests = (status: AdminRefundFilter, page: number) =>
  useQuery({ ...adminRefundRequestsQuery(status, page), placeholderData: keepPreviousData });

export const adminPurchaseLookupQuery = (q: string) =>
  queryOptions({
    queryKey: [...refundsKey, 'lookup', q],
    queryFn: () => api.get<AdminPurchaseLookup>(`/api/admin/purchases?${new URLSearchParams({ q })}`),
    enabled: q.trim() !== '',
  });
export const useAdminPurchaseLookup = (q: string) => useQuery(adminPurchaseLookupQuery(q));

function useRefundMutation<V>(fn: (v: V) => Promise<RefundDecisionResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: refundsKey }) });
}

export const useAcceptRefund = () =>
  useRefundMutation((id: string) => api.post<RefundDecisionResult>(`/api/merchant/refund-requests/${encodeURIComponent(id)}/accept`));
export const useAnswerRefund = () =>
  useRefundMutation(({ id, message }: { id: string; message: string }) =>
    api.post<RefundDecisionResult>(`/api/merchant/refund-requests/${encodeURIComponent(id)}/answer`, { message }),
  );
export const useDecideRefund = () =>
  useRefundMutation(({ id, ...body }: AdminRefundDecision & { id: string }) =>
    api.post<RefundDecisionResult>(`/api/admin/refund-requests/${encodeURIComponent(id)}/decision`, body),
  );
export const useRefundPurchase = () =>
  useRefundMutation(({ id, decisionText }: { id: string; decisionText: string }) =>
    api.post<RefundDecisionResult>(`/api/admin/purchases/${encodeURIComponent(id)}/refund`, { decisionText }),
  );
