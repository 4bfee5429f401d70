import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRefundRequest, PurchasesPage, PurchaseTab } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every purchases list shares this prefix, so one invalidation refreshes all tabs. */
export const purchasesKey = ['purchases'] as const;

/** Whether the provider has confirmed an order yet (polled after the return from the payment page). */
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['orders', id], queryFn: () => api.get('/api/orders/:id', { params: { id } }) });

/** One tab of My Purchases, page by page (keyset cursor from the server, newest first). */
export const purchasesQuery = (status: PurchaseTab) =>
  infiniteQueryOptions({
    queryKey: [...purchasesKey, status],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ status });
      if (pageParam) params.set('cursor', pageParam);
      return api.get('/api/purchases', { query: params });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: PurchasesPage) => last.nextCursor ?? undefined,
    // Kept on this device for use with no network (lib/offline-store.ts): a list leaves memory only with the tab, or it
    // would leave the device's copy too (docs/decisions/0067-installable-app-and-offline-vouchers.md).
    gcTime: Infinity,
  });

export const usePurchases = (status: PurchaseTab, options: { refetchInterval?: number | false } = {}) =>
  useInfiniteQuery({ ...purchasesQuery(status), refetchInterval: options.refetchInterval });

export const paymentMethodsQuery = queryOptions({
  queryKey: ['account', 'payment-methods'],
  queryFn: () => api.get('/api/account/payment-methods').then((r) => r.paymentMethods),
});

export const usePaymentMethods = () => useQuery(paymentMethodsQuery);

export function useRemovePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/account/payment-methods/:id', { params: { id } }),
    onSuccess: (_res, id) => {
      qc.setQueryData(paymentMethodsQuery.queryKey, (cards) => cards?.filter((c) => c.id !== id));
      void qc.invalidateQueries({ queryKey: paymentMethodsQuery.queryKey });
    },
  });
}

/** Ask for a refund of one voucher (Merchant Refund Policy); the list shows its status afterwards. */
export function useRequestRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, ...body }: CreateRefundRequest & { purchaseId: string }) =>
      api.post('/api/purchases/:id/refund-request', { params: { id: purchaseId }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: purchasesKey }),
  });
}
