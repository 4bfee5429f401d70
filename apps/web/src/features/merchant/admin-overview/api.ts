import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChartRangeQuery, DeactivateDeal, DealAppealDecision } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api.get('/api/admin/overview'),
});
export const useAdminOverview = () => useQuery(adminOverviewQuery);

/** The overview's figures for a date range against the period before it (the chart range in the address). */
export const adminRangeQuery = (range: ChartRangeQuery) =>
  queryOptions({
    queryKey: ['admin', 'overview', 'range', range.range ?? null, range.from ?? null, range.to ?? null],
    queryFn: () => api.get('/api/admin/overview/range', { query: range }),
    placeholderData: keepPreviousData,
  });
export const useAdminRange = (range: ChartRangeQuery) => useQuery(adminRangeQuery(range));

export const merchantDealsQuery = (merchantId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'merchant-deals', merchantId, page],
    queryFn: () => api.get('/api/admin/merchants/:id/deals', { params: { id: merchantId }, query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useMerchantDeals = (merchantId: string, page: number) => useQuery(merchantDealsQuery(merchantId, page));

/** Every merchant with deals, searched and paged (the Overview's Merchants with Deals). */
export const merchantsWithDealsQuery = (q: { search: string; page: number }) =>
  queryOptions({
    queryKey: ['admin', 'merchants-with-deals', q.search, q.page],
    queryFn: () => api.get('/api/admin/merchants-with-deals', { query: { search: q.search, page: q.page } }),
    placeholderData: keepPreviousData,
  });
export const useMerchantsWithDeals = (q: { search: string; page: number }) => useQuery(merchantsWithDealsQuery(q));

/** Reinstate a removed deal on appeal, or uphold its removal. */
export function useDecideAppeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DealAppealDecision & { dealId: string }) =>
      api.post('/api/admin/deals/:id/appeal/decision', { params: { id: dealId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDeactivateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DeactivateDeal & { dealId: string }) =>
      api.post('/api/admin/deals/:id/deactivate', { params: { id: dealId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
