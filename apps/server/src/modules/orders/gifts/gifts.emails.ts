import { composeMail, type MailMessage } from '../../../mail/mailer';

/** The gift itself (transactional: it is what was bought): who sent it, their message, and the claim link. */
export function giftEmail(
  to: string,
  v: { recipientName: string; fromName: string; message: string; dealTitle: string; merchantName: string; vouchers: number; url: string },
): MailMessage {
  return {
    to,
    kind: 'gift',
    subject: `${v.fromName} sent you a gift: ${v.dealTitle}`,
    ...composeMail({
      heading: `${v.recipientName}, you have a gift!`,
      paragraphs: [
        `${v.fromName} sent you ${v.vouchers === 1 ? 'a voucher' : `${v.vouchers} vouchers`} for “${v.dealTitle}” at ${v.merchantName}.`,
        ...(v.message ? [`“${v.message}”`] : []),
        'Claim it to add it to your LocalPerks account: its code and QR appear under My Purchases, ready to show at the counter.',
      ],
      action: { label: 'Claim your gift', url: v.url },
    }),
  };
}
