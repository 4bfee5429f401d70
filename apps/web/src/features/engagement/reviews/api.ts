import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReview, ReportReview, ReviewSort, UploadedImage } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** Every reviews list shares this prefix: a new review, a reply or a moderation refreshes them all. */
export const reviewsKey = ['reviews'] as const;

export type ReviewsSource = { kind: 'deal'; id: string } | { kind: 'business'; slug: string };

export const reviewsQuery = (source: ReviewsSource, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: [...reviewsKey, source.kind, source.kind === 'deal' ? source.id : source.slug, sort, page],
    queryFn: () =>
      source.kind === 'deal'
        ? api.get('/api/deals/:id/reviews', { params: { id: source.id }, query: { sort, page } })
        : api.get('/api/businesses/:slug/reviews', { params: { slug: source.slug }, query: { sort, page } }),
    placeholderData: keepPreviousData,
  });

export const useReviews = (source: ReviewsSource, sort: ReviewSort, page: number) => useQuery(reviewsQuery(source, sort, page));

/** The order a reviews section opens in. */
export const FIRST_REVIEW_SORT: ReviewSort = 'newest';
/** What a deal or business page shows of its reviews before anyone sorts or pages them (its loader reads it). */
export const firstReviewsQuery = (source: ReviewsSource) => reviewsQuery(source, FIRST_REVIEW_SORT, 1);

export const reviewEligibilityQuery = (purchaseId: string) =>
  queryOptions({
    queryKey: [...reviewsKey, 'eligibility', purchaseId],
    queryFn: () => api.get('/api/purchases/:id/review', { params: { id: purchaseId } }),
  });

export function useCreateReview(purchaseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReview) => api.post('/api/purchases/:id/review', { params: { id: purchaseId }, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: reviewsKey });
      // The purchase card's "Write a review" becomes "Your review".
      void qc.invalidateQueries({ queryKey: ['purchases'] });
    },
  });
}

/** Multipart upload of one review photo (the JSON client does not send files). */
export function uploadReviewPhoto(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.postForm('/api/reviews/photos', body, 'The photo could not be uploaded.');
}

export const useReportReview = () =>
  useMutation({
    mutationFn: ({ id, ...body }: ReportReview & { id: string }) => api.post('/api/reviews/:id/report', { params: { id }, body }),
  });

export const merchantReviewsQuery = (filter: 'all' | 'unreplied', page: number) =>
  queryOptions({
    queryKey: [...reviewsKey, 'merchant', filter, page],
    queryFn: () => api.get('/api/merchant/reviews', { query: { filter, page } }),
    placeholderData: keepPreviousData,
  });

export function useReplyToReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.post('/api/merchant/reviews/:id/reply', { params: { id }, body: { text } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: reviewsKey }),
  });
}

export function useModerateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'hide' | 'restore'; reason: string }) =>
      action === 'hide'
        ? api.post('/api/admin/reviews/:id/hide', { params: { id }, body: { reason } })
        : api.post('/api/admin/reviews/:id/restore', { params: { id }, body: { reason } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: reviewsKey }),
  });
}

export type { ReviewSort };
