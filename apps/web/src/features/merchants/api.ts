import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MerchantOverview, MerchantRegistrationForm } from '@localperks/shared';
import { api } from '../../lib/api-client';

/** What POST /api/merchants/register answers (201). */
export interface MerchantRegistrationResult {
  userId: string;
  registrationId: string;
  merchantId: string;
  /** False when the account exists but the verification e-mail could not be sent. */
  verificationSent: boolean;
}

/**
 * /merchant/register: account, pending registration request and merchant record in one call. It
 * does not sign the merchant in; the verification link does.
 */
export const useRegisterMerchant = () =>
  useMutation({ mutationFn: (body: MerchantRegistrationForm) => api.post<MerchantRegistrationResult>('/api/merchants/register', body) });

/** The signed-in merchant's merchant record and newest registration request (dashboard states). */
export const merchantMeQuery = queryOptions({
  queryKey: ['merchants', 'me'],
  queryFn: () => api.get<MerchantOverview>('/api/merchant/me'),
});
