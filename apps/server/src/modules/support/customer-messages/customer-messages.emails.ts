import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

/** The merchant's answer, sent to the customer (they also see it under Account → Messages). */
export function merchantResponseEmail(opts: {
  to: string;
  customerName: string;
  merchantName: string;
  subject: string;
  message: string;
  response: string;
  appUrl: string;
}): MailMessage {
  return {
    to: opts.to,
    kind: 'customer_message_response',
    subject: `${opts.merchantName} replied: ${opts.subject}`,
    ...composeMail({
      heading: `${opts.merchantName} replied to your message`,
      paragraphs: [`Hi ${opts.customerName},`, `You wrote: “${opts.message}”`, `${opts.merchantName} replied:`, opts.response],
      action: { label: 'See your messages', url: `${opts.appUrl}${paths.profileTab('messages')}` },
    }),
  };
}

/** Tells the merchant a customer wrote (the message itself is read in the dashboard). */
export function newCustomerMessageEmail(opts: {
  to: string;
  merchantName: string;
  customerName: string;
  subject: string;
  appUrl: string;
}): MailMessage {
  return {
    to: opts.to,
    kind: 'customer_message_new',
    subject: `New customer message: ${opts.subject}`,
    ...composeMail({
      heading: 'A customer sent you a message',
      paragraphs: [
        `${opts.customerName} wrote to ${opts.merchantName} about “${opts.subject}”.`,
        'Read and answer it in Customer Messages on your merchant dashboard.',
      ],
      action: { label: 'Open Customer Messages', url: `${opts.appUrl}${paths.merchantDashboardTab('messages')}` },
    }),
  };
}
