import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A business page (docs/product/design.md §13): the business, or the slug it has now when this one is an old one. */
export const businessQuery = (slug: string) =>
  queryOptions({
    queryKey: ['businesses', 'page', slug],
    queryFn: () => api.get('/api/businesses/:slug', { params: { slug } }),
  });
