import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

/** Tells a new admin that an account was made for them (never the password). */
export function adminCreatedEmail(to: string, r: { name: string; createdBy: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'admin_account_created',
    subject: 'You are now a LocalPerks admin',
    ...composeMail({
      heading: 'Your admin account is ready',
      paragraphs: [
        `Hi ${r.name}, ${r.createdBy} created a LocalPerks admin account for this address.`,
        'Sign in on the admin access page with the password you were given; each sign-in also asks for a 6-digit code sent to this address.',
      ],
      action: { label: 'Open the admin access page', url: `${appUrl}${paths.adminLogin}` },
    }),
  };
}
