import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound } from 'lucide-react';
import { secondStepCodeSchema, type SessionUser } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/input';
import { PasskeyAutofillUnavailable, usePasskeySignIn, useLogin, useSecondStep } from '../api';
import { LoginForm } from './auth-forms';

/** Whether this browser can use passkeys, known only after hydration (the server render cannot tell). */
export function usePasskeySupport() {
  const [support, setSupport] = useState({ passkeys: false, autofill: false });
  useEffect(() => {
    let live = true;
    void import('@simplewebauthn/browser').then(async ({ browserSupportsWebAuthn, browserSupportsWebAuthnAutofill }) => {
      const passkeys = browserSupportsWebAuthn();
      const autofill = passkeys && (await browserSupportsWebAuthnAutofill());
      if (live) setSupport({ passkeys, autofill });
    });
    return () => {
      live = false;
    };
  }, []);
  return support;
}

/** A passkey request the person cancelled, that a newer one replaced, or a background autofill that never started: nothing to report. */
export const isCancelled = (err: unknown) =>
  err instanceof Error && (err.name === 'AbortError' || err.name === 'NotAllowedError' || err instanceof PasskeyAutofillUnavailable);

/**
 * Passkey sign-in on a login page: while `armed`, a pending autofill request (the browser offers the account's
 * passkeys in the e-mail field's suggestions), and `start()` for the "Sign in with a passkey" button.
 */
export function usePasskeyLogin(armed: boolean, done: { onSignedIn: (user: SessionUser) => void; onError: (err: unknown) => void }) {
  const passkey = usePasskeySignIn();
  const support = usePasskeySupport();
  const latest = useRef(done);
  latest.current = done;
  const { mutate } = passkey;
  const run = useCallback(
    (autofill: boolean) =>
      mutate(
        { autofill },
        {
          onSuccess: (r) => {
            if ('user' in r) latest.current.onSignedIn(r.user);
          },
          onError: (err) => {
            if (!isCancelled(err)) latest.current.onError(err);
          },
        },
      ),
    [mutate],
  );
  useEffect(() => {
    if (!support.autofill || !armed) return;
    run(true);
    return () => {
      void import('@simplewebauthn/browser').then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
    };
  }, [support.autofill, armed, run]);
  return { isSupported: support.passkeys, start: () => run(false), isPending: passkey.isPending && passkey.variables?.autofill === false };
}

/** The field for a code from the authenticator app, or a recovery code. */
export function AuthenticationCodeField({
  registration,
  error,
  disabled,
  testId,
  label = 'Authentication code',
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  disabled: boolean;
  testId: string;
  label?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => (
        <Input
          {...p}
          {...registration}
          autoComplete="one-time-code"
          spellCheck={false}
          placeholder="123456"
          className="text-center font-mono text-xl tracking-[0.3em]"
          disabled={disabled}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

const codeFormSchema = z.object({ code: secondStepCodeSchema });

/** After the password, for an account with the authenticator app on: its code, or a recovery code. */
function SecondStepForm({
  token,
  idPrefix,
  onSignedIn,
  onError,
  onBack,
}: {
  token: string;
  idPrefix: string;
  onSignedIn: (user: SessionUser) => void;
  onError: (err: unknown) => void;
  onBack: () => void;
}) {
  const form = useForm<{ code: string }>({ resolver: zodResolver(codeFormSchema, undefined, { raw: true }), defaultValues: { code: '' } });
  const step = useSecondStep();
  const { errors } = form.formState;
  // The password form was replaced by this one: the code field takes the focus it had.
  useEffect(() => form.setFocus('code'), [form]);
  const submit = ({ code }: { code: string }) =>
    step.mutate(
      { token, code },
      {
        onSuccess: (r) => {
          if ('user' in r) onSignedIn(r.user);
        },
        onError: (err) => {
          form.reset({ code: '' });
          onError(err);
        },
      },
    );
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Two-step verification">
      <p className="text-sm text-slate-700">
        Open your authenticator app and enter the 6-digit code for LocalPerks. Lost your phone? Enter one of your recovery codes instead.
      </p>
      <AuthenticationCodeField
        registration={form.register('code')}
        error={errors.code?.message}
        disabled={step.isPending}
        testId={`${idPrefix}-code`}
      />
      <Button type="submit" className="w-full" disabled={step.isPending}>
        {step.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack} disabled={step.isPending}>
        Use a different account
      </Button>
    </form>
  );
}

/**
 * Sign-in for /auth, /login and /merchant/login (docs/decisions/0055-passkeys-and-authenticator-codes.md): e-mail and
 * password (then the authenticator code when the account has one), a passkey button, and, where the browser
 * supports it, the account's passkeys offered in the e-mail field's autofill.
 */
export function SignIn({
  idPrefix = 'login',
  onSignedIn,
  onError,
}: {
  idPrefix?: string;
  onSignedIn: (user: SessionUser) => void;
  onError: (err: unknown) => void;
}) {
  const login = useLogin();
  const [secondStep, setSecondStep] = useState<string | null>(null);
  const passkey = usePasskeyLogin(!secondStep, { onSignedIn, onError });

  if (secondStep)
    return (
      <SecondStepForm token={secondStep} idPrefix={idPrefix} onSignedIn={onSignedIn} onError={onError} onBack={() => setSecondStep(null)} />
    );
  return (
    <div className="space-y-4">
      <LoginForm
        idPrefix={idPrefix}
        isLoading={login.isPending || passkey.isPending}
        onSubmit={(v) =>
          login.mutate(v, {
            onSuccess: (r) => ('user' in r ? onSignedIn(r.user) : setSecondStep(r.secondStep.token)),
            onError,
          })
        }
      />
      {passkey.isSupported && (
        <>
          <p className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            or
          </p>
          <Button variant="secondary" className="w-full" disabled={login.isPending || passkey.isPending} onClick={passkey.start}>
            <KeyRound aria-hidden className="h-4 w-4" /> Sign in with a passkey
          </Button>
        </>
      )}
    </div>
  );
}
