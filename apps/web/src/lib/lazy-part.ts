import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a part of a page that loads on demand (a dialog's content, the toaster): if its
 * code cannot be fetched (offline, a new deploy removed the old chunk), it renders nothing instead of
 * replacing the whole page with the route's error screen. Render it inside its own <Suspense>.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props are the loaded component's own
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const nothing = (() => null) as unknown as T;
  return lazy(() => load().catch(() => ({ default: nothing })));
}
