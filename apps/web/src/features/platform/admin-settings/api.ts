import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAdmin } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const adminsQuery = queryOptions({
  queryKey: ['admin', 'admins'],
  queryFn: () => api.get('/api/admin/admins').then((r) => r.admins),
});
export const useAdmins = () => useQuery(adminsQuery);

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: () => api.get('/api/admin/audit', { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useAudit = (page: number) => useQuery(auditQuery(page));

export function useCreateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdmin) => api.post('/api/admin/admins', { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
