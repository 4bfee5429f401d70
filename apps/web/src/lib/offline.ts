/**
 * The installable app's service worker (docs/decisions/0067-installable-app-and-offline-vouchers.md): registered once a
 * customer is signed in (their vouchers are what it keeps), told who is signed in so it keeps only their vouchers,
 * and told when they sign out so it forgets them. The last signed-in customer is also remembered in this browser so
 * My Purchases can open with no network.
 */
import { useEffect } from 'react';

const LAST_CUSTOMER = 'localperks.offline-customer';

export interface OfflineCustomer {
  id: string;
  role: 'customer';
  name: string | null;
  email: string;
}

export function rememberCustomer(user: OfflineCustomer | null) {
  try {
    if (user) localStorage.setItem(LAST_CUSTOMER, JSON.stringify(user));
    else localStorage.removeItem(LAST_CUSTOMER);
  } catch {
    // Storage may be full or blocked: offline vouchers are then unavailable, nothing else changes.
  }
  tellServiceWorker(user?.id ?? null);
  if (user) registerServiceWorker();
}

/**
 * Keeps the service worker and the remembered customer in step with the session, as the server answered it: a
 * customer signed in is remembered (and their vouchers kept); anyone else, or nobody, is forgotten, and the worker
 * deletes what it kept. A session that could not be read (no network) changes nothing.
 */
export function useOfflineVouchers(
  answered: boolean,
  user: { id: string; role: string; name?: string | null; email: string } | null | undefined,
) {
  useEffect(() => {
    if (!answered) return;
    if (user?.role === 'customer') rememberCustomer({ id: user.id, role: 'customer', name: user.name ?? null, email: user.email });
    else forgetCustomer();
  }, [answered, user?.id, user?.role, user?.name, user?.email]);
}

/** When the newest voucher answer this browser keeps for `userId` was fetched (ISO), or null. */
export async function vouchersSavedAt(userId: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(`vouchers-${userId}`);
  let newest: string | null = null;
  for (const request of await cache.keys()) {
    const at = (await cache.match(request))?.headers.get('x-lp-cached-at') ?? null;
    if (at && (!newest || at > newest)) newest = at;
  }
  return newest;
}

export function lastCustomer(): OfflineCustomer | null {
  try {
    const raw = localStorage.getItem(LAST_CUSTOMER);
    return raw ? (JSON.parse(raw) as OfflineCustomer) : null;
  } catch {
    return null;
  }
}

function tellServiceWorker(userId: string | null) {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'session', userId })).catch(() => undefined);
  navigator.serviceWorker.controller?.postMessage({ type: 'session', userId });
}

let registered = false;
function registerServiceWorker() {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registered = true;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

/** Signing out: the worker deletes the vouchers it kept, and this browser forgets the customer. */
export function forgetCustomer() {
  rememberCustomer(null);
}
