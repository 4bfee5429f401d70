import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// The DOM build of the provider: navigations may ask for `flushSync` (lib/use-logout-action.ts).
import { RouterProvider } from 'react-router/dom';
import { AppRoot } from './app/app-root';
import { routes } from './app/router';
import { createQueryClient } from './lib/query-client';
import { readSsrState } from './lib/ssr-state';
import { readMapTiles } from './components/map/map-settings';
import './index.css';

const queryClient = createQueryClient();
// A page the server rendered comes with the queries it was rendered from (entry-server.tsx).
const ssr = readSsrState();
if (ssr) hydrate(queryClient, ssr.queries);

/**
 * The routes without their page-data loaders: a public page's loader fills its queries for the server render only
 * (app/page-data.ts) and reads nothing here, but a route with a loader makes every navigation to it wait for
 * it, and a logout's navigation home (lib/use-logout-action.ts) then came after the session's end: the page
 * left behind sent the visitor to sign in. Lazy routes lose the loader their module exports as well. The old
 * addresses' redirects (/deal/:id, where the spec's standard cards link, and /privacy-policy) are loaders of
 * routes without a page id, and stay: without them a card's link showed an empty page.
 */
function browserRoutes(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { loader, lazy, children, ...rest } = route;
    const load = typeof lazy === 'function' ? lazy : null;
    return {
      ...rest,
      ...(loader && !route.id ? { loader } : {}),
      ...(load
        ? {
            lazy: async () => {
              const { loader: _alsoServerOnly, ...loaded } = (await load()) as Record<string, unknown>;
              return loaded;
            },
          }
        : {}),
      ...(children ? { children: browserRoutes(children) } : {}),
    } as RouteObject;
  });
}
const browser = browserRoutes(routes);

// The page's code first, so the router starts on it and hydration finds the server's HTML whole.
const matches = matchRoutes(browser, window.location) ?? [];
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    // If it cannot load now (offline), the router tries again and shows its error screen.
    const loaded = await route.lazy().catch(() => null);
    if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
  }),
);

const router = createBrowserRouter(browser);
const app = (
  <AppRoot queryClient={queryClient} serverNow={ssr?.now ?? null} mapTiles={readMapTiles()}>
    <RouterProvider router={router} />
  </AppRoot>
);
const container = document.getElementById('root')!;
// The development server (and the signed-in areas) send an empty shell: the browser renders those.
// Hydration runs as a transition: React works in slices of a few milliseconds and lets the browser
// paint and answer input between them, instead of one long task (docs/decisions/0028-first-load-and-hydration.md).
if (ssr) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
