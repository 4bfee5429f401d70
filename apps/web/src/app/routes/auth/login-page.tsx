import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CUSTOMER_SUCCESS_BANNER_MS, type SessionUser } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useSignup } from '../../../features/accounts/auth/api';
import { SignupForm } from '../../../features/accounts/auth/components/auth-forms';
import { SignIn } from '../../../features/accounts/auth/components/sign-in';
import { RedirectIfSignedIn } from '../../../features/accounts/auth/guards';
import { useAfterLogin } from '../../../features/accounts/auth/use-after-login';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell } from './auth-shell';

type Mode = 'login' | 'signup';

function ModeToggle({ mode, setMode }: { mode: Mode; setMode: (m: Mode) => void }) {
  return (
    <p className="mt-4 text-center text-sm text-slate-700">
      {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
      <button
        type="button"
        className="min-h-11 font-medium text-brand-800 underline"
        onClick={() => setMode(mode === 'login' ? 'signup' : 'login')}
      >
        {mode === 'login' ? 'Sign up' : 'Login'}
      </button>
    </p>
  );
}

/** /login and /merchant/login: Customer and Merchant tabs, each with login and signup modes. */
export default function LoginPage({ defaultRole }: { defaultRole?: 'customer' | 'merchant' }) {
  const [params] = useSearchParams();
  const [role, setRole] = useState<string>(defaultRole ?? (params.get('role') === 'merchant' ? 'merchant' : 'customer'));
  const [mode, setMode] = useState<Mode>('login');
  const [banner, setBanner] = useState(false);
  const signup = useSignup();
  const afterLogin = useAfterLogin();

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => {
      setBanner(false);
      setMode('login');
    }, CUSTOMER_SUCCESS_BANNER_MS);
    return () => clearTimeout(t);
  }, [banner]);

  // A banned, deactivated or removed account is told why; the reason stays on the page, not only in a toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSignedIn = (user: SessionUser) => {
    setRefusal(null);
    // An admin is not signed in yet: the access code step follows on /admin-login, which says so.
    if (user.role !== 'admin') toast.success('Login successful!', { description: 'Welcome back to LocalPerks!' });
    afterLogin(user);
  };
  const onLoginError = (e: unknown) => {
    const refused = e instanceof ApiError && e.code === 'FORBIDDEN' ? e.message : null;
    setRefusal(refused);
    if (!refused) toast.error('Login Failed', { description: errorMessage(e, 'Please check your credentials and try again.') });
  };

  return (
    <RedirectIfSignedIn>
      <AuthShell title={role === 'merchant' ? 'Merchant Login' : 'Login'}>
        {refusal && (
          <Alert variant="destructive" className="mb-4" title="You cannot sign in">
            {refusal}
          </Alert>
        )}
        <Tabs value={role} onValueChange={setRole}>
          <TabsList>
            <TabsTrigger value="customer">Customer</TabsTrigger>
            <TabsTrigger value="merchant">Merchant</TabsTrigger>
          </TabsList>
          <TabsContent value="customer">
            <Card>
              <CardHeader>
                <CardTitle>{mode === 'login' ? 'Customer Login' : 'Create Customer Account'}</CardTitle>
                <CardDescription>
                  {mode === 'login'
                    ? 'Login to save favourites, vote on PerkBoost deals and see your purchases.'
                    : 'Sign up to buy deals and vote for PerkBoost deals.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {banner && (
                  <Alert variant="success" className="mb-4" title="Account created successfully!">
                    Please check your email to verify your account.
                  </Alert>
                )}
                {mode === 'login' ? (
                  <SignIn idPrefix="customer-login" onSignedIn={onSignedIn} onError={onLoginError} />
                ) : (
                  <SignupForm
                    withTerms
                    isLoading={signup.isPending}
                    onSubmit={(v) =>
                      signup.mutate(
                        { email: v.email, password: v.password },
                        {
                          onSuccess: () => {
                            toast.success('Account created successfully!', {
                              description: 'Please check your email to verify your account.',
                            });
                            setBanner(true);
                          },
                          onError: (e) =>
                            toast.error('Signup Failed', { description: errorMessage(e, 'Please check your information and try again.') }),
                        },
                      )
                    }
                  />
                )}
                <ModeToggle mode={mode} setMode={setMode} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="merchant">
            <Card>
              <CardHeader>
                <CardTitle>{mode === 'login' ? 'Merchant Login' : 'Become a Merchant'}</CardTitle>
                <CardDescription>
                  {mode === 'login'
                    ? 'Login to manage your business, deals and messages.'
                    : 'List your business on LocalPerks and reach local customers.'}
                </CardDescription>
              </CardHeader>
              <CardContent>
                {mode === 'login' ? (
                  <SignIn idPrefix="merchant-login" onSignedIn={onSignedIn} onError={onLoginError} />
                ) : (
                  <div className="space-y-3 text-center">
                    <p className="text-sm text-slate-700">
                      Merchant accounts are created through our registration form so that we can review your business.
                    </p>
                    <Link to={paths.merchantRegister} className={buttonClass('primary', 'md', 'w-full')}>
                      Register Your Business
                    </Link>
                  </div>
                )}
                <ModeToggle mode={mode} setMode={setMode} />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
        <p className="mt-6 text-center">
          <Link to={paths.adminLogin} className="inline-flex min-h-11 items-center text-xs text-slate-600 underline">
            Internal Access
          </Link>
        </p>
      </AuthShell>
    </RedirectIfSignedIn>
  );
}

/** /merchant/login: merchants go straight to their dashboard, others see the Merchant tab. */
export function MerchantLoginPage() {
  return <LoginPage defaultRole="merchant" />;
}
