import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeactivateDeal } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api.get('/api/admin/overview'),
});
export const useAdminOverview = () => useQuery(adminOverviewQuery);

export const merchantDealsQuery = (merchantId: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'merchant-deals', merchantId, page],
    queryFn: () => api.get('/api/admin/merchants/:id/deals', { params: { id: merchantId }, query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useMerchantDeals = (merchantId: string, page: number) => useQuery(merchantDealsQuery(merchantId, page));

export function useDeactivateDeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, ...body }: DeactivateDeal & { dealId: string }) =>
      api.post('/api/admin/deals/:id/deactivate', { params: { id: dealId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
