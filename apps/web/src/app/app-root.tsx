import { StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { MapTiles } from '@localperks/shared';
import { MapTilesProvider } from '../components/map/map-settings';
import { Spinner } from '../components/ui/spinner';
import { ServerNowProvider, SwitchToBrowserClock } from '../lib/hydration';

/**
 * What wraps the router, the same in the browser (main.tsx) and in the server render (entry-server.tsx).
 *
 * The one Suspense boundary above the pages is here, around everything: React hydrates a boundary in
 * a pass of its own, after the effects of what lies outside it have run. A boundary inside the layout
 * let the header start its session request first, and the page then hydrated with the answer while
 * the server had rendered without it (a mismatch). Pages load before they render (lazy route
 * modules, app/router.tsx), so this fallback shows only if something suspends without its own boundary.
 */
export function AppRoot({
  queryClient,
  serverNow,
  mapTiles,
  children,
}: {
  queryClient: QueryClient;
  serverNow: number | null;
  /** The map's tile service (the server's MAP_TILES_URL), or null: no map. */
  mapTiles: MapTiles | null;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ServerNowProvider now={serverNow}>
          <MapTilesProvider tiles={mapTiles}>
            <Suspense fallback={<Spinner />}>
              <HydratedMark />
              <SwitchToBrowserClock />
              {children}
            </Suspense>
          </MapTilesProvider>
        </ServerNowProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the document once the app is live (`<html data-hydrated>`): a server-rendered page shows its
 * controls before its script has run, and the journeys wait for this before using them
 * (e2e/support/browser.ts). Inside the boundary, so it is set when the page itself has hydrated.
 */
function HydratedMark() {
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return null;
}
