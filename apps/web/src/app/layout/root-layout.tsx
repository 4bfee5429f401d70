import { Outlet, ScrollRestoration } from 'react-router';
import { useFavoritesSync } from '../../features/favorites/use-favorites';
import { Toaster } from '../../components/ui/toaster';
import { Footer } from './footer';
import { Header } from './header';
import { RouteAnnouncer } from './route-announcer';

/** The skip link focuses <main> itself (not only scrolls to it), so the next Tab is the page's first control. */
const skipToMain = (e: React.MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById('main');
  if (!main) return;
  e.preventDefault();
  main.focus();
};

export function RootLayout() {
  useFavoritesSync();
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
      <Toaster position="top-right" richColors closeButton visibleToasts={5} />
      <ScrollRestoration />
    </div>
  );
}
