import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSignup } from '../../../features/accounts/auth/api';
import { SignupForm } from '../../../features/accounts/auth/components/auth-forms';
import { SignIn } from '../../../features/accounts/auth/components/sign-in';
import { RedirectIfSignedIn } from '../../../features/accounts/auth/guards';
import { useAfterLogin } from '../../../features/accounts/auth/use-after-login';
import { ApiError } from '../../../lib/api-client';
import { AuthShell } from './auth-shell';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError
    ? err.message || fallback
    : err instanceof Error
      ? err.message || 'An unexpected error occurred'
      : 'An unexpected error occurred';

/** /auth: combined Login and Sign Up tabs (docs/product/customer-spec.md §2, docs/product/merchant-admin-spec.md §2). */
export default function AuthPage() {
  const [tab, setTab] = useState('login');
  const [error, setError] = useState<string | null>(null);
  const [isSignedUp, setIsSignedUp] = useState(false);
  const signup = useSignup();
  const afterLogin = useAfterLogin();

  return (
    <RedirectIfSignedIn>
      <AuthShell title="Login or Sign Up">
        {error && (
          <Alert variant="destructive" className="mb-4">
            {error}
          </Alert>
        )}
        {/* The sign-up is done, but the account is not usable until its address is confirmed: say what comes next. */}
        {isSignedUp && !error && (
          <Alert variant="success" className="mb-4" title="Account created">
            Check your e-mail to verify your account.
          </Alert>
        )}
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <Card>
              <CardHeader>
                <CardTitle>Welcome Back</CardTitle>
                <CardDescription>Login to your account to access your deals and purchases</CardDescription>
              </CardHeader>
              <CardContent>
                <SignIn
                  onSignedIn={(user) => {
                    setError(null);
                    setIsSignedUp(false);
                    afterLogin(user);
                  }}
                  onError={(e) => {
                    setIsSignedUp(false);
                    setError(messageOf(e, 'Login failed'));
                  }}
                />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="signup">
            <Card>
              <CardHeader>
                <CardTitle>Create Account</CardTitle>
                <CardDescription>Join LocalPerks to unlock exclusive local deals</CardDescription>
              </CardHeader>
              <CardContent>
                <SignupForm
                  withTerms={false}
                  isLoading={signup.isPending}
                  onSubmit={(v) => {
                    setError(null);
                    setIsSignedUp(false);
                    signup.mutate(
                      { email: v.email, password: v.password },
                      {
                        onSuccess: () => {
                          setIsSignedUp(true);
                          setTab('login');
                        },
                        onError: (e) => setError(messageOf(e, 'Signup failed')),
                      },
                    );
                  }}
                />
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      </AuthShell>
    </RedirectIfSignedIn>
  );
}
