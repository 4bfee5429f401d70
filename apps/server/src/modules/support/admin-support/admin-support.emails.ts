import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

/** An admin's reply to a support ticket, with a link to the thread in the customer's account. */
export function supportReplyEmail(
  to: string,
  r: { name: string; subject: string; message: string; ticketSubject: string; hasAccount: boolean },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'support_reply',
    subject: r.subject,
    ...composeMail({
      heading: r.subject,
      paragraphs: [`Hi ${r.name},`, ...r.message.split(/\n{2,}/), `This is a reply to your support request "${r.ticketSubject}".`],
      ...(r.hasAccount
        ? { action: { label: 'See the conversation in your account', url: `${appUrl}${paths.profileTab('support')}` } }
        : {}),
    }),
  };
}
