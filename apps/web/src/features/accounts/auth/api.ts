import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../lib/session';

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post('/api/auth/login', { body }),
    onSuccess: ({ user }) => {
      qc.setQueryData(sessionQuery.queryKey, user);
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
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
