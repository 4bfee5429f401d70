import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMerchantDeals,
  AdminMerchantsWithDeals,
  AdminOverview,
  DeactivateDeal,
  DealAppeal,
  DealAppealDecision,
  Ok,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api.get<AdminOverview>('/api/admin/overview'),
});
export const useAdminOverview = () => useQuery(adminOverviewQuery);

export const merchantDealsQuery = (merchantId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'merchant-deals', merchantId, page],
    queryFn: () => api.get<AdminMerchantDeals>(`/api/admin/merchants/${merchantId}/deals?page=${page}`),
    placeholderData: keepPreviousData,
  });
export const useMerchantDeals = (merchantId: string, page: number) => useQuery(merchantDealsQuery(merchantId, page));

/** Every merchant with deals, searched and paged (the Overview's Merchants with Deals). */
export const merchantsWithDealsQuery = (q: { search: string; page: number }) =>
  queryOptions({
    queryKey: ['admin', 'merchants-with-deals', q.search, q.page],
    queryFn: () =>
      api.get<AdminMerchantsWithDeals>(
        `/api/admin/merchants-with-deals?${new URLSearchParams({ search: q.search, page: String(q.page) })}`,
      ),
    placeholderData: keepPreviousData,
  });
export const useMerchantsWithDeals = (q: { search: string; page: number }) => useQuery(merchantsWithDealsQuery(q));

/** Reinstate a removed deal on appeal, or uphold its removal. */
export function useDecideAppeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DealAppealDecision & { dealId: string }) =>
      api.post<DealAppeal>(`/api/admin/deals/${dealId}/appeal/decision`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeactivateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DeactivateDeal & { dealId: string }) => api.post<Ok>(`/api/admin/deals/${dealId}/deactivate`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
