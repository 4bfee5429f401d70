import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePromoCode } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Whose codes a screen manages: the platform's (admin) or the signed-in merchant's own. */
export type PromoScope = 'admin' | 'merchant';

const base = (scope: PromoScope) => (scope === 'admin' ? '/api/admin/promo-codes' : '/api/merchant/promo-codes');
const deactivatePath = (scope: PromoScope) =>
  scope === 'admin' ? '/api/admin/promo-codes/:id/deactivate' : '/api/merchant/promo-codes/:id/deactivate';

export const usePromoCodes = (scope: PromoScope) => useQuery({ queryKey: ['promo-codes', scope], queryFn: () => api.get(base(scope)) });

export function useCreatePromoCode(scope: PromoScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoCode) => api.post(base(scope), { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['promo-codes', scope] }),
  });
}

export function useDeactivatePromoCode(scope: PromoScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(deactivatePath(scope), { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['promo-codes', scope] }),
  });
}
