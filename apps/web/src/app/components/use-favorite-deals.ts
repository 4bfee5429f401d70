import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { DealDetail } from '@localperks/shared';
import { favoritesStore } from '../../features/engagement/favorites/favorites-store';
import { dealQuery } from '../../features/catalog/deals/api';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

// Favourites (ids in the browser, features/engagement/favorites) loaded as deals (features/catalog/deals): composed here.

/**
 * The favourite deals, loaded one by one (a favourites list is short). Deals that no longer exist
 * are dropped from the list and from the favourites.
 */
export function useFavoriteDeals(): { deals: DealDetail[]; isLoading: boolean; isError: boolean; retry: () => void } {
  const ids = favoritesStore.use();
  const { user } = useSession();
  const isCustomer = user?.role === 'customer';
  const results = useQueries({ queries: ids.map((id) => dealQuery(id)) });
  const goneKey = ids.filter((_, i) => isGone(results[i]?.error)).join(',');

  useEffect(() => {
    if (!goneKey) return;
    const gone = goneKey.split(',');
    favoritesStore.set((current) => current.filter((id) => !gone.includes(id)));
    if (isCustomer) for (const id of gone) api.delete('/api/favorites/:dealId', { params: { dealId: id } }).catch(() => undefined);
  }, [goneKey, isCustomer]);

  return {
    deals: results.flatMap((r) => (r.data ? [r.data.deal] : [])),
    isLoading: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError && !isGone(r.error)),
    retry: () => results.forEach((r) => r.isError && !isGone(r.error) && void r.refetch()),
  };
}

/** Unknown or removed (404), or an id that is no deal id at all (400). */
const isGone = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);
