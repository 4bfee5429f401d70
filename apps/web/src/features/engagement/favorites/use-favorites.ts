import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DealSummary } from '@localperks/shared';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { sessionQuery, useSession } from '../../../lib/session';
import { favoritesStore } from './favorites-store';

/*
 * Favourites live in browser storage for everyone (docs/product/customer-spec.md §4); a signed-in customer's are also
 * kept on the server so they follow the account (docs/product/design.md §11). The store holds ids only;
 * the favourites page loads each deal by id.
 */

const without = (ids: string[], id: string) => ids.filter((x) => x !== id);
const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function useIsFavorite(id: string): boolean {
  return favoritesStore.use().includes(id);
}

/** Adds the deal when absent, removes it when present. */
export function useToggleFavorite(): (deal: DealSummary) => void {
  const qc = useQueryClient();
  // The session is read when the heart is pressed, not watched: every card has this hook, and a
  // session watcher per card re-rendered them all when the session arrived (docs/decisions/0030-tbt.md).
  return useCallback(
    (deal: DealSummary) => {
      const isCustomer = qc.getQueryData(sessionQuery.queryKey)?.role === 'customer';
      const wasFavorite = favoritesStore.get().includes(deal.id);
      favoritesStore.set((ids) => (wasFavorite ? without(ids, deal.id) : [deal.id, ...without(ids, deal.id)]));
      if (!isCustomer) return;
      const call = wasFavorite
        ? api.delete('/api/favorites/:dealId', { params: { dealId: deal.id } })
        : api.put('/api/favorites/:dealId', { params: { dealId: deal.id } });
      call.catch((err: unknown) => {
        // Signed out elsewhere: the browser copy is still the visitor's favourites.
        if (err instanceof ApiError && err.status === 401) {
          void qc.invalidateQueries({ queryKey: sessionQuery.queryKey });
          return;
        }
        favoritesStore.set((ids) => (wasFavorite ? [deal.id, ...without(ids, deal.id)] : without(ids, deal.id)));
        toast.error('Favorites Not Updated', { description: err instanceof Error ? err.message : 'Please try again.' });
      });
    },
    [qc],
  );
}

/**
 * Mount once (root layout). When a customer signs in, the browser's favourites are merged into the
 * account and the store takes the merged list; when the app opens with a customer already signed
 * in, the account's list replaces the browser copy (so removals on another device stick); when the
 * customer signs out, the browser copy is cleared (it is kept on the account).
 */
export function useFavoritesSync(): void {
  const { user, isLoading } = useSession();
  // undefined: the first session answer has not arrived; null: signed out.
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isLoading) return;
    const customerId = user?.role === 'customer' ? user.id : null;
    const before = previous.current;
    previous.current = customerId;
    if (before === customerId) return;
    // Signed out in this tab: the account keeps the favourites, the shared browser should not.
    if (!customerId) {
      if (before) favoritesStore.set([]);
      return;
    }
    const sync =
      before === undefined ? api.get('/api/favorites') : api.post('/api/favorites/merge', { body: { dealIds: favoritesStore.get() } });
    sync
      .then(({ dealIds }) => {
        // Only while the same customer is still signed in.
        if (previous.current === customerId && !sameIds(dealIds, favoritesStore.get())) favoritesStore.set(dealIds);
      })
      .catch(() => {
        /* keep the browser copy; the next sign-in or visit syncs again */
      });
  }, [user, isLoading]);
}
