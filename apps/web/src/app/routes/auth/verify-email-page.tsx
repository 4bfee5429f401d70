import { useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useResendVerification } from '../../../features/accounts/auth/api';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell, BackToLoginLink } from './auth-shell';
import { EmailOnlyForm } from './email-only-form';

/** /verify-email: send the verification mail again; a verified signed-in user goes to /profile. */
export default function VerifyEmailPage() {
  const { user, isLoading } = useSession();
  const resend = useResendVerification();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (isLoading) return <Spinner />;
  if (user?.emailVerified) return <Navigate to={paths.profile} replace />;

  return (
    <AuthShell title="Verify Email">
      <Card>
        <CardHeader>
          <CardTitle>Verify your email</CardTitle>
          <CardDescription>Enter your email address and we will send you a new verification link.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {sentTo && (
            <Alert variant="success" title="Verification email sent">
              If an account exists for {sentTo}, a new link is on its way. It is valid for 24 hours.
            </Alert>
          )}
          <EmailOnlyForm
            defaultEmail={user?.email ?? ''}
            isLoading={resend.isPending}
            submitLabel="Send Verification Email"
            loadingLabel="Sending..."
            onSubmit={(email) =>
              resend.mutate(email, {
                onSuccess: (r) => {
                  if (r.alreadyVerified) {
                    toast.success('Email already verified');
                    return;
                  }
                  setSentTo(email);
                },
                onError: (e) => toast.error('Verification email not sent', { description: errorMessage(e, 'Please try again.') }),
              })
            }
          />
          <BackToLoginLink />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
