import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccount } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const dataExportsQuery = queryOptions({
  queryKey: ['account', 'data-exports'],
  queryFn: () => api.get('/api/account/data-exports').then((r) => r.exports),
  // While an archive is being built, its progress is read every second.
  refetchInterval: (q) => (q.state.data?.some((e) => e.status === 'queued' || e.status === 'running') ? 1000 : false),
});

export function useRequestDataExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/account/data-exports'),
    onSettled: () => qc.invalidateQueries({ queryKey: dataExportsQuery.queryKey }),
  });
}

/** Where the browser downloads an archive (a file, not a JSON call). */
export const dataExportDownloadUrl = (id: string) => `/api/account/data-exports/${id}/download`;

export const deletionPreviewQuery = queryOptions({
  queryKey: ['account', 'deletion'],
  queryFn: () => api.get('/api/account/deletion'),
});

export const useDeleteAccount = () => useMutation({ mutationFn: (body: DeleteAccount) => api.post('/api/account/delete', { body }) });
