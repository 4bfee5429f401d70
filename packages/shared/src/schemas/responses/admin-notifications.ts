import { z } from 'zod';
import { count, isoDate, pageFields } from './common';

/** One in-app notification of the signed-in admin, with the dashboard address of its item. */
export const adminNotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** The admin dashboard address of the item it concerns (adminNotificationHref). */
  href: z.string(),
  readAt: isoDate().nullable(),
  createdAt: isoDate(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationsPageSchema = z.object({ items: z.array(adminNotificationSchema), unread: count(), ...pageFields });
export type AdminNotificationsPage = z.infer<typeof adminNotificationsPageSchema>;

export const unreadCountSchema = z.object({ unread: count() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationsMarkedSchema = z.object({ marked: count(), unread: count() });
export type NotificationsMarked = z.infer<typeof notificationsMarkedSchema>;
