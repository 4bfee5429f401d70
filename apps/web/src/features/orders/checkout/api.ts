import { useMutation } from '@tanstack/react-query';
import type { CreateCheckout } from '@localperks/shared';
import { api } from '../../../lib/api-client';

/** create-checkout (docs/product/customer-spec.md §7): the server prices the order and returns the provider's page. */
export const useStartCheckout = () => useMutation({ mutationFn: (body: CreateCheckout) => api.post('/api/checkout', { body }) });
