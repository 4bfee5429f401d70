import { Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { lazyPart } from '../../lib/lazy-part';
import { loadSonner, sonnerRequest } from '../../lib/toast';

const LazySonnerToaster = lazyPart(() => loadSonner().then((m) => ({ default: m.Toaster })));

/**
 * Sonner's <Toaster />, mounted once the first toast is asked for (see lib/toast.ts). The visitor's
 * first pointer move, press or key already fetches sonner, so a toast that follows a click shows
 * without waiting for it.
 */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const isRequested = useSyncExternalStore(sonnerRequest.subscribe, sonnerRequest.get, () => false);

  useEffect(() => {
    if (isRequested) return;
    const warmUp = () => void loadSonner().catch(() => undefined);
    const opts = { capture: true, once: true, passive: true } as const;
    const events = ['pointermove', 'pointerdown', 'keydown'] as const;
    events.forEach((e) => window.addEventListener(e, warmUp, opts));
    return () => events.forEach((e) => window.removeEventListener(e, warmUp, opts));
  }, [isRequested]);

  if (!isRequested) return null;
  return (
    // Its own boundary: loading the toaster never blanks the page.
    <Suspense fallback={null}>
      <LazySonnerToaster {...props} />
    </Suspense>
  );
}
