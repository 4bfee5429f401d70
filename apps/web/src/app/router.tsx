import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import HomePage from './routes/public/home-page';
import NotFoundPage from './routes/public/not-found-page';
import { paths } from '../config/paths';

/*
 * Every page but home is its own chunk, so the first load stays small. They are React Router's lazy
 * route modules: the router loads a page's code before showing it, which lets the browser load the
 * page the server rendered before hydrating it (main.tsx) and the server render it complete
 * (entry-server.tsx, docs/decisions/0014-react-ssr.md). Routes the server renders have an `id`.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => () => load().then((m) => ({ Component: m.default }));

/** The route table, shared by the browser's router (main.tsx) and the server render (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      { id: 'home', path: '/', element: <HomePage /> },
      { id: 'deals', path: '/deals', lazy: page(() => import('./routes/public/deals-page')) },
      { id: 'deal', path: '/deals/:id', lazy: page(() => import('./routes/public/deal-page')) },
      // The canonical deal address is /deals/:id (DESIGN.md decision 1); the server answers this one with a 301.
      { path: '/deal/:id', loader: ({ params }) => redirect(paths.deal(params.id ?? ''), 301), HydrateFallback: () => null },
      { id: 'perkboost', path: '/perkboost', lazy: page(() => import('./routes/public/perkboost-page')) },
      { path: '/favorites', lazy: page(() => import('./routes/customer/favorites-page')) },
      { path: '/cart', lazy: page(() => import('./routes/customer/cart-page')) },
      { path: '/auth', lazy: page(() => import('./routes/auth/auth-page')) },
      { path: '/login', lazy: page(() => import('./routes/auth/login-page')) },
      { path: '/merchant/login', lazy: () => import('./routes/auth/login-page').then((m) => ({ Component: m.MerchantLoginPage })) },
      { path: '/register', lazy: page(() => import('./routes/auth/register-page')) },
      { path: '/verify-email', lazy: page(() => import('./routes/auth/verify-email-page')) },
      { path: '/forgot-password', lazy: page(() => import('./routes/auth/forgot-password-page')) },
      { path: '/reset-password', lazy: page(() => import('./routes/auth/reset-password-page')) },
      { path: '/auth/callback', lazy: page(() => import('./routes/auth/auth-callback-page')) },
      { path: '/profile', lazy: page(() => import('./routes/customer/profile-page')) },
      { path: '/purchases', lazy: page(() => import('./routes/customer/purchases-page')) },
      { path: '/merchant/redeem', lazy: page(() => import('./routes/merchant/redeem-page')) },
      { path: '/merchant/register', lazy: page(() => import('./routes/merchant/register-page')) },
      { path: '/merchant/dashboard', lazy: page(() => import('./routes/merchant/dashboard-page')) },
      { path: '/merchant/pre-launch', lazy: page(() => import('./routes/merchant/pre-launch-page')) },
      { path: '/merchant/deals/new', lazy: page(() => import('./routes/merchant/deal-new-page')) },
      { path: '/merchant/deals/:id/edit', lazy: page(() => import('./routes/merchant/deal-edit-page')) },
      { id: 'about', path: '/about', lazy: page(() => import('./routes/public/static/about')) },
      { id: 'contact', path: '/contact', lazy: page(() => import('./routes/public/contact-page')) },
      { id: 'privacy', path: '/privacy', lazy: page(() => import('./routes/public/static/privacy')) },
      { path: '/privacy-policy', loader: () => redirect(paths.privacy, 301), HydrateFallback: () => null },
      { id: 'terms', path: '/terms', lazy: page(() => import('./routes/public/static/terms')) },
      { id: 'company-terms', path: '/company/terms', lazy: page(() => import('./routes/public/static/terms')) },
      { id: 'merchant-terms', path: '/company/merchant-terms', lazy: page(() => import('./routes/public/static/merchant-terms')) },
      {
        id: 'merchant-refund-policy',
        path: '/company/merchant-refund-policy',
        lazy: page(() => import('./routes/public/static/merchant-refund-policy')),
      },
      { id: 'perkboost-info', path: '/perkboost-info', lazy: page(() => import('./routes/public/static/perkboost-info')) },
      { id: 'merchant-faq', path: '/merchant/faq', lazy: page(() => import('./routes/public/static/merchant-faq')) },
      { id: 'merchant-pricing', path: '/merchant/pricing', lazy: page(() => import('./routes/public/static/merchant-pricing')) },
      {
        id: 'merchant-success-stories',
        path: '/merchant/success-stories',
        lazy: page(() => import('./routes/public/static/merchant-success-stories')),
      },
      { path: '/dev/mailbox', lazy: page(() => import('./routes/public/dev-mailbox-page')) },
      { path: '/admin-login', lazy: page(() => import('./routes/admin/admin-login-page')) },
      { path: '/admin/dashboard', lazy: page(() => import('./routes/admin/dashboard-page')) },
      { id: 'not-found', path: '*', element: <NotFoundPage /> },
    ],
  },
  // The sandbox provider's hosted card page stands apart from the shop, as a provider's page would.
  { path: '/sandbox/checkout/:sessionId', lazy: page(() => import('./routes/public/sandbox-checkout-page')) },
];
