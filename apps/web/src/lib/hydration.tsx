import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** Switches the page to the browser's clock and zone (see ServerNowProvider and SwitchToBrowserClock). */
const SwitchContext = createContext<() => void>(() => {});

/**
 * Provides the time the server rendered the page at (in the server render and the hydration), and
 * switches to the browser's values once the page has hydrated: `SwitchToBrowserClock`, inside the
 * Suspense boundary that holds the pages, asks for the switch when that boundary has hydrated. An effect
 * here, outside the boundary, ran before it: React hydrates a boundary in a pass of its own, after the
 * effects outside it. The page then hydrated with the browser's zone while the server had rendered
 * with its own, and whenever the two dates differed ("Expires Dec 24" against "Dec 25" from 00:00 to
 * 08:00 UTC for a reader in UTC) React threw the server's HTML away (error 418).
 * The switch is a transition: the components that show a time (every deal card) re-render in short,
 * interruptible slices after hydration, not in one long task (docs/decisions/0028-first-load-and-hydration.md).
 * A `useSyncExternalStore` with a server snapshot did the same switch as a synchronous re-render.
 */
export function ServerNowProvider({ now, children }: { now: number | null; children: ReactNode }) {
  const [isHydrated, setIsHydrated] = useState(now === null);
  const switchToBrowser = useCallback(() => startTransition(() => setIsHydrated(true)), []);
  const value = useMemo(() => ({ serverNow: now, isHydrated }), [now, isHydrated]);
  return (
    <SwitchContext.Provider value={switchToBrowser}>
      <RenderClockContext.Provider value={value}>{children}</RenderClockContext.Provider>
    </SwitchContext.Provider>
  );
}

/** Goes inside the Suspense boundary that holds the pages (app/app-root.tsx): switches once that boundary has hydrated. */
export function SwitchToBrowserClock() {
  const switchToBrowser = useContext(SwitchContext);
  useEffect(switchToBrowser, [switchToBrowser]);
  return null;
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
