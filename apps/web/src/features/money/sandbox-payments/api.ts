import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PaymentPage, SandboxPay, SandboxPaySaved, SandboxSession } from '@localperks/shared';
import { api } from '../../../lib/api-client';

export const sandboxSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['sandbox-session', id],
    queryFn: () => api.get<SandboxSession>(`/api/sandbox/sessions/${encodeURIComponent(id)}`),
    retry: false,
  });

export const useSandboxPay = (id: string) =>
  useMutation({ mutationFn: (card: SandboxPay) => api.post<PaymentPage>(`/api/sandbox/sessions/${encodeURIComponent(id)}/pay`, card) });

/** Pays with one of the customer's saved cards (listed by the session). */
export const useSandboxPaySaved = (id: string) =>
  useMutation({
    mutationFn: (body: SandboxPaySaved) => api.post<PaymentPage>(`/api/sandbox/sessions/${encodeURIComponent(id)}/pay-saved`, body),
  });
