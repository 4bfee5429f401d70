import type { ComponentType } from 'react';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import HomePage, { loader as homeLoader } from './routes/public/home-page';
import NotFoundPage, { loader as notFoundLoader } from './routes/public/not-found-page';
import { PUBLIC_PAGES } from '@localperks/shared';
import { paths } from '../config/paths';
import { ADMIN_SECTIONS, MERCHANT_SECTIONS } from './layout/console-sections';

/*
 * Every page but home is its own chunk, so the first load stays small. They are React Router's lazy
 * route modules: the router loads a page's code before showing it, which lets the browser load the
 * page the server rendered before hydrating it (main.tsx) and the server render it complete
 * (entry-server.tsx, docs/decisions/0014-react-ssr.md). Routes the server renders have an `id`: their
 * public page's, whose path, title and meta are declared once in PUBLIC_PAGES (packages/shared); a page
 * with data declares it once, in its module's `loader` (app/page-data.ts).
 */
const page = (load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) => () =>
  load().then((m) => ({ Component: m.default, ...(m.loader && { loader: m.loader }) }));

/** The route table, shared by the browser's router (main.tsx) and the server render (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      { id: 'home', path: PUBLIC_PAGES.home.path, loader: homeLoader, element: <HomePage /> },
      { id: 'deals', path: PUBLIC_PAGES.deals.path, lazy: page(() => import('./routes/public/deals-page')) },
      { id: 'deal', path: PUBLIC_PAGES.deal.path, lazy: page(() => import('./routes/public/deal-page')) },
      // The canonical deal address is /deals/:id (docs/product/design.md §1); the server answers this one with a 301.
      { path: paths.dealLegacy(':id'), loader: ({ params }) => redirect(paths.deal(params.id ?? ''), 301), HydrateFallback: () => null },
      { id: 'business', path: PUBLIC_PAGES.business.path, lazy: page(() => import('./routes/public/business-page')) },
      { id: 'perkboost', path: PUBLIC_PAGES.perkboost.path, lazy: page(() => import('./routes/public/perkboost-page')) },
      { id: 'businesses', path: PUBLIC_PAGES.businesses.path, lazy: page(() => import('./routes/public/business-directory-page')) },
      { path: paths.favorites, lazy: page(() => import('./routes/customer/favorites-page')) },
      { path: paths.cart, lazy: page(() => import('./routes/customer/cart-page')) },
      { path: paths.auth, lazy: page(() => import('./routes/auth/auth-page')) },
      { path: paths.login, lazy: page(() => import('./routes/auth/login-page')) },
      { path: paths.merchantLogin, lazy: () => import('./routes/auth/login-page').then((m) => ({ Component: m.MerchantLoginPage })) },
      { path: paths.register, lazy: page(() => import('./routes/auth/register-page')) },
      { path: paths.verifyEmail, lazy: page(() => import('./routes/auth/verify-email-page')) },
      { path: paths.forgotPassword, lazy: page(() => import('./routes/auth/forgot-password-page')) },
      { path: paths.resetPassword, lazy: page(() => import('./routes/auth/reset-password-page')) },
      { path: paths.authCallback, lazy: page(() => import('./routes/auth/auth-callback-page')) },
      {
        path: paths.confirmEmailChange,
        lazy: () => import('./routes/auth/email-change-page').then((m) => ({ Component: m.ConfirmEmailChangePage })),
      },
      {
        path: paths.undoEmailChange,
        lazy: () => import('./routes/auth/email-change-page').then((m) => ({ Component: m.UndoEmailChangePage })),
      },
      { path: paths.profile, lazy: page(() => import('./routes/customer/profile-page')) },
      { path: paths.purchases, lazy: page(() => import('./routes/customer/purchases-page')) },
      { path: paths.reviewPurchase(':id'), lazy: page(() => import('./routes/customer/review-page')) },
      { path: paths.staffInviteAccept, lazy: page(() => import('./routes/merchant/staff-accept-page')) },
      { path: paths.merchantRegister, lazy: page(() => import('./routes/merchant/register-page')) },
      { id: 'about', path: PUBLIC_PAGES.about.path, lazy: page(() => import('./routes/public/static/about')) },
      { id: 'contact', path: PUBLIC_PAGES.contact.path, lazy: page(() => import('./routes/public/contact-page')) },
      { id: 'privacy', path: PUBLIC_PAGES.privacy.path, lazy: page(() => import('./routes/public/static/privacy')) },
      { path: paths.privacyPolicy, loader: () => redirect(paths.privacy, 301), HydrateFallback: () => null },
      { id: 'terms', path: PUBLIC_PAGES.terms.path, lazy: page(() => import('./routes/public/static/terms')) },
      { id: 'company-terms', path: PUBLIC_PAGES['company-terms'].path, lazy: page(() => import('./routes/public/static/terms')) },
      {
        id: 'merchant-terms',
        path: PUBLIC_PAGES['merchant-terms'].path,
        lazy: page(() => import('./routes/public/static/merchant-terms')),
      },
      {
        id: 'merchant-refund-policy',
        path: PUBLIC_PAGES['merchant-refund-policy'].path,
        lazy: page(() => import('./routes/public/static/merchant-refund-policy')),
      },
      {
        id: 'perkboost-info',
        path: PUBLIC_PAGES['perkboost-info'].path,
        lazy: page(() => import('./routes/public/static/perkboost-info')),
      },
      { id: 'merchant-faq', path: PUBLIC_PAGES['merchant-faq'].path, lazy: page(() => import('./routes/public/static/merchant-faq')) },
      {
        id: 'merchant-pricing',
        path: PUBLIC_PAGES['merchant-pricing'].path,
        lazy: page(() => import('./routes/public/static/merchant-pricing')),
      },
      {
        id: 'merchant-success-stories',
        path: PUBLIC_PAGES['merchant-success-stories'].path,
        lazy: page(() => import('./routes/public/static/merchant-success-stories')),
      },
      { path: paths.devMailbox, lazy: page(() => import('./routes/public/dev-mailbox-page')) },
      { path: paths.unsubscribePage, lazy: page(() => import('./routes/public/unsubscribe-page')) },
      { path: paths.giftClaim, lazy: page(() => import('./routes/customer/gift-claim-page')) },
      { path: paths.adminLogin, lazy: page(() => import('./routes/admin/admin-login-page')) },
      { id: 'not-found', path: PUBLIC_PAGES['not-found'].path, loader: notFoundLoader, element: <NotFoundPage /> },
    ],
  },
  // The back office: its own layout, one address per section (app/layout/console-sections.ts, docs/decisions/0068-console.md).
  {
    lazy: () => import('./layout/console-layout').then((m) => ({ Component: m.AdminConsoleLayout })),
    children: [
      { path: paths.adminDashboard, lazy: page(() => import('./routes/admin/dashboard-page')) },
      // The record pages (docs/decisions/0072-record-pages-and-search.md).
      { path: paths.adminCustomer(':id'), lazy: page(() => import('./routes/admin/customer-record-page')) },
      { path: paths.adminMerchant(':id'), lazy: page(() => import('./routes/admin/merchant-record-page')) },
      { path: paths.adminOrder(':id'), lazy: page(() => import('./routes/admin/order-record-page')) },
      ...ADMIN_SECTIONS.filter((s) => s.path !== paths.adminDashboard).map((s) => ({
        path: s.path,
        lazy: () => import('./routes/admin/dashboard-page').then((m) => ({ element: <m.AdminSectionPage id={s.id} /> })),
      })),
    ],
  },
  {
    lazy: () => import('./layout/console-layout').then((m) => ({ Component: m.MerchantConsoleLayout })),
    children: [
      { path: paths.merchantDashboard, lazy: page(() => import('./routes/merchant/dashboard-page')) },
      { path: paths.merchantRedeem, lazy: page(() => import('./routes/merchant/redeem-page')) },
      { path: paths.merchantPreLaunch, lazy: page(() => import('./routes/merchant/pre-launch-page')) },
      ...MERCHANT_SECTIONS.filter(
        (s) => !([paths.merchantDashboard, paths.merchantRedeem, paths.merchantPreLaunch] as string[]).includes(s.path),
      ).map((s) => ({
        path: s.path,
        lazy: () => import('./routes/merchant/dashboard-page').then((m) => ({ element: <m.MerchantSectionPage id={s.id} /> })),
      })),
      { path: paths.merchantDealNew, lazy: page(() => import('./routes/merchant/deal-new-page')) },
      { path: paths.merchantDealEdit(':id'), lazy: page(() => import('./routes/merchant/deal-edit-page')) },
      { path: paths.merchantReceipt(':id'), lazy: page(() => import('./routes/merchant/receipt-page')) },
      { path: paths.merchantPayoutStatement(':id'), lazy: page(() => import('./routes/merchant/statement-page')) },
    ],
  },
  // The sandbox provider's hosted card page stands apart from the shop, as a provider's page would.
  { path: paths.sandboxCheckout(':sessionId'), lazy: page(() => import('./routes/public/sandbox-checkout-page')) },
  // And its payout-account pages (hosted onboarding, the account's dashboard), as Stripe Connect's are Stripe's.
  { path: paths.sandboxConnect(':linkId'), lazy: page(() => import('./routes/public/sandbox-connect-page')) },
];
