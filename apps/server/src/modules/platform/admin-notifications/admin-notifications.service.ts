import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_NOTIFICATIONS_PAGE_SIZE,
  ADMIN_NOTIFICATION_MESSAGES as M,
  adminNotificationHref,
  type AdminNotification,
  type AdminNotificationsPage,
  type AdminRole,
  type NotificationsMarked,
} from '@localperks/shared';
import type { Db, Tx } from '../../../db/client';
import { deals, merchantCharges, notifications, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { publishMessageEvent } from '../../../lib/events';
import type { Deps } from '../../../lib/deps';

type NotificationDeps = Pick<Deps, 'db' | 'clock'>;

export interface AdminNotificationInput {
  type: string;
  title: string;
  message: string;
  entityType: string;
  entityId: string;
}

/**
 * Whose work an item is (docs/decisions/0062-roles-and-staff.md): tickets support's, refund requests support's and
 * finance's, payouts and disputes finance's; owners get everything, and alone what the others cannot open.
 */
const NOTIFIED_ROLES: Record<string, AdminRole[]> = {
  support_ticket: ['owner', 'support'],
  refund_request: ['owner', 'support', 'finance'],
  order_refund: ['owner', 'support', 'finance'],
  merchant_payout: ['owner', 'finance'],
  dispute: ['owner', 'finance'],
};

/**
 * Writes one notification for every active admin whose role handles the item, in the caller's transaction, and
 * tells each one's open dashboards (a `notification` live event, delivered on commit) so the bell's count
 * updates at once.
 */
export async function notifyAdmins(tx: Tx, input: AdminNotificationInput) {
  const roles = NOTIFIED_ROLES[input.entityType] ?? ['owner'];
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), inArray(users.adminRole, roles), isNull(users.deactivatedAt)));
  if (!admins.length) return [];
  await tx.insert(notifications).values(admins.map((a) => ({ userId: a.id, ...input })));
  for (const a of admins) await publishMessageEvent(tx, { type: 'notification', userId: a.id });
  return admins;
}

/** A merchant wrote on their registration's thread (a reply to a rejection, or a question): it waits for an admin. */
export const REGISTRATION_REPLY = 'registration_reply';

/**
 * An item that waited for an admin was handled (a registration approved or rejected, a merchant's
 * reply read, a refund request decided, a ticket answered): every admin's unread notifications about
 * it are marked done, in the caller's transaction, and their bells recount. `types` limits it to
 * those kinds (reading a reply handles the reply, not the registration itself). Returns how many.
 */
export async function resolveAdminNotifications(
  tx: Tx,
  item: { entityType: string; entityId: string; types?: string[] },
  now: Date,
): Promise<number> {
  const done = await tx
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.entityType, item.entityType),
        eq(notifications.entityId, item.entityId),
        isNull(notifications.readAt),
        item.types ? inArray(notifications.type, item.types) : undefined,
        sql`${notifications.userId} in (select ${users.id} from ${users} where ${users.role} = 'admin')`,
      ),
    )
    .returning({ userId: notifications.userId });
  for (const userId of new Set(done.map((d) => d.userId))) await publishMessageEvent(tx, { type: 'notification', userId });
  return done.length;
}

/** The merchant an item belongs to, for the link to it (a charge's or a deal's merchant, or the merchant itself). */
const merchantOf = sql<string | null>`case ${notifications.entityType}
  when 'merchant' then ${notifications.entityId}
  when 'merchant_charge' then ${merchantCharges.merchantId}
  when 'deal' then ${deals.merchantId}
end`;

const mine = (userId: string) => eq(notifications.userId, userId);
const unreadOf = (userId: string) => and(mine(userId), isNull(notifications.readAt));

async function unreadCount(db: Db | Tx, userId: string) {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return row?.n ?? 0;
}

/** The signed-in admin's own notifications, newest first, page by page, each with the link to its item (one query a page). */
export async function listAdminNotifications(deps: NotificationDeps, userId: string, page: number): Promise<AdminNotificationsPage> {
  const pageSize = ADMIN_NOTIFICATIONS_PAGE_SIZE;
  const [rows, [total], unread] = await Promise.all([
    deps.db
      .select({ n: notifications, merchantId: merchantOf })
      .from(notifications)
      .leftJoin(merchantCharges, and(eq(notifications.entityType, 'merchant_charge'), eq(merchantCharges.id, notifications.entityId)))
      .leftJoin(deals, and(eq(notifications.entityType, 'deal'), eq(deals.id, notifications.entityId)))
      .where(mine(userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(notifications).where(mine(userId)),
    unreadCount(deps.db, userId),
  ]);
  return { items: rows.map((r) => toNotification(r.n, r.merchantId)), unread, total: total?.n ?? 0, page, pageSize };
}

export async function adminUnreadCount(deps: NotificationDeps, userId: string) {
  return { unread: await unreadCount(deps.db, userId) };
}

/**
 * Marks one of the admin's own notifications read (idempotent: a read one keeps its first read
 * time). Another user's notification is answered as not found, exactly like one that does not exist.
 */
export async function markNotificationRead(deps: NotificationDeps, userId: string, id: string): Promise<NotificationsMarked> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), mine(userId)));
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  const marked = await deps.db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), unreadOf(userId)))
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await unreadCount(deps.db, userId) };
}

/** Marks every unread notification of the admin read; a second call marks nothing. */
export async function markAllNotificationsRead(deps: NotificationDeps, userId: string): Promise<NotificationsMarked> {
  const marked = await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(unreadOf(userId))
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await unreadCount(deps.db, userId) };
}

const toNotification = (n: typeof notifications.$inferSelect, merchantId: string | null): AdminNotification => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  entityType: n.entityType,
  entityId: n.entityId,
  href: adminNotificationHref({ entityType: n.entityType, entityId: n.entityId, merchantId }),
  readAt: n.readAt ? n.readAt.toISOString() : null,
  createdAt: n.createdAt.toISOString(),
});
