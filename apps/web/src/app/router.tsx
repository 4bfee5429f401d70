import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { RootLayout } from './layout/root-layout';
import HomePage from './routes/public/home-page';
import NotFoundPage from './routes/public/not-found-page';
import { Spinner } from '../components/ui/spinner';

// Every page but home is its own chunk, so the first load stays small.
const DealsPage = lazy(() => import('./routes/public/deals-page'));
const DealPage = lazy(() => import('./routes/public/deal-page'));
const PerkBoostPage = lazy(() => import('./routes/public/perkboost-page'));
const FavoritesPage = lazy(() => import('./routes/customer/favorites-page'));
const CartPage = lazy(() => import('./routes/customer/cart-page'));
const AuthPage = lazy(() => import('./routes/auth/auth-page'));
const LoginPage = lazy(() => import('./routes/auth/login-page'));
const MerchantLoginPage = lazy(() => import('./routes/auth/login-page').then((m) => ({ default: m.MerchantLoginPage })));
const RegisterPage = lazy(() => import('./routes/auth/register-page'));
const VerifyEmailPage = lazy(() => import('./routes/auth/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password-page'));
const AuthCallbackPage = lazy(() => import('./routes/auth/auth-callback-page'));
const ProfilePage = lazy(() => import('./routes/customer/profile-page'));
const PurchasesPage = lazy(() => import('./routes/customer/purchases-page'));
const MerchantRedeemPage = lazy(() => import('./routes/merchant/redeem-page'));
const MerchantRegisterPage = lazy(() => import('./routes/merchant/register-page'));
const MerchantDashboardPage = lazy(() => import('./routes/merchant/dashboard-page'));
const MerchantPreLaunchPage = lazy(() => import('./routes/merchant/pre-launch-page'));
const MerchantDealNewPage = lazy(() => import('./routes/merchant/deal-new-page'));
const MerchantDealEditPage = lazy(() => import('./routes/merchant/deal-edit-page'));
const SandboxCheckoutPage = lazy(() => import('./routes/public/sandbox-checkout-page'));
const ContactPage = lazy(() => import('./routes/public/contact-page'));
const DevMailboxPage = lazy(() => import('./routes/public/dev-mailbox-page'));
const AboutPage = lazy(() => import('./routes/public/static/about'));
const PrivacyPage = lazy(() => import('./routes/public/static/privacy'));
const TermsPage = lazy(() => import('./routes/public/static/terms'));
const MerchantTermsPage = lazy(() => import('./routes/public/static/merchant-terms'));
const MerchantRefundPolicyPage = lazy(() => import('./routes/public/static/merchant-refund-policy'));
const PerkBoostInfoPage = lazy(() => import('./routes/public/static/perkboost-info'));
const MerchantFaqPage = lazy(() => import('./routes/public/static/merchant-faq'));
const MerchantPricingPage = lazy(() => import('./routes/public/static/merchant-pricing'));
const MerchantSuccessStoriesPage = lazy(() => import('./routes/public/static/merchant-success-stories'));
const AdminLoginPage = lazy(() => import('./routes/admin/admin-login-page'));
const AdminDashboardPage = lazy(() => import('./routes/admin/dashboard-page'));

function DealRedirect() {
  const { id } = useParams();
  return <Navigate to={`/deals/${id}`} replace />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/deals', element: <DealsPage /> },
      { path: '/deals/:id', element: <DealPage /> },
      { path: '/deal/:id', element: <DealRedirect /> },
      { path: '/perkboost', element: <PerkBoostPage /> },
      { path: '/favorites', element: <FavoritesPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/merchant/login', element: <MerchantLoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/purchases', element: <PurchasesPage /> },
      { path: '/merchant/redeem', element: <MerchantRedeemPage /> },
      { path: '/merchant/register', element: <MerchantRegisterPage /> },
      { path: '/merchant/dashboard', element: <MerchantDashboardPage /> },
      { path: '/merchant/pre-launch', element: <MerchantPreLaunchPage /> },
      { path: '/merchant/deals/new', element: <MerchantDealNewPage /> },
      { path: '/merchant/deals/:id/edit', element: <MerchantDealEditPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/privacy-policy', element: <Navigate to="/privacy" replace /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/company/terms', element: <TermsPage /> },
      { path: '/company/merchant-terms', element: <MerchantTermsPage /> },
      { path: '/company/merchant-refund-policy', element: <MerchantRefundPolicyPage /> },
      { path: '/perkboost-info', element: <PerkBoostInfoPage /> },
      { path: '/merchant/faq', element: <MerchantFaqPage /> },
      { path: '/merchant/pricing', element: <MerchantPricingPage /> },
      { path: '/merchant/success-stories', element: <MerchantSuccessStoriesPage /> },
      { path: '/dev/mailbox', element: <DevMailboxPage /> },
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/admin/dashboard', element: <AdminDashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The sandbox provider's hosted card page stands apart from the shop, as a provider's page would.
  {
    path: '/sandbox/checkout/:sessionId',
    element: (
      <Suspense fallback={<Spinner />}>
        <SandboxCheckoutPage />
      </Suspense>
    ),
  },
]);
