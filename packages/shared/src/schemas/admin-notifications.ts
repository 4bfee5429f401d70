import { z } from 'zod';
import { paths } from '../paths';

/** Admin notifications (the bell in the admin dashboard header), newest first, page by page. */
export const ADMIN_NOTIFICATIONS_PAGE_SIZE = 10;

export const ADMIN_NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  loadFailed: 'Failed to load notifications',
  empty: 'No notifications yet.',
} as const;

export const adminNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/**
 * Where a notification's item is shown on the admin dashboard, by the kind of thing it concerns
 * (`notifications.entity_type`). `merchantId` is the merchant the item belongs to, resolved by the
 * server (a charge's or deal's merchant). Unknown kinds open the dashboard itself.
 */
export function adminNotificationHref(n: { entityType: string | null; entityId: string | null; merchantId: string | null }): string {
  switch (n.entityType) {
    case 'merchant_registration_request':
    case 'registration':
      return n.entityId ? paths.adminDashboardAt({ tab: 'approval', request: n.entityId }) : paths.adminDashboardAt({ tab: 'approval' });
    case 'merchant_payout':
      return paths.adminDashboardAt({ tab: 'payouts' });
    case 'support_ticket':
      return paths.adminDashboardAt({ tab: 'support' });
    case 'order_refund':
    case 'refund_request':
      return paths.adminDashboardAt({ tab: 'refunds' });
    case 'merchant':
    case 'merchant_charge':
    case 'deal':
      return n.merchantId ? paths.adminDashboardAt({ merchant: n.merchantId }) : paths.adminDashboard;
    default:
      return paths.adminDashboard;
  }
}
