/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core';

/*
 * The service worker (docs/decisions/0067-installable-app-and-offline-vouchers.md), built with Workbox by
 * vite-plugin-pwa. It keeps three things and nothing else:
 * - the app's own code and styles (precached at each release), so its pages start with no network;
 * - the My Purchases page's shell (the HTML the server sends for /purchases, the same for everyone);
 * - the signed-in customer's vouchers: their list answers and QR images, in a cache of that customer's own
 *   (`vouchers-<user id>`), fetched from the network first and served from the cache only when the network fails
 *   and only to the page of the same customer. Signing out deletes it; another customer signing in deletes it too.
 * Every other request, every other signed-in API answer included, goes to the network untouched.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const VOUCHERS = 'vouchers-';
const META = 'localperks-sw-meta';
/** The header of a cached answer that says when it was fetched (the page's "Offline — last updated …"). */
const CACHED_AT = 'x-lp-cached-at';

/** Who is signed in, as the page said last (kept across restarts of the worker). */
let currentUser: string | null | undefined;
async function userId(): Promise<string | null> {
  if (currentUser !== undefined) return currentUser;
  const saved = await (await caches.open(META)).match('/__user');
  currentUser = saved ? await saved.text() : null;
  return currentUser;
}
async function setUser(id: string | null) {
  currentUser = id;
  const meta = await caches.open(META);
  if (id) await meta.put('/__user', new Response(id));
  else await meta.delete('/__user');
  // Only the signed-in customer's own vouchers stay.
  for (const name of await caches.keys()) if (name.startsWith(VOUCHERS) && name !== `${VOUCHERS}${id}`) await caches.delete(name);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; userId?: string | null } | null;
  if (data?.type === 'session') event.waitUntil(setUser(data.userId ?? null));
});

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Keeps only successful answers, stamped with the time they were fetched. */
const stamp: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT, new Date().toISOString());
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
};
const strategies = new Map<string, NetworkFirst>();
const forUser = (id: string) => {
  let s = strategies.get(id);
  if (!s) strategies.set(id, (s = new NetworkFirst({ cacheName: `${VOUCHERS}${id}`, plugins: [stamp], networkTimeoutSeconds: 6 })));
  return s;
};

/** The customer's vouchers: the My Purchases list and the QR images of its codes. */
const isVoucherRequest = (url: URL) =>
  url.origin === self.location.origin && /^\/api\/purchases(\/[0-9a-f-]{36}\/qr\.svg)?$/.test(url.pathname);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isVoucherRequest(url),
  async (options) => {
    const id = await userId();
    // Nobody signed in as far as the page said: straight to the network, nothing kept.
    if (!id) return fetch(options.request);
    return forUser(id).handle(options);
  },
);

// The My Purchases page itself (its shell is the same for every visitor; the vouchers come from the API).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname === '/purchases',
  new NetworkFirst({ cacheName: 'pages-shell', networkTimeoutSeconds: 6, plugins: [stamp] }),
);
