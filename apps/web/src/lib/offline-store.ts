/**
 * The signed-in customer's vouchers, kept on this device for My Purchases with no network
 * (docs/decisions/0067-installable-app-and-offline-vouchers.md). TanStack Query's own persistence
 * (`@tanstack/query-persist-client-core` with its storage persister) saves two queries and nothing else: the session
 * (who the vouchers belong to) and the My Purchases lists (codes included). Their QR images are kept by the service
 * worker (src/sw.ts) in the `voucher-qr` cache. Loaded only once a customer is signed in, or when My Purchases
 * opens with no network, so visitors never download it.
 */
import type { Query, QueryClient } from '@tanstack/react-query';
import {
  persistQueryClient,
  persistQueryClientRestore,
  type PersistedClient,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { OFFLINE_STORE_KEY, VOUCHER_QR_CACHE } from './offline-keys';

/** How long the kept vouchers may be shown with no network since the last time they were saved. */
const MAX_AGE_MS = 30 * 24 * 60 * 60_000;
/** Changes when what is kept changes shape: a device that kept another shape forgets it. */
const BUSTER = 'vouchers-1';

const isKept = (queryKey: readonly unknown[]) => queryKey[0] === 'session' || queryKey[0] === 'purchases';

/** Whose vouchers a saved client holds: the customer its session query answered. */
function ownerOf(client: PersistedClient | undefined): string | null {
  const session = client?.clientState.queries.find((q) => q.queryKey[0] === 'session')?.state.data as
    { id?: string; role?: string } | null | undefined;
  return session?.role === 'customer' ? (session.id ?? null) : null;
}

/** The customer whose vouchers are being kept in this tab, or null: nothing is written. */
let keptFor: string | null = null;
let stopKeeping: (() => void) | null = null;

const persister = createAsyncStoragePersister({
  storage: typeof window === 'undefined' ? null : window.localStorage,
  key: OFFLINE_STORE_KEY,
  throttleTime: 1000,
  // A save still waiting when the customer signed out (or another signed in) is dropped, never written. A list whose
  // last refresh failed (no network) is kept as the answer it still shows, not as the failure.
  serialize: (client) => {
    if (!keptFor || ownerOf(client) !== keptFor) throw new Error('Not the signed-in customer’s vouchers');
    const queries = client.clientState.queries.map((q) => ({
      ...q,
      state: {
        ...q.state,
        status: 'success' as const,
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchStatus: 'idle' as const,
      },
    }));
    return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
  },
});

const options = (queryClient: QueryClient): PersistQueryClientOptions => ({
  queryClient,
  persister,
  maxAge: MAX_AGE_MS,
  buster: BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: (q: Query) => q.state.data !== undefined && isKept(q.queryKey) },
  // Restored lists stay in memory as long as they may be shown (the library's advice: gcTime ≥ maxAge).
  hydrateOptions: { defaultOptions: { queries: { gcTime: Infinity } } },
});

/**
 * A customer is signed in (the server said so): what this device kept for anyone else is deleted, theirs is
 * restored (the lists seen before, until the network answers again) and every change is saved from now on.
 */
export async function keepVouchersOf(queryClient: QueryClient, userId: string) {
  if (keptFor === userId) return;
  stopKeeping?.();
  if (ownerOf(await persister.restoreClient()) !== userId) await deleteKept();
  keptFor = userId;
  const [stop, restored] = persistQueryClient(options(queryClient));
  stopKeeping = stop;
  await restored;
}

/** Signed out, or someone who is not a customer: this device keeps nothing any more. */
export async function forgetVouchers() {
  stopKeeping?.();
  stopKeeping = null;
  keptFor = null;
  await deleteKept();
}

async function deleteKept() {
  await persister.removeClient();
  if (typeof caches !== 'undefined') await caches.delete(VOUCHER_QR_CACHE);
}

/**
 * No network: the session and the vouchers this device kept go back into the query cache, as they were when last
 * saved. Returns when the newest of those lists was fetched (ms), or null when nothing was kept.
 */
export async function restoreKeptVouchers(queryClient: QueryClient): Promise<number | null> {
  await persistQueryClientRestore(options(queryClient)).catch(() => undefined);
  const user = queryClient.getQueryData<{ role?: string } | null>(['session']);
  if (user?.role !== 'customer') return null;
  // Asked again as soon as the network is back (the kept answer is not the server's word on who is signed in).
  void queryClient.invalidateQueries({ queryKey: ['session'], refetchType: 'none' });
  const times = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['purchases'] })
    .map((q) => q.state.dataUpdatedAt)
    .filter((t) => t > 0);
  return times.length ? Math.max(...times) : null;
}
