import { composeMail, type MailMessage } from '../../../mail/mailer';
import type { UnsubscribeLink } from '../notifications/notifications.service';

/** A day after a redemption: how was it? The link opens the review form of that voucher. */
export function reviewRequestEmail(
  to: string,
  v: { name: string; dealTitle: string; merchantName: string; url: string },
  unsubscribe: UnsubscribeLink,
): MailMessage {
  return {
    to,
    kind: 'review_request',
    subject: `How was ${v.merchantName}?`,
    ...composeMail({
      heading: `How was “${v.dealTitle}”?`,
      paragraphs: [
        `Hi ${v.name}, you redeemed your voucher at ${v.merchantName} yesterday.`,
        'Tell other customers how it went: a rating and a few words help them choose, and help the business improve. Your review is marked as a verified purchase.',
      ],
      action: { label: 'Write a review', url: v.url },
      unsubscribe,
    }),
  };
}

/** The business answered the customer's review (publicly, on the deal and business pages). */
export function reviewReplyEmail(
  to: string,
  v: { name: string; merchantName: string; dealTitle: string; reply: string; url: string },
): MailMessage {
  return {
    to,
    kind: 'review_reply',
    subject: `${v.merchantName} replied to your review`,
    ...composeMail({
      heading: `${v.merchantName} replied to your review`,
      paragraphs: [`Hi ${v.name}, ${v.merchantName} answered your review of “${v.dealTitle}”:`, v.reply],
      action: { label: 'See the reply', url: v.url },
    }),
  };
}
