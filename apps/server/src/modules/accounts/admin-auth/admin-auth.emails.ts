import { ACCESS_CODE_TTL_MS } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** The 6-digit code of the admin sign-in's second step (docs/product/design.md §9). */
export function accessCodeEmail(to: string, name: string, code: string): MailMessage {
  const minutes = ACCESS_CODE_TTL_MS / 60_000;
  return {
    to,
    kind: 'admin_access_code',
    // The code stays out of the subject: subjects show in notifications and mail lists.
    subject: 'Your LocalPerks admin access code',
    ...composeMail({
      heading: 'Your admin access code',
      paragraphs: [
        `Hi ${name}, enter this code on the admin access page to finish signing in: ${code}`,
        `It works once and expires in ${minutes} minutes.`,
        'If you did not just sign in, someone knows your password: change it right away.',
      ],
    }),
  };
}
