import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { PUBLIC_PAGES } from '@localperks/shared';
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

// The page's code first, so the router starts on it and hydration finds the server's HTML whole.
const matches = matchRoutes(routes, window.location) ?? [];
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    // If it cannot load now (offline), the router tries again and shows its error screen.
    const loaded = await route.lazy().catch(() => null);
    if (loaded) Object.assign(route, { ...loaded, lazy: undefined });
  }),
);

// A public page's loader fills its queries on the server only (app/page-data.ts): the router starts on the
// page as loaded, without running it (which would render nothing first, and not what the server sent).
const publicPages = matches.flatMap(({ route }) => (route.id && Object.hasOwn(PUBLIC_PAGES, route.id) ? [route.id] : []));
const router = createBrowserRouter(routes, { hydrationData: { loaderData: Object.fromEntries(publicPages.map((id) => [id, null])) } });
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
