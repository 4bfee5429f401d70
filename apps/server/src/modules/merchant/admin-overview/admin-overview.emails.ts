import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

/** Tells a merchant that an admin took one of their deals down, and why. */
export function dealDeactivatedEmail(
  to: string,
  d: { businessName: string; title: string; reason: string; refundNotice: string },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'merchant_deal_deactivated',
    subject: `Your deal "${d.title}" was deactivated`,
    ...composeMail({
      heading: 'A deal of yours was deactivated',
      paragraphs: [
        `Hi ${d.businessName}, our team deactivated your deal "${d.title}" because it does not meet the LocalPerks Merchant Terms of Service.`,
        `Reason: ${d.reason}`,
        `Customers can no longer see or buy it. Vouchers already sold stay valid.${d.refundNotice}`,
        'If you think this is a mistake, appeal it from My Deals in your dashboard: our team reviews it and tells you the decision.',
      ],
      action: { label: 'Open My Deals', url: `${appUrl}${paths.merchantDashboardTab('deals')}` },
    }),
  };
}
