import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, AdminPayoutsPage, PayoutSummary } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const payoutsKey = ['admin', 'payouts'] as const;

export const payoutsQuery = (page: number) =>
  queryOptions({ queryKey: [...payoutsKey, 'list', page], queryFn: () => api.get<AdminPayoutsPage>(`/api/admin/payouts?page=${page}`) });

export const payoutSummaryQuery = queryOptions({
  queryKey: [...payoutsKey, 'summary'],
  queryFn: () => api.get<PayoutSummary>('/api/admin/payouts/summary'),
});

export function useMarkPayoutPaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminPayout>(`/api/admin/payouts/${id}/mark-paid`),
    // The overview's payout figures change too.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
