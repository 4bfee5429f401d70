import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

/** Tells a merchant that an admin took one of their deals down, and why. */
export function dealDeactivatedEmail(to: string, d: { businessName: string; title: string; reason: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'merchant_deal_deactivated',
    subject: `Your deal "${d.title}" was deactivated`,
    ...composeMail({
      heading: 'A deal of yours was deactivated',
      paragraphs: [
        `Hi ${d.businessName}, our team deactivated your deal "${d.title}" because it does not meet the LocalPerks Merchant Terms of Service.`,
        `Reason: ${d.reason}`,
        'Customers can no longer see or buy it. Vouchers already sold stay valid. Reply to this e-mail or write to us from the contact page if you have questions.',
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}
