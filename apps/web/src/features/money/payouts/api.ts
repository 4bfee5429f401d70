import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const payoutsKey = ['admin', 'payouts'] as const;

export const payoutsQuery = (page: number) =>
  queryOptions({ queryKey: [...payoutsKey, 'list', page], queryFn: () => api.get('/api/admin/payouts', { query: { page } }) });

export const payoutSummaryQuery = queryOptions({
  queryKey: [...payoutsKey, 'summary'],
  queryFn: () => api.get('/api/admin/payouts/summary'),
});

export function useMarkPayoutPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/admin/payouts/:id/mark-paid', { params: { id } }),
    // The overview's payout figures change too.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
