import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { REDIRECT_AFTER_VERIFY_MS } from '@localperks/shared';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useVerifyEmail } from '../../../features/accounts/auth/api';
import { ApiError } from '../../../lib/api-client';
import { AuthShell } from './auth-shell';

/** /auth/callback?type=signup&token=…: the link of the verification mail lands here. */
export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const token = params.get('token');
  const isSignup = params.get('type') === 'signup';
  const [target, setTarget] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!isSignup || !token || started.current) return;
    started.current = true;
    verify.mutate(token, { onSuccess: (r) => setTarget(r.hasMerchantRegistration ? paths.merchantDashboard : paths.profile) });
  }, [isSignup, token, verify]);

  useEffect(() => {
    if (!target) return;
    const t = setTimeout(() => void navigate(target, { replace: true }), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(t);
  }, [target, navigate]);

  if (!isSignup) return <Navigate to={paths.home} replace />;

  return (
    <AuthShell title="Email Verification" hasOwnHeading>
      <Card>
        <CardContent className="space-y-3 pt-6 text-center">
          {!token || verify.isError ? (
            <>
              <XCircle aria-hidden className="mx-auto h-10 w-10 text-red-700" />
              <h1 className="text-lg font-semibold">There was a problem verifying your email.</h1>
              <p className="text-sm text-slate-700">
                {verify.error instanceof ApiError && verify.error.code.startsWith('TOKEN_')
                  ? verify.error.message
                  : 'Unable to verify email. Please try again or contact support.'}
              </p>
              <Link to={paths.verifyEmail} className="inline-flex min-h-11 items-center text-brand-800 underline">
                Send a new verification email
              </Link>
            </>
          ) : verify.isSuccess ? (
            <>
              <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
              <h1 className="text-lg font-semibold">Your email is verified!</h1>
              <p className="text-sm text-slate-700">Taking you to your account…</p>
            </>
          ) : (
            <Spinner label="Verifying your email..." />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
