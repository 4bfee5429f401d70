import type { MerchantOverview } from '@localperks/shared';

export type RegistrationStatusKind = 'response' | 'review' | 'approved' | 'rejected' | 'unknown';

/** Registration request status display (docs/product/merchant-admin-spec.md §4), word for word. */
export function registrationStatusView(
  r: Pick<NonNullable<MerchantOverview['registration']>, 'status' | 'requiresMerchantResponse' | 'rejectionReason'>,
): {
  kind: RegistrationStatusKind;
  title: string;
  text: string;
} {
  const status: string = r.status;
  if (status === 'pending' && r.requiresMerchantResponse)
    return { kind: 'response', title: 'Response Required', text: r.rejectionReason || 'Your application requires a response from you.' };
  if (status === 'pending') {
    return {
      kind: 'review',
      title: 'Under Review',
      text: 'Your application is being reviewed by our team. We will e-mail you as soon as there is news; you can message us below in the meantime.',
    };
  }
  if (status === 'approved')
    return { kind: 'approved', title: 'Approved', text: 'Congratulations! Your business has been approved. Welcome to LocalPerks.' };
  if (status === 'rejected')
    return { kind: 'rejected', title: 'Application Rejected', text: r.rejectionReason || 'Your application was rejected.' };
  return { kind: 'unknown', title: 'Unknown Status', text: 'We could not read the status of your application. Please message us below.' };
}
