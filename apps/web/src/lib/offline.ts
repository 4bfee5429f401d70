/**
 * Vouchers that open offline (docs/decisions/0067-installable-app-and-offline-vouchers.md). Once the server says a
 * customer is signed in, the app registers its service worker (it keeps the QR images and the app's own code) and
 * keeps that customer's session and My Purchases answers on this device with TanStack Query's persistence
 * (lib/offline-store.ts, loaded only then). Anyone else, or nobody, signed in: both are deleted. Signing out deletes
 * them before the session is forgotten (lib/session.ts).
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OFFLINE_STORE_KEY, VOUCHER_QR_CACHE } from './offline-keys';

const loadStore = () => import('./offline-store');

/**
 * Keeps what this device holds in step with the session, as the server answered it: a customer's vouchers are kept,
 * anyone else's are deleted. A session that could not be read (no network) changes nothing.
 */
export function useOfflineVouchers(answered: boolean, user: { id: string; role: string } | null | undefined) {
  const queryClient = useQueryClient();
  const customerId = user?.role === 'customer' ? user.id : null;
  useEffect(() => {
    if (!answered) return;
    if (customerId) {
      registerServiceWorker();
      void loadStore().then((s) => s.keepVouchersOf(queryClient, customerId));
    } else void forgetCustomer();
  }, [answered, customerId, queryClient]);
}

/** Signing out: this device forgets the vouchers it kept and their QR images. */
export async function forgetCustomer() {
  // Visitors who never signed in as a customer have nothing kept: the store's code is not even loaded for them.
  if (!(await hasKept())) return;
  await (await loadStore()).forgetVouchers();
}

async function hasKept() {
  try {
    if (localStorage.getItem(OFFLINE_STORE_KEY) !== null) return true;
  } catch {
    // Storage blocked: nothing was kept there.
  }
  return typeof caches !== 'undefined' && (await caches.has(VOUCHER_QR_CACHE).catch(() => false));
}

/** No network: the vouchers this device kept go back into the query cache; when they were fetched (ms), or null. */
export async function restoreKeptVouchers(queryClient: ReturnType<typeof useQueryClient>) {
  return (await loadStore()).restoreKeptVouchers(queryClient);
}

const subscribeToNetwork = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it has no network (false while rendering on the server). */
export function useIsBrowserOffline() {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => !navigator.onLine,
    () => false,
  );
}

/**
 * Set by a page that shows what this device kept because the server could not be reached (My Purchases): the browser
 * may still say it is online (a network that answers nothing, a server down).
 */
export const ShowingKeptData = createContext(false);

/** Whether actions that need the server should wait: no network, or the page shows what this device kept. */
export function useIsOffline() {
  const isShowingKept = useContext(ShowingKeptData);
  return useIsBrowserOffline() || isShowingKept;
}

let registered = false;
function registerServiceWorker() {
  if (registered || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  registered = true;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
