import { queryOptions } from '@tanstack/react-query';
import type { BusinessPageResponse } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** A business page (DESIGN.md 13): the business, or the slug it has now when this one is an old one. */
export const businessQuery = (slug: string) =>
  queryOptions({
    queryKey: ['businesses', 'page', slug],
    queryFn: () => api.get<BusinessPageResponse>(`/api/businesses/${encodeURIComponent(slug)}`),
  });
