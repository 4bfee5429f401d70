import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type BrowseResult } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** The browse API's parameters for a page of /perkboost (also read by its server render, entry-server.tsx). */
export const perkboostBrowseParams = (page: number) => ({ type: 'perkboost', pageSize: String(MAX_PAGE_SIZE), page: String(page) });

/** Every crowd-vote deal still on show (pending and voting, or unlocked), page by page. */
export const perkboostDealsQuery = infiniteQueryOptions({
  queryKey: ['perkboost', 'deals'],
  queryFn: ({ pageParam }) => api.get('/api/deals', { query: new URLSearchParams(perkboostBrowseParams(pageParam)) }),
  initialPageParam: 1,
  getNextPageParam: (last: BrowseResult) => (last.hasMore ? last.page + 1 : undefined),
});

/** The signed-in customer's votes. */
export const myVotesQuery = queryOptions({
  queryKey: ['perkboost', 'votes', 'mine'],
  queryFn: () => api.get('/api/votes/mine').then((r) => r.dealIds),
});

export const useCastVote = () =>
  useMutation({ mutationFn: (dealId: string) => api.post('/api/deals/:id/vote', { params: { id: dealId } }) });
export const useCancelVote = () =>
  useMutation({ mutationFn: (dealId: string) => api.delete('/api/deals/:id/vote', { params: { id: dealId } }) });
