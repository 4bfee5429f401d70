import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, resetPasswordFormSchema, type ResetPasswordForm } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../../../features/accounts/auth/api';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell, BackToLoginLink } from './auth-shell';

/** /reset-password?access_token=…&refresh_token=…: the two halves of the mailed reset token. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [linkError, setLinkError] = useState<string | null>(null);

  if (!accessToken || !refreshToken) return <Navigate to={paths.forgotPassword} replace />;

  // A mismatch is reported first, as the spec's toast, and hides the strength message.
  const isMismatch = ({ password, confirmPassword }: ResetPasswordForm) => {
    if (password === confirmPassword) return false;
    form.clearErrors();
    toast.error(AUTH_MESSAGES.resetMismatchTitle, { description: AUTH_MESSAGES.resetMismatchDescription });
    return true;
  };

  const submit = ({ password, confirmPassword }: ResetPasswordForm) => {
    if (isMismatch({ password, confirmPassword })) return;
    reset.mutate(
      { accessToken, refreshToken, password },
      {
        onSuccess: () => {
          toast.success('Password Updated', { description: 'Your password has been reset. Please log in with your new password.' });
          navigate(paths.login, { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code.startsWith('TOKEN_')) setLinkError(err.message);
          else toast.error('Reset Failed', { description: 'Failed to reset password. Please try again.' });
        },
      },
    );
  };

  return (
    <AuthShell title="Reset Password">
      <Card>
        <CardHeader>
          <CardTitle>Choose a new password</CardTitle>
          <CardDescription>{AUTH_MESSAGES.passwordHint}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {linkError && (
            <Alert variant="destructive" title="This link cannot be used">
              {linkError}{' '}
              <Link to={paths.forgotPassword} className="font-medium underline">
                Request a new link
              </Link>
            </Alert>
          )}
          <form noValidate onSubmit={(e) => void form.handleSubmit(submit, () => isMismatch(form.getValues()))(e)} className="space-y-4">
            <Field label="New Password" error={form.formState.errors.password?.message}>
              {(p) => (
                <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} disabled={reset.isPending} />
              )}
            </Field>
            <Field label="Confirm New Password">
              {(p) => (
                <Input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  {...form.register('confirmPassword')}
                  disabled={reset.isPending}
                />
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </form>
          <BackToLoginLink />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
