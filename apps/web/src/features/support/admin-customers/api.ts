import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A ban or its lifting (docs/decisions/0063-suspensions-and-bans.md): the admins' customer queries refresh. */
function useCustomerMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: ['admin', 'customers'] }) });
}

export const useBanCustomer = () =>
  useCustomerMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post('/api/admin/customers/:id/ban', { params: { id }, body: { reason } }),
  );
export const useUnbanCustomer = () => useCustomerMutation((id: string) => api.post('/api/admin/customers/:id/unban', { params: { id } }));
