import { DAY_MS } from './time';

/**
 * The kinds of non-transactional e-mail a customer can switch off (docs/decisions/0065-notifications.md), in the order
 * the Notifications section shows them. Transactional mail (receipts, codes, refunds, gifts) has no switch.
 */
export const NOTIFICATION_PREFERENCES = ['reviewRequests', 'expiryReminders', 'savedDealAlerts', 'followedBusinesses'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

export const NOTIFICATION_PREFERENCE_LABELS: Record<NotificationPreference, { label: string; description: string }> = {
  reviewRequests: { label: 'Review requests', description: 'A day after you redeem a voucher, an e-mail asking how it was.' },
  expiryReminders: { label: 'Expiry reminders', description: 'A week and a day before an unused voucher expires.' },
  savedDealAlerts: {
    label: 'Saved-deal alerts',
    description: 'When a favourite crowd-vote deal unlocks, or a favourite deal ends within 48 hours.',
  },
  followedBusinesses: { label: 'Followed businesses', description: 'When a business you follow posts a new deal.' },
};

/** At most this many alert and marketing e-mails reach one customer in 24 hours; the rest wait for the next day. */
export const NOTIFICATION_DAILY_CAP = 3;
export const NOTIFICATION_CAP_WINDOW_MS = DAY_MS;

export const NOTIFICATION_MESSAGES = {
  saved: 'Notification settings saved',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Open the newest e-mail’s link, or change your settings in your account.',
  unsubscribed: (label: string) => `You will no longer get ${label.toLowerCase()} e-mails.`,
  resubscribed: (label: string) => `${label} e-mails are on again.`,
} as const;
