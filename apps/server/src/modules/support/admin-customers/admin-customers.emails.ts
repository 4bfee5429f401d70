import { paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** The account was banned: why, what stays (vouchers, refunds) and how to object (docs/decisions/0063-suspensions-and-bans.md). */
export function customerBannedEmail(to: string, r: { reason: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'customer_banned',
    subject: 'Your LocalPerks account has been banned',
    ...composeMail({
      heading: 'Your account has been banned',
      paragraphs: [
        'LocalPerks has banned your account, for this reason:',
        r.reason,
        'You can no longer sign in. Refunds already under way are still paid to your card.',
        'If you think this is a mistake, write to us through the contact page.',
      ],
      action: { label: 'Contact LocalPerks', url: `${appUrl}${paths.contact}` },
    }),
  };
}
