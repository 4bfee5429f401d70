import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { SERVER_RENDER_TIME_ZONE } from '@localperks/shared';

/*
 * A server-rendered page must hydrate to exactly the HTML the server sent (docs/decisions/0014-react-ssr.md).
 * Text that depends on the clock or on the reader's time zone is therefore rendered from the server's
 * values during the server render and hydration, and from the browser's own right after.
 */

const noSubscription = () => () => {};

/** False on the server and while hydrating; true once hydrated, and for anything rendered later. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const ServerNowContext = createContext<number | null>(null);

/** Provides the time the server rendered the page at (in the server render and the hydration). */
export function ServerNowProvider({ now, children }: { now: number | null; children: ReactNode }) {
  return <ServerNowContext.Provider value={now}>{children}</ServerNowContext.Provider>;
}

/** The time to render with: the server's render time until hydrated, then the browser's clock. */
export function useRenderTime(): number {
  const isHydrated = useHydrated();
  const serverNow = useContext(ServerNowContext);
  return isHydrated || serverNow === null ? Date.now() : serverNow;
}

/** The time zone to format dates in: the server render's (see SERVER_RENDER_TIME_ZONE) until hydrated, then the reader's (undefined). */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : SERVER_RENDER_TIME_ZONE;
}
