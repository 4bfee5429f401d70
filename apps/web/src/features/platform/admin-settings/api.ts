import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRole, CreateAdmin } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminsQuery = queryOptions({
  queryKey: ['admin', 'admins'],
  queryFn: () => api.get('/api/admin/admins').then((r) => r.admins),
});
export const useAdmins = () => useQuery(adminsQuery);

export function useCreateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdmin) => api.post('/api/admin/admins', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

function useAdminsMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: ['admin'] }) });
}

export const useSetAdminRole = () =>
  useAdminsMutation(({ id, role }: { id: string; role: AdminRole }) =>
    api.patch('/api/admin/admins/:id', { params: { id }, body: { role } }),
  );
export const useSetAdminActive = () =>
  useAdminsMutation(({ id, active }: { id: string; active: boolean }) =>
    active
      ? api.post('/api/admin/admins/:id/reactivate', { params: { id } })
      : api.post('/api/admin/admins/:id/deactivate', { params: { id } }),
  );
