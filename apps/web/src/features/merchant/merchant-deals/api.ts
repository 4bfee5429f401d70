import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMerchantDeal, MerchantDealFilter, UploadedImage, UpdateMerchantDeal } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every merchant-deals query shares this prefix, so one invalidation refreshes the list and the deal. */
export const merchantDealsKey = ['merchant-deals'] as const;

/** The console's deals table (its API route is its cache key): the section's list of deals, refreshed after a change. */
export const merchantDealsTableKey = ['/api/merchant/tables/deals'] as const;

export const merchantDealsQuery = (status: MerchantDealFilter, page: number) =>
  queryOptions({
    queryKey: [...merchantDealsKey, 'list', status, page],
    queryFn: () => api.get('/api/merchant/deals', { query: new URLSearchParams({ status, page: String(page) }) }),
    placeholderData: keepPreviousData,
  });

export const merchantDealQuery = (id: string) =>
  queryOptions({
    queryKey: [...merchantDealsKey, 'deal', id],
    queryFn: () => api.get('/api/merchant/deals/:id', { params: { id } }),
  });

export const useMerchantDeals = (status: MerchantDealFilter, page: number) => useQuery(merchantDealsQuery(status, page));

function useInvalidating<TVars, TResult>(fn: (v: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: merchantDealsKey });
      void qc.invalidateQueries({ queryKey: merchantDealsTableKey });
      // The public lists show merchants' changes at once.
      void qc.invalidateQueries({ queryKey: ['deals'] });
    },
  });
}

export const useCreateMerchantDeal = () => useInvalidating((body: CreateMerchantDeal) => api.post('/api/merchant/deals', { body }));
export const useUpdateMerchantDeal = (id: string) =>
  useInvalidating((body: UpdateMerchantDeal) => api.put('/api/merchant/deals/:id', { params: { id }, body }));
export const usePauseDeal = () =>
  useInvalidating(({ id, paused }: { id: string; paused: boolean }) =>
    api.post(paused ? '/api/merchant/deals/:id/pause' : '/api/merchant/deals/:id/resume', { params: { id } }),
  );
export const useDeleteDeal = () => useInvalidating((id: string) => api.delete('/api/merchant/deals/:id', { params: { id } }));
/** Appeals a removal by an admin (once per removal). */
export const useAppealRemoval = () =>
  useInvalidating(({ id, message }: { id: string; message: string }) =>
    api.post('/api/merchant/deals/:id/appeal', { params: { id }, body: { message } }),
  );
export const useLaunchBoost = () =>
  useMutation({
    mutationFn: ({ id, boostDays }: { id: string; boostDays: number }) =>
      api.post('/api/merchant/deals/:id/boost', { params: { id }, body: { boostDays } }),
  });

/** A deal's boost by the server's clock: time left and its stats (only fetched for a boosted deal). */
export const dealBoostQuery = (id: string) =>
  queryOptions({
    queryKey: [...merchantDealsKey, 'boost', id],
    queryFn: () => api.get('/api/merchant/boosts/deals/:id', { params: { id } }),
  });
export const useDealBoost = (id: string) => useQuery(dealBoostQuery(id));

/** Opens the payment page for a boost of a live deal (the window starts once the provider confirms it). */
export const useBuyDealBoost = () =>
  useMutation({
    mutationFn: ({ id, boostDays }: { id: string; boostDays: number }) =>
      api.post('/api/merchant/boosts/deals/:id', { params: { id }, body: { boostDays } }),
  });

/** Multipart upload of one deal image (the JSON client does not send files). */
export function uploadDealImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.postForm('/api/merchant/uploads/deal-images', body, 'The image could not be uploaded.');
}

/** The thumbnail stored beside every uploaded image. */
export const thumbnailOf = (url: string) => url.replace(/\.webp$/, '-sm.webp');
