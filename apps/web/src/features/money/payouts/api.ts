import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Payout Management's own queries (its summary and reconciliation; the list is the console's payouts table). */
export const payoutsKey = ['admin', 'payouts'] as const;

export const payoutSummaryQuery = queryOptions({
  queryKey: [...payoutsKey, 'summary'],
  queryFn: () => api.get('/api/admin/payouts/summary'),
});

/** The ledger reconciled against the payouts (docs/decisions/0056-payout-accounts-and-transfers.md). */
export const payoutReconciliationQuery = queryOptions({
  queryKey: [...payoutsKey, 'reconciliation'],
  queryFn: () => api.get('/api/admin/payouts/reconciliation'),
});

/** After any action on a payout: the overview's payout figures change too. */
function useAdminMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** "Mark as paid outside the platform", with the admin's reason. */
export const useMarkPayoutPaid = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post('/api/admin/payouts/:id/mark-paid', { params: { id }, body: { reason } }),
  );

/** "Retry transfer" on a failed payout. */
export const useRetryTransfer = () => useAdminMutation((id: string) => api.post('/api/admin/payouts/:id/retry', { params: { id } }));

/** Holds a payout (with the admin's reason), or releases it. */
export const useHoldPayout = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post('/api/admin/payouts/:id/hold', { params: { id }, body: { reason } }),
  );
export const useReleasePayout = () => useAdminMutation((id: string) => api.post('/api/admin/payouts/:id/release', { params: { id } }));
