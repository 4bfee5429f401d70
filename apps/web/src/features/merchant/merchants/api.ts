import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MerchantAddressForm,
  MerchantProfileForm,
  MerchantRegistrationForm,
  PlanId,
  UpdateBusinessProfile,
  UploadedImage,
} from '@localperks/shared';
import { api } from '../../../lib/api-client';

/**
 * /merchant/register: account, pending registration request and merchant record in one call. It
 * does not sign the merchant in; the verification link does.
 */
export const useRegisterMerchant = () =>
  useMutation({ mutationFn: (body: MerchantRegistrationForm) => api.post('/api/merchants/register', { body }) });

/** The signed-in merchant's merchant record and newest registration request (dashboard states). */
export const merchantMeQuery = queryOptions({
  queryKey: ['merchants', 'me'],
  queryFn: () => api.get('/api/merchant/me'),
});

/* Merchant dashboard (docs/product/merchant-admin-spec.md §4, §5, §7). */

export const merchantThreadQuery = queryOptions({
  queryKey: ['merchants', 'me', 'thread'],
  queryFn: () => api.get('/api/merchant/registration/messages'),
});

/** Whether to remind the owner to add a second factor (docs/decisions/0055): a reminder, not a lock. */
export const secondFactorReminderQuery = queryOptions({
  queryKey: ['merchant', 'second-factor-reminder'],
  queryFn: () => api.get('/api/merchant/second-factor-reminder'),
});

export const launchChecklistQuery = queryOptions({
  queryKey: ['merchants', 'me', 'launch-checklist'],
  queryFn: () => api.get('/api/merchant/launch-checklist'),
});

/** Saves the profile; the overview in the answer replaces the cached one. */
export function useUpdateMerchantProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantProfileForm) => api.put('/api/merchant/profile', { body }),
    onSuccess: (saved) => {
      qc.setQueryData(merchantMeQuery.queryKey, saved.overview);
      void qc.invalidateQueries({ queryKey: launchChecklistQuery.queryKey });
      void qc.invalidateQueries({ queryKey: businessProfileQuery.queryKey });
    },
  });
}

/** Saves the street address (geocoded by the server); the overview is read again to show it. */
export function useSaveMerchantAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MerchantAddressForm) => api.put('/api/merchant/address', { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: merchantMeQuery.queryKey }),
  });
}

export function useSwitchPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => api.post('/api/merchant/plan', { body: { plan } }),
    onSuccess: (switched) => {
      qc.setQueryData(merchantMeQuery.queryKey, switched.overview);
      void qc.invalidateQueries({ queryKey: launchChecklistQuery.queryKey });
      // What the business page may show follows the plan and its payment.
      void qc.invalidateQueries({ queryKey: businessProfileQuery.queryKey });
    },
  });
}

/** Opens the payment provider's card page for the $15/month messaging subscription. */
export const useStartSubscriptionCheckout = () => useMutation({ mutationFn: () => api.post('/api/merchant/subscription/checkout') });

/** The business listing's boost (Advertise + Messaging with a paid subscription). */
export const listingBoostQuery = queryOptions({
  queryKey: ['merchant', 'listing-boost'],
  queryFn: () => api.get('/api/merchant/boosts/listing'),
});
export const useBuyListingBoost = () =>
  useMutation({ mutationFn: (boostDays: number) => api.post('/api/merchant/boosts/listing', { body: { boostDays } }) });

/** check-subscription: what the provider has confirmed so far. */
export const checkSubscription = () => api.post('/api/merchant/subscription/check');

export function useSendMerchantMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post('/api/merchant/registration/messages', { body: { message } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: merchantThreadQuery.queryKey }),
  });
}

/* The business page's enhanced profile (docs/product/design.md §13). */

export const businessProfileQuery = queryOptions({
  queryKey: ['merchants', 'me', 'business-profile'],
  queryFn: () => api.get('/api/merchant/business-profile'),
});

export function useUpdateBusinessProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessProfile) => api.put('/api/merchant/business-profile', { body }),
    onSuccess: (saved) => qc.setQueryData(businessProfileQuery.queryKey, saved),
  });
}

/** Multipart upload of a logo or cover image (the same pipeline as deal images). */
export function uploadBusinessImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.postForm('/api/merchant/uploads/business-images', body, 'The image could not be uploaded.');
}
