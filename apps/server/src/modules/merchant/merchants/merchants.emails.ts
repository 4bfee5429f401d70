import { PLANS, paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

const planName = (plan: string) => PLANS.find((p) => p.id === plan)?.name ?? plan;

/** send-admin-notification {type merchant_registration} (docs/product/merchant-admin-spec.md §7), to each admin. */
export function newRegistrationAdminEmail(
  to: string,
  r: { businessName: string; email: string; city: string; state: string; plan: string },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'admin_merchant_registration',
    subject: `New merchant registration: ${r.businessName}`,
    ...composeMail({
      heading: 'A new merchant is waiting for review',
      paragraphs: [
        `${r.businessName} (${r.email}) in ${r.city}, ${r.state} registered for the ${planName(r.plan)} plan.`,
        'Review the application in the Merchant Approval tab of the admin dashboard.',
      ],
      action: { label: 'Open the admin dashboard', url: `${appUrl}${paths.adminDashboard}` },
    }),
  };
}
