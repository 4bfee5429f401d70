import { z } from 'zod';
import { NOTIFICATION_PREFERENCES } from '../domain/notifications';

/** The customer's switches (docs/decisions/0065-notifications.md): true = send it. */
export const notificationPreferencesSchema = z.object({
  reviewRequests: z.boolean(),
  expiryReminders: z.boolean(),
  savedDealAlerts: z.boolean(),
  followedBusinesses: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/account/notifications: any of the switches. */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema.partial();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** The signed token of an unsubscribe link (`?token=`). */
export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });

/**
 * The one-click POST of RFC 8058 (`List-Unsubscribe=One-Click`, form-encoded, sent by the mailbox provider), or the
 * page's own POST (no body).
 */
export const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.string().max(50).optional() }).nullish();

/** What an unsubscribe link turned off (or back on). */
export const unsubscribeResultSchema = z.object({
  kind: z.enum(NOTIFICATION_PREFERENCES),
  label: z.string(),
  subscribed: z.boolean(),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;

/** GET/PUT/DELETE /api/businesses/:slug/follow: whether the customer follows the business now. */
export const followStateSchema = z.object({ following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;
