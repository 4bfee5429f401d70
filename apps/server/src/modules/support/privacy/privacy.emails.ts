import { composeMail, type MailMessage } from '../../../mail/mailer';

/** Download my data: the archive is ready, on the account page for 7 days. */
export function dataExportReadyEmail(to: string, url: string): MailMessage {
  return {
    to,
    kind: 'data_export_ready',
    subject: 'Your LocalPerks data is ready to download',
    ...composeMail({
      heading: 'Your data is ready',
      paragraphs: [
        'The archive of your LocalPerks data you asked for is ready: a ZIP with a JSON and a CSV file for each kind of data.',
        'Download it from the Privacy tab of your account within 7 days. After that it is deleted and you can ask for a new one.',
      ],
      action: { label: 'Download my data', url },
    }),
  };
}

/** The last mail to an address whose account was deleted. */
export function accountDeletedEmail(to: string, byAdmin: boolean): MailMessage {
  return {
    to,
    kind: 'account_deleted',
    subject: 'Your LocalPerks account was deleted',
    ...composeMail({
      heading: 'Your account was deleted',
      paragraphs: [
        byAdmin
          ? 'As you asked, our team deleted your LocalPerks account. Every session was signed out.'
          : 'Your LocalPerks account was deleted and every session was signed out.',
        'Your personal data was removed. What the law and bookkeeping require (orders, payments, refunds, payouts) is kept under an anonymous id, without your name, email or phone.',
      ],
    }),
  };
}
