import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { VOTE_MESSAGES, type DealEvent, type DealSummary } from '@localperks/shared';
import { votedStore } from './votes-store';
import { toast } from '../../../lib/toast';

/*
 * Live vote counts and unlocks (docs/product/design.md: Server-Sent Events). Every component that shows a
 * crowd-vote deal registers its id; one EventSource per tab listens for all of them. Each event goes
 * into a small live store (read with `useLiveDeal`) and is written into every cached query that holds
 * the deal, so lists, the deal page and later renders agree.
 */

type LiveFields = Pick<DealEvent, 'currentVotes' | 'votesRequired' | 'status'>;

const live = new Map<string, LiveFields>();
const liveListeners = new Set<() => void>();
const subscribeLive = (listener: () => void) => {
  liveListeners.add(listener);
  return () => liveListeners.delete(listener);
};

let queryClient: QueryClient | null = null;

/** Writes the deal's new counts into every cached query that holds it; same references when nothing changed. */
function patchDeal(data: unknown, e: DealEvent, depth = 0): unknown {
  if (depth > 8 || !data || typeof data !== 'object') return data;
  if (Array.isArray(data)) {
    let isChanged = false;
    const next = data.map((item) => {
      const patched = patchDeal(item, e, depth + 1);
      if (patched !== item) isChanged = true;
      return patched;
    });
    return isChanged ? next : data;
  }
  const obj = data as Record<string, unknown>;
  if (obj.id === e.dealId && typeof obj.currentVotes === 'number') {
    if (obj.currentVotes === e.currentVotes && obj.status === e.status && obj.votesRequired === e.votesRequired) return data;
    return { ...obj, currentVotes: e.currentVotes, votesRequired: e.votesRequired, status: e.status };
  }
  let isChanged = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const patched = patchDeal(value, e, depth + 1);
    if (patched !== value) isChanged = true;
    next[key] = patched;
  }
  return isChanged ? next : data;
}

/** Applies new counts (from an event or a vote response) everywhere; returns the status before. */
export function applyDealEvent(e: DealEvent): DealSummary['status'] | undefined {
  const before = live.get(e.dealId)?.status;
  live.set(e.dealId, { currentVotes: e.currentVotes, votesRequired: e.votesRequired, status: e.status });
  liveListeners.forEach((l) => l());
  if (queryClient) {
    for (const query of queryClient.getQueryCache().getAll()) {
      const data = query.state.data;
      if (data === undefined) continue;
      const patched = patchDeal(data, e);
      // Keep the query's own update time: a live patch must not make stale data look fresh.
      if (patched !== data) queryClient.setQueryData(query.queryKey, patched, { updatedAt: query.state.dataUpdatedAt });
    }
  }
  return before;
}

/** The unlock toast, once per deal even when the vote response and the event both announce it. */
export const announceUnlock = (dealId: string) => toast.success(VOTE_MESSAGES.unlockedToast, { id: `unlocked-${dealId}` });

function onDealEvent(message: MessageEvent<string>) {
  let e: DealEvent;
  try {
    e = JSON.parse(message.data) as DealEvent;
  } catch {
    return;
  }
  if (e.type !== 'votes' || typeof e.dealId !== 'string') return;
  const before = applyDealEvent(e);
  if (e.status === 'active' && before !== 'active' && votedStore.get().includes(e.dealId)) announceUnlock(e.dealId);
}

// One connection per tab for the ids on screen; reopened (debounced) when the set changes.
const wanted = new Map<string, number>();
let source: EventSource | null = null;
let sourceKey = '';
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
/** The server accepts up to 4,000 characters of ids; beyond ~100 deals take the whole stream. */
const MAX_FILTERED_IDS = 100;

/** Streams being replaced: closed once their successor is open, or after a grace period. */
const retiring = new Set<EventSource>();
const RETIRE_AFTER_MS = 5000;
function closeRetired(s: EventSource) {
  s.close();
  retiring.delete(s);
}

function reconnect() {
  const ids = [...wanted.keys()].sort();
  const key = ids.join(',');
  if (key === sourceKey) return;
  sourceKey = key;
  // The old stream keeps listening until the new one is open (or a moment after the last panel
  // left, since the next page usually shows the same deals), so no event falls between the two.
  if (source) {
    const old = source;
    retiring.add(old);
    setTimeout(() => closeRetired(old), RETIRE_AFTER_MS);
  }
  source = null;
  if (!ids.length || typeof EventSource === 'undefined') return;
  const next = new EventSource(ids.length <= MAX_FILTERED_IDS ? `/api/events?deals=${key}` : '/api/events');
  next.addEventListener('deal', onDealEvent);
  // Lost connection (EventSource retries by itself): counts may have moved meanwhile, so fall back
  // to the (patched) query data until events flow again.
  next.addEventListener('error', () => {
    if (live.size) {
      live.clear();
      liveListeners.forEach((l) => l());
    }
  });
  const predecessors = [...retiring];
  next.addEventListener('open', () => predecessors.forEach(closeRetired), { once: true });
  source = next;
}

function scheduleReconnect() {
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(reconnect, 50);
}

/** Listens for live vote counts and unlocks of these deals while the calling component is mounted. */
export function useDealEvents(dealIds: string[]): void {
  const qc = useQueryClient();
  const key = [...new Set(dealIds)].sort().join(',');
  useEffect(() => {
    queryClient = qc;
    if (!key) return;
    const ids = key.split(',');
    for (const id of ids) wanted.set(id, (wanted.get(id) ?? 0) + 1);
    scheduleReconnect();
    return () => {
      for (const id of ids) {
        const n = (wanted.get(id) ?? 1) - 1;
        if (n > 0) wanted.set(id, n);
        else wanted.delete(id);
      }
      scheduleReconnect();
    };
  }, [key, qc]);
}

/** The deal with its latest live counts and status; subscribes to events while it can still change. */
export function useLiveDeal<T extends DealSummary>(deal: T): T {
  const canChange = deal.type === 'perkboost' && deal.status === 'pending';
  useDealEvents(canChange ? [deal.id] : []);
  const fields = useSyncExternalStore(
    subscribeLive,
    () => live.get(deal.id),
    () => undefined,
  );
  return useMemo(() => (fields ? { ...deal, ...fields } : deal), [deal, fields]);
}
