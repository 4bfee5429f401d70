import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  AUTH_MESSAGES,
  authPageSignupSchema,
  loginSchema,
  signupFormSchema,
  type AuthPageSignup,
  type Login,
  type SignupForm,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/input';
import { paths } from '../../../../config/paths';

/** Email + password sign-in form shared by /auth, /login and /merchant/login. */
export function LoginForm({
  onSubmit,
  isLoading,
  idPrefix = 'login',
}: {
  onSubmit: (v: Login) => void;
  isLoading: boolean;
  idPrefix?: string;
}) {
  const form = useForm<Login>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Login">
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input
            {...p}
            {...form.register('email')}
            type="email"
            // `webauthn`: the browser may offer the account's passkeys here (passkey autofill, docs/decisions/0055).
            autoComplete="email webauthn"
            placeholder="you@example.com"
            disabled={isLoading}
            data-testid={`${idPrefix}-email`}
          />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(p) => (
          <Input
            {...p}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            disabled={isLoading}
            data-testid={`${idPrefix}-password`}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Link to={paths.forgotPassword} className="text-sm text-brand-800 underline">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}

/** Sign-up with confirm password; `withTerms` adds the terms checkbox of the /login page. */
export function SignupForm<T extends boolean>({
  onSubmit,
  isLoading,
  withTerms,
}: {
  onSubmit: (v: T extends true ? SignupForm : AuthPageSignup) => void;
  isLoading: boolean;
  withTerms: T;
}) {
  const form = useForm<SignupForm>({
    resolver: zodResolver((withTerms ? signupFormSchema : authPageSignupSchema) as typeof signupFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '', acceptTerms: false as unknown as true },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v as never))} className="space-y-4" aria-label="Sign up">
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input {...p} {...form.register('email')} type="email" autoComplete="email" placeholder="you@example.com" disabled={isLoading} />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message} hint={AUTH_MESSAGES.passwordHint}>
        {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="new-password" disabled={isLoading} />}
      </Field>
      <Field label="Confirm Password" error={errors.confirmPassword?.message}>
        {(p) => <Input {...p} {...form.register('confirmPassword')} type="password" autoComplete="new-password" disabled={isLoading} />}
      </Field>
      {withTerms && <TermsCheckbox registration={form.register('acceptTerms')} disabled={isLoading} error={errors.acceptTerms?.message} />}
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

/** The terms checkbox of the sign-up forms, with its error announced. */
export function TermsCheckbox({
  registration,
  disabled,
  error,
}: {
  registration: UseFormRegisterReturn;
  disabled: boolean;
  error?: string;
}) {
  return (
    <div>
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          {...registration}
          disabled={disabled}
          className="mt-1 h-5 w-5 accent-brand-700"
          aria-invalid={Boolean(error)}
        />
        <span>
          I accept the{' '}
          <Link to={paths.companyTerms} target="_blank" className="text-brand-800 underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} target="_blank" className="text-brand-800 underline">
            Privacy Policy
          </Link>
        </span>
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
