/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { VOUCHER_QR_CACHE } from './lib/offline-keys';

/*
 * The service worker (docs/decisions/0067-installable-app-and-offline-vouchers.md), built with Workbox by
 * vite-plugin-pwa. It keeps three things and nothing else:
 * - the app's own code and styles (precached at each release), so its pages start with no network;
 * - the My Purchases page's shell (the HTML the server sends for /purchases: no one's data, the vouchers come from the
 *   API), network first;
 * - the QR images of the signed-in customer's vouchers (`voucher-qr`), network first: the cached copy answers only when
 *   the network fails. The page deletes that cache when the customer signs out or another account signs in
 *   (lib/offline-store.ts); the vouchers' codes are kept by the page itself (TanStack Query's persistence).
 * Every other request, every signed-in API answer included, goes to the network untouched.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && /^\/api\/purchases\/[0-9a-f-]{36}\/qr\.svg$/.test(url.pathname),
  new NetworkFirst({ cacheName: VOUCHER_QR_CACHE, networkTimeoutSeconds: 6 }),
);

// The My Purchases page itself (its shell is the same for every visitor; the vouchers come from the API).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname === '/purchases',
  new NetworkFirst({ cacheName: 'pages-shell', networkTimeoutSeconds: 6 }),
);
