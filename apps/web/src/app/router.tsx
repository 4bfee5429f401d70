import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { RootLayout } from './layout/root-layout';
import HomePage from './routes/public/home-page';
import NotFoundPage from './routes/public/not-found-page';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';

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
  return <Navigate to={paths.deal(id ?? '')} replace />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.deals, element: <DealsPage /> },
      { path: paths.deal(':id'), element: <DealPage /> },
      { path: paths.dealLegacy(':id'), element: <DealRedirect /> },
      { path: paths.perkboost, element: <PerkBoostPage /> },
      { path: paths.favorites, element: <FavoritesPage /> },
      { path: paths.cart, element: <CartPage /> },
      { path: paths.auth, element: <AuthPage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.merchantLogin, element: <MerchantLoginPage /> },
      { path: paths.register, element: <RegisterPage /> },
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.authCallback, element: <AuthCallbackPage /> },
      { path: paths.profile, element: <ProfilePage /> },
      { path: paths.purchases, element: <PurchasesPage /> },
      { path: paths.merchantRedeem, element: <MerchantRedeemPage /> },
      { path: paths.merchantRegister, element: <MerchantRegisterPage /> },
      { path: paths.merchantDashboard, element: <MerchantDashboardPage /> },
      { path: paths.merchantPreLaunch, element: <MerchantPreLaunchPage /> },
      { path: paths.merchantDealNew, element: <MerchantDealNewPage /> },
      { path: paths.merchantDealEdit(':id'), element: <MerchantDealEditPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.privacyPolicy, element: <Navigate to={paths.privacy} replace /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.companyTerms, element: <TermsPage /> },
      { path: paths.merchantTerms, element: <MerchantTermsPage /> },
      { path: paths.merchantRefundPolicy, element: <MerchantRefundPolicyPage /> },
      { path: paths.perkboostInfo, element: <PerkBoostInfoPage /> },
      { path: paths.merchantFaq, element: <MerchantFaqPage /> },
      { path: paths.merchantPricing, element: <MerchantPricingPage /> },
      { path: paths.merchantSuccessStories, element: <MerchantSuccessStoriesPage /> },
      { path: paths.devMailbox, element: <DevMailboxPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      { path: paths.adminDashboard, element: <AdminDashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The sandbox provider's hosted card page stands apart from the shop, as a provider's page would.
  {
    path: paths.sandboxCheckout(':sessionId'),
    element: (
      <Suspense fallback={<Spinner />}>
        <SandboxCheckoutPage />
      </Suspense>
    ),
  },
]);
