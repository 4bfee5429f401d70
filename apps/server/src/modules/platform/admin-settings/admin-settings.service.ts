import { count, desc, eq } from 'drizzle-orm';
import { ADMIN_PAGE_SIZES, displayName } from '@localperks/shared';
import { adminAuditLog, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { recordAudit } from '../audit/audit';
import { createUser } from '../../accounts';
import { adminCreatedEmail } from './admin-settings.emails';

/** The admin accounts, oldest first. */
export async function listAdmins(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.createdAt, users.id);
  return {
    admins: rows.map((u) => ({ id: u.id, name: displayName(u.name, u.email), email: u.email, createdAt: u.createdAt.toISOString() })),
  };
}

/**
 * Admins are made only by other admins (there is no admin self sign-up). The account, its audit
 * entry and the welcome mail are written together.
 */
export async function createAdmin(
  deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>,
  by: { id: string; name: string },
  input: { name: string; email: string; password: string },
) {
  const now = deps.clock.now();
  const { user, mailId } = await deps.db.transaction(async (tx) => {
    const user = await createUser(
      tx,
      { email: input.email, password: input.password, name: input.name, role: 'admin', verified: true },
      now,
    );
    await recordAudit(tx, {
      adminId: by.id,
      action: 'admin.created',
      entityType: 'user',
      entityId: user.id,
      details: { name: input.name, email: user.email },
    });
    const mailId = await deps.mailer.queue(tx, adminCreatedEmail(user.email, { name: input.name, createdBy: by.name }, deps.config.appUrl));
    return { user, mailId };
  });
  await deliverQueuedMail(deps, mailId, 'admin welcome');
  return { admin: { id: user.id, name: displayName(user.name, user.email), email: user.email, createdAt: user.createdAt.toISOString() } };
}

/** The audit trail: every recorded admin action, newest first, page by page. */
export async function listAudit(deps: Pick<Deps, 'db'>, page: number) {
  const pageSize = ADMIN_PAGE_SIZES.auditLog;
  const [total] = await deps.db.select({ n: count() }).from(adminAuditLog);
  const rows = await deps.db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      entityType: adminAuditLog.entityType,
      entityId: adminAuditLog.entityId,
      details: adminAuditLog.details,
      createdAt: adminAuditLog.createdAt,
      adminId: adminAuditLog.adminId,
      adminName: users.name,
      adminEmail: users.email,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
      admin: r.adminEmail ? { id: r.adminId, name: displayName(r.adminName, r.adminEmail), email: r.adminEmail } : null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
