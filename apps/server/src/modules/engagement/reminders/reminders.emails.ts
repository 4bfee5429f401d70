import { composeMail, type MailMessage } from '../../../mail/mailer';
import type { UnsubscribeLink } from '../notifications/notifications.service';

/** A week, then a day, before an unused voucher's "valid until" (docs/decisions/0065-notifications.md). */
export function expiryReminderEmail(
  to: string,
  v: { name: string; dealTitle: string; merchantName: string; endsOn: string; isLastDay: boolean; url: string },
  unsubscribe: UnsubscribeLink,
): MailMessage {
  return {
    to,
    kind: v.isLastDay ? 'expiry_1_day' : 'expiry_7_days',
    subject: v.isLastDay ? `Last day: your ${v.merchantName} voucher expires tomorrow` : `Your ${v.merchantName} voucher expires in a week`,
    ...composeMail({
      heading: v.isLastDay ? 'Your voucher expires tomorrow' : 'Your voucher expires in a week',
      paragraphs: [
        `Hi ${v.name}, your voucher for “${v.dealTitle}” at ${v.merchantName} is valid until ${v.endsOn}.`,
        v.isLastDay
          ? 'Use it today: after that its promotional value is gone (what you paid stays usable).'
          : 'There is still time to book or drop by: show the code or QR at the counter.',
      ],
      action: { label: 'Show my voucher', url: v.url },
      unsubscribe,
    }),
  };
}

export function savedDealUnlockedEmail(
  to: string,
  v: { name: string; dealTitle: string; url: string },
  unsubscribe: UnsubscribeLink,
): MailMessage {
  return {
    to,
    kind: 'saved_deal_unlocked',
    subject: `Unlocked: ${v.dealTitle}`,
    ...composeMail({
      heading: 'A deal you saved is unlocked',
      paragraphs: [`Hi ${v.name}, “${v.dealTitle}” reached its votes and is now on sale.`],
      action: { label: 'View the deal', url: v.url },
      unsubscribe,
    }),
  };
}

export function savedDealEndingEmail(
  to: string,
  v: { name: string; dealTitle: string; endsAt: string; url: string },
  unsubscribe: UnsubscribeLink,
): MailMessage {
  return {
    to,
    kind: 'saved_deal_ending',
    subject: `Ending soon: ${v.dealTitle}`,
    ...composeMail({
      heading: 'A deal you saved ends soon',
      paragraphs: [`Hi ${v.name}, “${v.dealTitle}” is on sale until ${v.endsAt}.`],
      action: { label: 'View the deal', url: v.url },
      unsubscribe,
    }),
  };
}

export function followedBusinessDealEmail(
  to: string,
  v: { name: string; merchantName: string; dealTitle: string; url: string },
  unsubscribe: UnsubscribeLink,
): MailMessage {
  return {
    to,
    kind: 'followed_business_deal',
    subject: `New from ${v.merchantName}: ${v.dealTitle}`,
    ...composeMail({
      heading: `${v.merchantName} posted a new deal`,
      paragraphs: [`Hi ${v.name}, ${v.merchantName}, a business you follow, has a new deal: “${v.dealTitle}”.`],
      action: { label: 'View the deal', url: v.url },
      unsubscribe,
    }),
  };
}
