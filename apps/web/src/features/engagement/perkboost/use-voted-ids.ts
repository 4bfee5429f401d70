import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { myVotesQuery } from './api';
import { votedStore } from './votes-store';

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Ids of the deals the user voted for: browser storage first (instant), then, for a signed-in
 * customer, the server's list, which wins. Signed out, nobody has votes, and a previous customer's
 * stored ids are cleared.
 */
export function useVotedIds(): string[] {
  const { user, isLoading } = useSession();
  const isCustomer = user?.role === 'customer';
  const stored = votedStore.use();
  const mine = useQuery({ ...myVotesQuery, enabled: isCustomer });

  useEffect(() => {
    if (mine.data && !sameIds(mine.data, votedStore.get())) votedStore.set(mine.data);
  }, [mine.data]);
  useEffect(() => {
    if (!isLoading && !user && votedStore.get().length) votedStore.set([]);
  }, [isLoading, user]);

  if (isCustomer) return mine.data ?? stored;
  return isLoading ? stored : [];
}

/** Records a vote (or its cancellation) in the browser copy and the cached server list. */
export function useSetVoted() {
  const qc = useQueryClient();
  return (dealId: string, hasVoted: boolean) => {
    const update = (ids: string[] = []) => (hasVoted ? [...new Set([...ids, dealId])] : ids.filter((id) => id !== dealId));
    votedStore.set(update);
    qc.setQueryData(myVotesQuery.queryKey, (ids) => (ids ? update(ids) : ids));
  };
}
