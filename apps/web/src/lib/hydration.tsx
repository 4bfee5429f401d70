import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SERVER_RENDER_TIME_ZONE } from '@localperks/shared';

/*
 * A server-rendered page must hydrate to exactly the HTML the server sent (docs/decisions/0014-react-ssr.md).
 * Text that depends on the clock or on the reader's time zone is therefore rendered from the server's
 * values during the server render and hydration, and from the browser's own right after.
 */

interface RenderClock {
  /** The time the server rendered the page at; null when the browser renders it alone. */
  serverNow: number | null;
  isHydrated: boolean;
}

// Outside the provider: hydrated in a browser, not on a server.
const RenderClockContext = createContext<RenderClock>({ serverNow: null, isHydrated: typeof document !== 'undefined' });

/** False on the server and while hydrating; true once hydrated, and for anything rendered later. */
export function useHydrated(): boolean {
  return useContext(RenderClockContext).isHydrated;
}

/**
 * Provides the time the server rendered the page at (in the server render and the hydration), and
 * switches to the browser's values once the page has hydrated. The switch is a transition: the
 * components that show a time (every deal card) re-render in short, interruptible slices after
 * hydration, not in one long task (docs/decisions/0028-first-load-and-hydration.md). A
 * `useSyncExternalStore` with a server snapshot did the same switch as a synchronous re-render.
 */
export function ServerNowProvider({ now, children }: { now: number | null; children: ReactNode }) {
  const [isHydrated, setIsHydrated] = useState(now === null);
  useEffect(() => {
    if (!isHydrated) startTransition(() => setIsHydrated(true));
  }, [isHydrated]);
  const value = useMemo(() => ({ serverNow: now, isHydrated }), [now, isHydrated]);
  return <RenderClockContext.Provider value={value}>{children}</RenderClockContext.Provider>;
}

/** The time to render with: the server's render time until hydrated, then the browser's clock. */
export function useRenderTime(): number {
  const { isHydrated, serverNow } = useContext(RenderClockContext);
  return isHydrated || serverNow === null ? Date.now() : serverNow;
}

/** The time zone to format dates in: the server render's (see SERVER_RENDER_TIME_ZONE) until hydrated, then the reader's (undefined). */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : SERVER_RENDER_TIME_ZONE;
}
