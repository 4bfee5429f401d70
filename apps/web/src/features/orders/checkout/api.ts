import { useMutation } from '@tanstack/react-query';
import type { CheckoutStarted, CreateCheckout } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** create-checkout (customer.md §7): the server prices the order and returns the provider's page. */
export const useStartCheckout = () =>
  useMutation({ mutationFn: (body: CreateCheckout) => api.post<CheckoutStarted>('/api/checkout', body) });
