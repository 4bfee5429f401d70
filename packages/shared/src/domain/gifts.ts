import { DAY_MS, HOUR_MS, startOfDayInZone } from './time';

/** Gifts (docs/decisions/0066-gifts.md): a cart line bought for someone else, delivered by e-mail on a chosen day. */
export const GIFT_MESSAGE_MAX = 500;
export const GIFT_NAME_MAX = 100;
/** The delivery day: today, or up to this many days ahead. */
export const GIFT_DELIVERY_MAX_DAYS = 60;
/** Resends and address changes of one buyer per hour (each writes a mail). */
export const GIFT_RESEND_LIMIT = { max: 10, windowMs: HOUR_MS } as const;

export const GIFT_MESSAGES = {
  recipientNameRequired: 'Enter the recipient’s name.',
  recipientNameMax: `Keep the name under ${GIFT_NAME_MAX} characters.`,
  recipientEmailInvalid: 'Enter the recipient’s e-mail address.',
  messageMax: `Keep the message under ${GIFT_MESSAGE_MAX} characters.`,
  deliverOnInvalid: `Choose today or a day up to ${GIFT_DELIVERY_MAX_DAYS} days ahead.`,
  notFound: 'This gift does not exist.',
  claimInvalid: 'This gift link is not valid any more. Ask the sender to send it again.',
  alreadyClaimed: 'This gift has already been claimed.',
  ownGift: 'You bought this gift: send it to the recipient instead of claiming it yourself.',
  customersOnly: 'Gifts are claimed with a customer account.',
  notDeliveredYet: 'This gift is delivered on its date; it can be sent again after that.',
  claimedNoChange: 'This gift was claimed: it can no longer be sent again or go to another address.',
  tooMany: 'You have sent many gift e-mails in a short time. Please try again in an hour.',
  claimedTitle: 'Gift added to My Purchases',
  resentTitle: 'Gift e-mail sent again',
  addressChangedTitle: 'Recipient’s address changed',
} as const;

/** The calendar day (`YYYY-MM-DD`) `now` falls on in `timeZone` (UTC when it is not an IANA name). */
export function calendarDayIn(now: Date, timeZone: string | undefined): string {
  try {
    return now.toLocaleDateString('en-CA', { timeZone: timeZone || 'UTC' });
  } catch {
    return now.toLocaleDateString('en-CA', { timeZone: 'UTC' });
  }
}

/**
 * When a gift chosen for `day` in the buyer's time zone goes out: at once for today, else at the start of that day
 * there (found from noon UTC of that date, which is the same date in every zone from UTC−11 to UTC+11). Null when
 * the day is before today or more than 60 days ahead.
 */
export function giftDeliveryTime(day: string, timeZone: string | undefined, now: Date): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const noon = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  if (Number.isNaN(noon.getTime()) || calendarDayIn(noon, 'UTC') !== day) return null;
  const today = calendarDayIn(now, timeZone);
  if (day < today) return null;
  const last = calendarDayIn(new Date(now.getTime() + GIFT_DELIVERY_MAX_DAYS * DAY_MS), timeZone);
  if (day > last) return null;
  if (day === today) return now;
  return startOfDayInZone(noon, timeZone);
}

/** "Gift for Sam — delivered Dec 24 — claimed": what the buyer reads under the voucher. */
export function giftStatusLine(
  g: { recipientName: string; deliverAt: string; deliveredAt: string | null; claimedAt: string | null },
  formatDay: (iso: string) => string,
) {
  const when = g.deliveredAt ? `delivered ${formatDay(g.deliveredAt)}` : `to be delivered ${formatDay(g.deliverAt)}`;
  return `Gift for ${g.recipientName} — ${when} — ${g.claimedAt ? 'claimed' : 'not yet claimed'}`;
}
