import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, RefreshCw, ShieldCheck } from 'lucide-react';
import {
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_TTL_MS,
  ADMIN_AUTH_MESSAGES,
  accessCodeSchema,
  adminLoginSchema,
  adminTotpSchema,
  type AccessCode,
  type AdminLogin,
  type AdminSecondStep,
  type AdminTotp,
  type CodeIssued,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useLogout } from '../../../lib/session';
import {
  adminAuthStatusQuery,
  useAdminAuthStatus,
  useAdminCredentials,
  useAdminPasskeyStep,
  useRefreshAccessCode,
  useSubmitAccessCode,
  useSubmitAdminTotp,
} from '../../../features/accounts/admin-auth/api';
import { AuthenticationCodeField, isCancelled, usePasskeyLogin } from '../../../features/accounts/auth/components/sign-in';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { AuthShell } from '../auth/auth-shell';

/** One toast for the sign-in's errors: a new error replaces it, and signing in removes it (it must not follow the admin in). */
const SIGN_IN_ERROR_TOAST = 'admin-sign-in-error';

/** The spec's admin sign-in errors (docs/product/merchant-admin-spec.md §8): the server's message, else the fallbacks. */
function showError(err: unknown, fallback: string) {
  if (err instanceof ApiError && err.code === 'TOKEN_EXPIRED') {
    toast.error(ADMIN_AUTH_MESSAGES.codeExpiredTitle, { description: ADMIN_AUTH_MESSAGES.codeExpired, id: SIGN_IN_ERROR_TOAST });
    return ADMIN_AUTH_MESSAGES.codeExpired;
  }
  const message = err instanceof ApiError ? err.message || fallback : ADMIN_AUTH_MESSAGES.unexpected;
  toast.error(message, { id: SIGN_IN_ERROR_TOAST });
  return message;
}

function CredentialsStep({ onDone }: { onDone: (issued: CodeIssued | null, email: string) => void }) {
  const form = useForm<AdminLogin>({ resolver: zodResolver(adminLoginSchema), defaultValues: { email: '', password: '' } });
  const login = useAdminCredentials();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;
  const submit = (v: AdminLogin) => {
    setError(null);
    login.mutate(v, {
      onSuccess: (r) => {
        toast.dismiss(SIGN_IN_ERROR_TOAST);
        onDone(r.codeExpiresAt ? { codeExpiresAt: r.codeExpiresAt, devCode: r.devCode } : null, r.user.email);
      },
      onError: (err) => setError(showError(err, ADMIN_AUTH_MESSAGES.loginFailed)),
    });
  };
  // A passkey verifies its user, so it passes both steps (docs/decisions/0055): offered in the e-mail field's
  // autofill where the browser can, and by the button.
  const passkey = usePasskeyLogin(true, {
    onSignedIn: () => {
      toast.dismiss(SIGN_IN_ERROR_TOAST);
      void qc.invalidateQueries({ queryKey: adminAuthStatusQuery.queryKey });
      void navigate(paths.adminDashboard, { replace: true });
    },
    onError: (err) => setError(showError(err, ADMIN_AUTH_MESSAGES.loginFailed)),
  });
  const busy = login.isPending || passkey.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="First step">
      {error && <Alert variant="destructive">{error}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        {(p) => (
          <Input {...p} {...form.register('email')} type="email" autoComplete="email webauthn" disabled={busy} data-testid="admin-email" />
        )}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(p) => (
          <Input
            {...p}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            disabled={busy}
            data-testid="admin-password"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {login.isPending ? 'Verifying...' : 'Continue'}
      </Button>
      {passkey.isSupported && (
        <Button
          variant="secondary"
          className="w-full"
          disabled={busy}
          onClick={() => {
            setError(null);
            passkey.start();
          }}
        >
          <KeyRound aria-hidden className="h-4 w-4" /> Sign in with a passkey
        </Button>
      )}
    </form>
  );
}

/** Step 2 by passkey: it replaces the e-mailed code for an admin who has one. */
function PasskeyStep({ onBack, others }: { onBack: () => void; others: ReactNode }) {
  const navigate = useNavigate();
  const step = useAdminPasskeyStep();
  const [error, setError] = useState<string | null>(null);
  const start = () => {
    setError(null);
    step.mutate(undefined, {
      onSuccess: () => {
        toast.dismiss(SIGN_IN_ERROR_TOAST);
        void navigate(paths.adminDashboard, { replace: true });
      },
      onError: (err) =>
        setError(
          isCancelled(err)
            ? 'The passkey request was cancelled. Try again when you are ready.'
            : showError(err, ADMIN_AUTH_MESSAGES.unexpected),
        ),
    });
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Confirm it is you with one of your passkeys: your fingerprint, face, screen lock or security key.
      </p>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button className="w-full" onClick={start} disabled={step.isPending} data-testid="admin-passkey">
        <KeyRound aria-hidden className="h-4 w-4" /> {step.isPending ? 'Waiting for your passkey...' : 'Use my passkey'}
      </Button>
      {others}
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back
      </Button>
    </div>
  );
}

/** Step 2 by authenticator app (or a recovery code): an alternative to the e-mailed code. */
function TotpStep({ onBack, others }: { onBack: () => void; others: ReactNode }) {
  const navigate = useNavigate();
  const form = useForm<AdminTotp>({ resolver: zodResolver(adminTotpSchema, undefined, { raw: true }), defaultValues: { code: '' } });
  const submitCode = useSubmitAdminTotp();
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;
  const submit = (v: AdminTotp) => {
    setError(null);
    submitCode.mutate(v, {
      onSuccess: () => {
        toast.dismiss(SIGN_IN_ERROR_TOAST);
        void navigate(paths.adminDashboard, { replace: true });
      },
      onError: (err) => {
        form.reset({ code: '' });
        setError(showError(err, ADMIN_AUTH_MESSAGES.codeInvalid));
      },
    });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Second step">
      <p className="text-sm text-slate-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      {error && <Alert variant="destructive">{error}</Alert>}
      <AuthenticationCodeField
        registration={form.register('code')}
        error={errors.code?.message}
        disabled={submitCode.isPending}
        testId="admin-totp"
      />
      <Button type="submit" className="w-full" disabled={submitCode.isPending}>
        {submitCode.isPending ? 'Verifying...' : 'Verify Code'}
      </Button>
      {others}
      <Button variant="ghost" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back
      </Button>
    </form>
  );
}

const METHOD_LABELS: Record<AdminSecondStep, string> = {
  passkey: 'Use my passkey instead',
  totp: 'Use my authenticator app instead',
  email: 'E-mail me a code instead',
};

/** The ways to pass step 2 other than the one shown. */
function OtherMethods({
  methods,
  current,
  onPick,
}: {
  methods: AdminSecondStep[];
  current: AdminSecondStep;
  onPick: (m: AdminSecondStep) => void;
}) {
  const others = methods.filter((m) => m !== current);
  if (others.length === 0) return null;
  return (
    <div className="flex flex-col items-center gap-1">
      {others.map((m) => (
        <button key={m} type="button" className="min-h-11 text-sm font-medium text-brand-800 underline" onClick={() => onPick(m)}>
          {METHOD_LABELS[m]}
        </button>
      ))}
    </div>
  );
}

function CodeStep({
  email,
  issued,
  onIssued,
  onBack,
  others,
}: {
  email: string;
  issued: CodeIssued | null;
  onIssued: (i: CodeIssued) => void;
  onBack: () => void;
  others: ReactNode;
}) {
  const navigate = useNavigate();
  const form = useForm<AccessCode>({ resolver: zodResolver(accessCodeSchema), defaultValues: { code: '' } });
  const submitCode = useSubmitAccessCode();
  const refresh = useRefreshAccessCode();
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;
  const requested = useRef(false);

  const newCode = () => {
    setError(null);
    refresh.mutate(undefined, {
      onSuccess: (r) => {
        onIssued(r);
        form.reset({ code: '' });
        toast.success('New access code sent', { description: `Check ${email} for the new 6-digit code.` });
      },
      onError: (err) => setError(showError(err, ADMIN_AUTH_MESSAGES.unexpected)),
    });
  };

  // The code is generated when this step loads: after a reload with no live code, ask for one.
  useEffect(() => {
    if (issued || requested.current) return;
    requested.current = true;
    refresh.mutate(undefined, { onSuccess: onIssued, onError: (err) => setError(showError(err, ADMIN_AUTH_MESSAGES.unexpected)) });
  }, [issued, onIssued, refresh]);

  const submit = (v: AccessCode) => {
    setError(null);
    submitCode.mutate(v, {
      onSuccess: () => {
        toast.dismiss(SIGN_IN_ERROR_TOAST);
        void navigate(paths.adminDashboard, { replace: true });
      },
      onError: (err) => setError(showError(err, ADMIN_AUTH_MESSAGES.codeInvalid)),
    });
  };
  const minutes = ACCESS_CODE_TTL_MS / 60_000;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Second step">
      <p className="text-sm text-slate-700">
        We sent a {ACCESS_CODE_LENGTH}-digit access code to <strong className="break-words">{email}</strong>. It works once and expires in{' '}
        {minutes} minutes.
      </p>
      {issued?.devCode && (
        <Alert title="Development mode">
          Your access code is{' '}
          <strong data-testid="dev-access-code" className="font-mono text-base tracking-widest">
            {issued.devCode}
          </strong>
        </Alert>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
      <Field label="Access Code" error={errors.code?.message}>
        {(p) => (
          <Input
            {...p}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={ACCESS_CODE_LENGTH}
            placeholder="000000"
            className="text-center font-mono text-xl tracking-[0.5em]"
            disabled={submitCode.isPending}
            data-testid="admin-code"
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={submitCode.isPending}>
        {submitCode.isPending ? 'Verifying...' : 'Verify Code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back
        </Button>
        <Button variant="secondary" onClick={newCode} disabled={refresh.isPending}>
          <RefreshCw aria-hidden className={`h-4 w-4 ${refresh.isPending ? 'animate-spin' : ''}`} />{' '}
          {refresh.isPending ? 'Sending...' : 'Send a new code'}
        </Button>
      </div>
      {others}
    </form>
  );
}

/** /admin-login: credentials, then the 6-digit access code (docs/product/merchant-admin-spec.md §2, docs/product/design.md §9). */
export default function AdminLoginPage() {
  const status = useAdminAuthStatus();
  const logout = useLogout();
  const [issued, setIssued] = useState<CodeIssued | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [picked, setPicked] = useState<AdminSecondStep | null>(null);
  if (status.isPending) return <Spinner />;
  const step = status.data?.step ?? 'credentials';
  if (step === 'signed-in') return <Navigate to={paths.adminDashboard} replace />;
  if (step === 'not-admin') return <Navigate to={paths.home} replace />;
  const onCode = step === 'code';
  const methods = status.data?.methods.length ? status.data.methods : (['email'] as AdminSecondStep[]);
  const method = picked && methods.includes(picked) ? picked : methods[0]!;
  const others = <OtherMethods methods={methods} current={method} onPick={setPicked} />;
  const back = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        setIssued(null);
        setEmail(null);
        setPicked(null);
        void status.refetch();
      },
    });
  return (
    <AuthShell title="Admin Access" hasOwnHeading>
      <Card>
        <CardHeader>
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-slate-900 text-white">
            <ShieldCheck aria-hidden className="h-5 w-5" />
          </span>
          <h1 className="text-2xl font-semibold text-slate-900">Admin Access</h1>
          <CardDescription>
            {onCode
              ? method === 'passkey'
                ? 'Step 2 of 2: confirm with your passkey.'
                : method === 'totp'
                  ? 'Step 2 of 2: enter the code from your authenticator app.'
                  : 'Step 2 of 2: enter your access code.'
              : 'Step 1 of 2: sign in with your admin credentials.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {onCode ? (
            method === 'passkey' ? (
              <PasskeyStep onBack={back} others={others} />
            ) : method === 'totp' ? (
              <TotpStep onBack={back} others={others} />
            ) : (
              <CodeStep
                email={email ?? status.data?.user?.email ?? ''}
                issued={issued ?? (status.data?.codeExpiresAt ? { codeExpiresAt: status.data.codeExpiresAt } : null)}
                onIssued={setIssued}
                onBack={back}
                others={others}
              />
            )
          ) : (
            <CredentialsStep
              onDone={(i, e) => {
                setIssued(i);
                setEmail(e);
              }}
            />
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
