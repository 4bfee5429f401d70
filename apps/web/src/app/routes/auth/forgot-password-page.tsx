import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useForgotPassword } from '../../../features/accounts/auth/api';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell, BackToLoginLink } from './auth-shell';
import { EmailOnlyForm } from './email-only-form';

/** /forgot-password: mails a reset link. */
export default function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  return (
    <AuthShell title="Forgot Password">
      <Card>
        <CardHeader>
          <CardTitle>Forgot your password?</CardTitle>
          <CardDescription>Enter your email and we will send you a link to choose a new one.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {sent ? (
            <div className="space-y-4 text-center">
              <MailCheck aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
              <p className="font-semibold text-slate-900">Password reset email sent</p>
              <p className="text-sm text-slate-700">Check your inbox (and spam folder). The link is valid for 1 hour.</p>
              <Button variant="secondary" className="w-full" onClick={() => setSent(false)}>
                Send Another Email
              </Button>
            </div>
          ) : (
            <EmailOnlyForm
              isLoading={forgot.isPending}
              submitLabel="Send Reset Link"
              loadingLabel="Sending..."
              onSubmit={(email) =>
                forgot.mutate(email, {
                  onSuccess: () => {
                    toast.success('Password Reset Email Sent', { description: 'Please check your email for instructions.' });
                    setSent(true);
                  },
                  onError: (e) =>
                    toast.error('Password Reset Failed', { description: errorMessage(e, 'Failed to send password reset email.') }),
                })
              }
            />
          )}
          <BackToLoginLink />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
