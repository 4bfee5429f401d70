import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PaymentPage, SandboxPay, SandboxSession } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const sandboxSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['sandbox-session', id],
    queryFn: () => api.get<SandboxSession>(`/api/sandbox/sessions/${encodeURIComponent(id)}`),
    retry: false,
  });

export const useSandboxPay = (id: string) =>
  useMutation({ mutationFn: (card: SandboxPay) => api.post<PaymentPage>(`/api/sandbox/sessions/${encodeURIComponent(id)}/pay`, card) });
