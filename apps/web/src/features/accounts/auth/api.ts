import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginResponse, SecondStep, SessionUser } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

/** A sign-in finished: the session cache gets the user and everything else loads again as them. */
function signedIn(qc: QueryClient, user: SessionUser) {
  qc.setQueryData(sessionQuery.queryKey, user);
  void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
}

/** The password sign-in: signed in, or (the authenticator app is on) the code is asked for next. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post('/api/auth/login', { body }),
    onSuccess: (r: LoginResponse) => {
      if ('user' in r) signedIn(qc, r.user);
    },
  });
}

/** The code from the authenticator app (or a recovery code) after the password (docs/decisions/0055). */
export function useSecondStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SecondStep) => api.post('/api/auth/login/second-step', { body }),
    onSuccess: (r: LoginResponse) => {
      if ('user' in r) signedIn(qc, r.user);
    },
  });
}

/**
 * Sign in with a passkey: `autofill` waits for the person to pick one from the e-mail field's suggestions
 * (conditional UI), otherwise the browser asks at once. Resolves with the signed-in user.
 */
/** The background passkey autofill request could not start (its options, or the browser's request, failed). */
export class PasskeyAutofillUnavailable extends Error {
  constructor(cause: unknown) {
    super('passkey autofill unavailable', { cause });
    this.name = 'PasskeyAutofillUnavailable';
  }
}

export function usePasskeySignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let response;
      try {
        const { options } = await api.post('/api/auth/passkey/options');
        response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
      } catch (err) {
        // The autofill request is started by the page, not by the person: if it cannot start, they asked for
        // nothing and are told nothing ("Sign in with a passkey" and the password still work).
        if (autofill) throw new PasskeyAutofillUnavailable(err);
        throw err;
      }
      return api.post('/api/auth/passkey', { body: { response } });
    },
    onSuccess: (r: LoginResponse) => {
      if ('user' in r) signedIn(qc, r.user);
    },
  });
}

export function useSignup() {
  return useMutation({
    // The same answer whether or not the address already has an account (its owner is told by e-mail).
    mutationFn: (body: { email: string; password: string; name?: string }) => api.post('/api/auth/signup', { body }),
  });
}

/**
 * Verifying signs the user in. The link's page checks the session as it loads, without the cookie the
 * verification sets: if that check answers after the verification, it would overwrite the user with
 * "signed out" and the account page would send them to /login. It is cancelled before the user is set.
 */
export const verifyEmailMutation = (qc: QueryClient) =>
  mutationOptions({
    mutationFn: (token: string) => api.post('/api/auth/verify-email', { body: { token } }),
    onSuccess: async ({ user }) => {
      await qc.cancelQueries({ queryKey: sessionQuery.queryKey });
      qc.setQueryData(sessionQuery.queryKey, user);
    },
  });

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation(verifyEmailMutation(qc));
}

export const useResendVerification = () =>
  useMutation({
    mutationFn: (email: string) => api.post('/api/auth/resend-verification', { body: { email } }),
  });
export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => api.post('/api/auth/forgot-password', { body: { email } }) });
export function useResetPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { accessToken: string; refreshToken: string; password: string }) => api.post('/api/auth/reset-password', { body }),
    onSuccess: () => qc.setQueryData(sessionQuery.queryKey, null),
  });
}
