import { Outlet, ScrollRestoration } from 'react-router';
import { useFavoritesSync } from '../../features/favorites/use-favorites';
import { FeedbackButton } from '../../features/support/feedback-button';
import { Toaster } from '../../components/ui/toaster';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  useFavoritesSync();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* No Suspense boundary of its own: see app/app-root.tsx. */}
        <Outlet />
      </main>
      <Footer />
      <FeedbackButton />
      <Toaster position="top-right" richColors closeButton visibleToasts={5} />
      <ScrollRestoration />
    </div>
  );
}
