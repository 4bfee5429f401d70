import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateAdmin } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export interface AdminAccount {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}
export interface AuditEntry {
  id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown>;
  createdAt: string;
  admin: { id: string | null; name: string; email: string } | null;
}

export const adminsQuery = queryOptions({
  queryKey: ['admin', 'admins'],
  queryFn: () => api.get<{ admins: AdminAccount[] }>('/api/admin/admins').then((r) => r.admins),
});
export const useAdmins = () => useQuery(adminsQuery);

export const auditQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page],
    queryFn: () => api.get<{ entries: AuditEntry[]; total: number; page: number; pageSize: number }>(`/api/admin/audit?page=${page}`),
    placeholderData: keepPreviousData,
  });
export const useAudit = (page: number) => useQuery(auditQuery(page));

export function useCreateAdmin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdmin) => api.post<{ admin: AdminAccount }>('/api/admin/admins', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
