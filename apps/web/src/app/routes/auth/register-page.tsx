import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { AUTH_MESSAGES, registerFormSchema, type RegisterForm } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useSignup } from '../../../features/accounts/auth/api';
import { RedirectIfSignedIn } from '../../../features/accounts/auth/guards';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { TermsCheckbox } from '../../../features/accounts/auth/components/auth-forms';
import { AuthShell } from './auth-shell';

/** /register: customer registration (a signed-in user is sent to /). */
export default function RegisterPage() {
  const signup = useSignup();
  const navigate = useNavigate();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false as unknown as true },
  });
  const { errors } = form.formState;
  const busy = signup.isPending;

  const onSubmit = (v: RegisterForm) =>
    signup.mutate(
      { name: v.name, email: v.email, password: v.password },
      {
        onSuccess: () => {
          toast.success('Account created successfully!', { description: 'Please check your email to verify your account.' });
          navigate(paths.login);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields)
            for (const [k, m] of Object.entries(e.fields)) form.setError(k as keyof RegisterForm, { message: m });
          toast.error('Signup Failed', { description: errorMessage(e, 'Please check your information and try again.') });
        },
      },
    );

  return (
    <RedirectIfSignedIn to={paths.home}>
      <AuthShell title="Create Account">
        <Card>
          <CardHeader>
            <CardTitle>Create your account</CardTitle>
            <CardDescription>Save favourites, vote for PerkBoost deals and buy local deals.</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Register">
              <Field label="Full Name" error={errors.name?.message}>
                {(p) => <Input {...p} {...form.register('name')} autoComplete="name" disabled={busy} />}
              </Field>
              <Field label="Email" error={errors.email?.message}>
                {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" disabled={busy} />}
              </Field>
              <Field label="Password" error={errors.password?.message} hint={AUTH_MESSAGES.passwordHint}>
                {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="new-password" disabled={busy} />}
              </Field>
              <Field label="Confirm Password" error={errors.confirmPassword?.message}>
                {(p) => <Input {...p} {...form.register('confirmPassword')} type="password" autoComplete="new-password" disabled={busy} />}
              </Field>
              <TermsCheckbox registration={form.register('acceptTerms')} disabled={busy} error={errors.acceptTerms?.message} />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Creating account...' : 'Create Account'}
              </Button>
            </form>
            <div className="mt-6 space-y-1 text-center text-sm text-slate-700">
              <p>
                Already have an account?{' '}
                <Link to={paths.login} className="font-medium text-brand-800 underline">
                  Login
                </Link>
              </p>
              <p>
                Own a business?{' '}
                <Link to={paths.merchantRegister} className="font-medium text-brand-800 underline">
                  Register as a merchant
                </Link>
              </p>
            </div>
          </CardContent>
        </Card>
      </AuthShell>
    </RedirectIfSignedIn>
  );
}
