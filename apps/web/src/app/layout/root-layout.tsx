import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { useFavoritesSync } from '../../features/engagement/favorites/use-favorites';
import { Toaster } from '../../components/ui/toaster';
import { Footer } from './footer';
import { Header } from './header';
import { RouteAnnouncer } from './route-announcer';
import { useOfflineVouchers } from '../../lib/offline';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../lib/session';

/** Where toasts start: below the header (one 44 px row of controls, 8 px padding above and below, a 1 px border) and a gap. */
export const TOAST_TOP_PX = 72;

/** The skip link focuses <main> itself (not only scrolls to it), so the next Tab is the page's first control. */
export const skipToMain = (e: React.MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  main.focus();
};

/**
 * Where a page was scrolled to is kept per history entry, so Back returns to the same place. React Router
 * names the entry a document opens on "default" on every load, so by its key alone an address typed in or
 * opened from a link elsewhere would open scrolled to wherever the last page loaded that way was left. That
 * entry is kept by its address instead: a reload keeps its place, a new address opens at the top.
 */
export const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

export function RootLayout() {
  useFavoritesSync();
  const session = useQuery(sessionQuery);
  useOfflineVouchers(session.isSuccess, session.data);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* No Suspense boundary of its own: see app/app-root.tsx. */}
        <Outlet />
      </main>
      <Footer />
      <RouteAnnouncer />
      {/*
        Toasts sit just below the sticky header (61 px high), never over its cart, avatar or menu button;
        full width on phones (sonner's own layout under 600 px), top right on wider screens.
      */}
      <ShellToasts />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/** The toasts of the shop and of the console, below their top bars (61 px high). */
export function ShellToasts() {
  return (
    <Toaster
      position="top-right"
      offset={{ top: TOAST_TOP_PX, right: 16 }}
      mobileOffset={{ top: TOAST_TOP_PX, left: 8, right: 8 }}
      richColors
      closeButton
      visibleToasts={5}
    />
  );
}
