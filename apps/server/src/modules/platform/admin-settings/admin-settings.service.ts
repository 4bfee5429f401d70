import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_MESSAGES,
  ADMIN_PAGE_SIZES,
  DAY_MS,
  SANCTION_MESSAGES,
  displayName,
  type AdminRole,
  type AuditQuery,
} from '@localperks/shared';
import { adminAuditLog, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { escapeLike } from '../../../lib/escape-like';
import { endAllSessions } from '../../../plugins/session';
import { recordAudit } from '../audit/audit';
import { createUser } from '../../accounts';
import { adminCreatedEmail } from './admin-settings.emails';

type AdminRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'createdAt' | 'adminRole' | 'deactivatedAt'>;
const adminOut = (u: AdminRow) => ({
  id: u.id,
  name: displayName(u.name, u.email),
  email: u.email,
  createdAt: u.createdAt.toISOString(),
  role: u.adminRole,
  deactivatedAt: u.deactivatedAt?.toISOString() ?? null,
});

/** The admin accounts, oldest first, with their roles; deactivated ones too (they can be reactivated). */
export async function listAdmins(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db.select().from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt, users.id);
  return { admins: rows.map(adminOut) };
}

/**
 * Admins are made only by other admins (there is no admin self sign-up). The account, its audit
 * entry and the welcome mail are written together.
 */
export async function createAdmin(
  deps: Pick<Deps, 'db' | 'mailer' | 'clock' | 'config' | 'log'>,
  by: { id: string; name: string },
  input: { name: string; email: string; password: string; role: AdminRole },
) {
  const now = deps.clock.now();
  const { user, mailId } = await deps.db.transaction(async (tx) => {
    const user = await createUser(
      tx,
      { email: input.email, password: input.password, name: input.name, role: 'admin', adminRole: input.role, verified: true },
      now,
    );
    await recordAudit(tx, {
      adminId: by.id,
      action: 'admin.created',
      entityType: 'user',
      entityId: user.id,
      details: { name: input.name, email: user.email, role: input.role },
    });
    const mailId = await deps.mailer.queue(tx, adminCreatedEmail(user.email, { name: input.name, createdBy: by.name }, deps.config.appUrl));
    return { user, mailId };
  });
  await deliverQueuedMail(deps, mailId, 'admin welcome');
  return { admin: adminOut(user) };
}

/**
 * Changes another admin's role, or deactivates or reactivates it (docs/decisions/0062-roles-and-staff.md). Owners
 * only, never on themselves; the platform keeps at least one active owner. The active owners are locked first, so
 * of two owners demoting each other at once the second finds it is no longer an owner and is refused. A
 * deactivation ends the admin's sessions in the same transaction.
 */
async function changeAdmin(
  deps: Pick<Deps, 'db' | 'clock'>,
  by: { id: string },
  adminId: string,
  change: { role: AdminRole } | { active: boolean },
) {
  if (adminId === by.id) throw new AppError('FORBIDDEN', SANCTION_MESSAGES.notYourself);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.adminRole, 'owner'), isNull(users.deactivatedAt)))
      .for('update');
    if (!owners.some((o) => o.id === by.id)) throw new AppError('FORBIDDEN', ACCESS_MESSAGES.adminRole(null));
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, adminId), eq(users.role, 'admin')))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', SANCTION_MESSAGES.adminNotFound);
    const staysOwner = 'role' in change ? change.role === 'owner' : change.active;
    const isActiveOwner = owners.some((o) => o.id === adminId);
    if (isActiveOwner && !staysOwner && owners.length <= 1) throw new AppError('CONFLICT', SANCTION_MESSAGES.lastOwner);
    const details = { name: displayName(before.name, before.email), email: before.email };
    if ('role' in change) {
      const [after] = await tx.update(users).set({ adminRole: change.role, updatedAt: now }).where(eq(users.id, adminId)).returning();
      await recordAudit(tx, {
        adminId: by.id,
        action: 'admin.role_changed',
        entityType: 'user',
        entityId: adminId,
        details: { ...details, from: before.adminRole, to: change.role },
      });
      return { admin: adminOut(after!) };
    }
    if (change.active === (before.deactivatedAt === null))
      throw new AppError('CONFLICT', change.active ? SANCTION_MESSAGES.notDeactivated : SANCTION_MESSAGES.alreadyDeactivated);
    const [after] = await tx
      .update(users)
      .set({ deactivatedAt: change.active ? null : now, updatedAt: now })
      .where(eq(users.id, adminId))
      .returning();
    if (!change.active) await endAllSessions(tx, adminId);
    await recordAudit(tx, {
      adminId: by.id,
      action: change.active ? 'admin.reactivated' : 'admin.deactivated',
      entityType: 'user',
      entityId: adminId,
      details,
    });
    return { admin: adminOut(after!) };
  });
}

export const setAdminRole = (deps: Pick<Deps, 'db' | 'clock'>, by: { id: string }, adminId: string, role: AdminRole) =>
  changeAdmin(deps, by, adminId, { role });
export const setAdminActive = (deps: Pick<Deps, 'db' | 'clock'>, by: { id: string }, adminId: string, active: boolean) =>
  changeAdmin(deps, by, adminId, { active });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit trail, newest first, page by page, searched (docs/decisions/0062-roles-and-staff.md): by actor (a part of
 * the name or e-mail of who did it), by target (the record's id, or a part of what was recorded about it: a
 * business's name, an e-mail, a ticket's subject), by action, and by UTC days from and to (both included).
 */
export async function listAudit(deps: Pick<Deps, 'db'>, query: AuditQuery) {
  const pageSize = ADMIN_PAGE_SIZES.auditLog;
  const like = (v: string) => `%${escapeLike(v.toLowerCase())}%`;
  const filters: SQL[] = [];
  if (query.actor)
    filters.push(sql`(lower(${users.email}) like ${like(query.actor)} or lower(coalesce(${users.name}, '')) like ${like(query.actor)})`);
  if (query.target) {
    const text = sql`lower(${adminAuditLog.details}::text) like ${like(query.target)}`;
    filters.push(UUID.test(query.target) ? or(eq(adminAuditLog.entityId, query.target), text)! : text);
  }
  if (query.action) filters.push(eq(adminAuditLog.action, query.action));
  if (query.from) filters.push(gte(adminAuditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(adminAuditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await deps.db
    .select({ n: count() })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(where);
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
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
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
    page: query.page,
    pageSize,
  };
}
