import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { homePathForRole, MERCHANT_ROLE_LABELS, acceptStaffInviteFormSchema, type AcceptStaffInviteForm } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { invitePreviewQuery, useAcceptInvite } from '../../../features/merchant/merchant-staff/api';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell, BackToLoginLink } from '../auth/auth-shell';

function AcceptForm({ token, email }: { token: string; email: string }) {
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const form = useForm<AcceptStaffInviteForm>({
    resolver: zodResolver(acceptStaffInviteFormSchema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const submit = ({ name, password }: AcceptStaffInviteForm) =>
    accept.mutate(
      { token, name, password },
      {
        onSuccess: ({ user }) => {
          toast.success('Welcome aboard', { description: 'Your staff account is ready and you are signed in.' });
          navigate(homePathForRole(user.role, user.merchantRole), { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields)
            for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof AcceptStaffInviteForm, { message: m });
          else toast.error('The invitation was not accepted', { description: errorMessage(err, 'Please try again.') });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Accept the invitation">
      <Field label="E-mail">{(p) => <Input {...p} value={email} readOnly autoComplete="username" />}</Field>
      <Field label="Your name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} autoComplete="name" disabled={accept.isPending} />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint="At least 8 characters with an uppercase letter and a number.">
        {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="new-password" disabled={accept.isPending} />}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(p) => (
          <Input {...p} {...form.register('confirmPassword')} type="password" autoComplete="new-password" disabled={accept.isPending} />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? 'Joining...' : 'Accept and join'}
      </Button>
    </form>
  );
}

/** /merchant/staff/accept?token=…: a staff invitation, from its mailed link (docs/decisions/0062-roles-and-staff.md). */
export default function StaffAcceptPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const preview = useQuery({ ...invitePreviewQuery(token ?? ''), enabled: Boolean(token) });
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <AuthShell title="Join your team">
      {preview.isPending ? (
        <Spinner label="Checking the invitation..." />
      ) : preview.isError ? (
        <div className="space-y-4">
          <Alert variant="destructive" title="This invitation cannot be used">
            {errorMessage(preview.error, 'Please ask the business owner for a new invitation.')}
          </Alert>
          <BackToLoginLink />
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{preview.data.businessName}</CardTitle>
            <CardDescription>
              You are invited as a {MERCHANT_ROLE_LABELS[preview.data.role].toLowerCase()}. Choose your name and a password for your own
              staff account.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <AcceptForm token={token} email={preview.data.email} />
          </CardContent>
        </Card>
      )}
    </AuthShell>
  );
}
