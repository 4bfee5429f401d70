import { paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** The business was suspended: why, what it means, and where to answer (docs/decisions/0063-suspensions-and-bans.md). */
export function merchantSuspendedEmail(to: string, r: { businessName: string; reason: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'merchant_suspended',
    subject: `${r.businessName} is suspended on LocalPerks`,
    ...composeMail({
      heading: 'Your business is suspended',
      paragraphs: [
        `LocalPerks has suspended ${r.businessName}, for this reason:`,
        r.reason,
        'While it is suspended your business page and deals are not shown and cannot be bought, and your payouts are held. Vouchers customers already bought stay valid: keep redeeming them.',
        'You can answer us from the messages on your merchant dashboard.',
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}

export function merchantReinstatedEmail(to: string, r: { businessName: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'merchant_reinstated',
    subject: `${r.businessName} is reinstated on LocalPerks`,
    ...composeMail({
      heading: 'Your business is reinstated',
      paragraphs: [
        `${r.businessName} is no longer suspended: your business page and deals are shown again, customers can buy them, and your held payouts will be paid.`,
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}
