import { and, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZES, SANCTION_MESSAGES, displayName, type AdminCustomer, type AdminCustomersQuery } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { escapeLike } from '../../../lib/escape-like';
import { endAllSessions } from '../../../plugins/session';
import { recordAudit } from '../../platform';
import { customerBannedEmail } from './admin-customers.emails';

/*
 * Banning a customer (docs/decisions/0063-suspensions-and-bans.md): `users.banned_at` and the reason. Every session
 * ends in the same transaction (and its open event streams with it); the session check and the sign-in refuse
 * the account from then on, the sign-in with the reason. Nothing the customer bought is touched: vouchers stay
 * valid and redeemable, refund requests are decided and paid as before. Lifting the ban lets them sign in again.
 */

const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
  bannedAt: users.bannedAt,
  banReason: users.banReason,
  // The outer row named in full: in a one-table query's select list Drizzle writes bare column names.
  purchases: sql<number>`(select count(*)::int from purchases p where p.user_id = ${sql.identifier('users')}.${sql.identifier('id')})`,
};

type CustomerRow = {
  id: string;
  name: string | null;
  email: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  bannedAt: Date | null;
  banReason: string | null;
  purchases: number;
};

const customerOut = (r: CustomerRow): AdminCustomer => ({
  id: r.id,
  name: displayName(r.name, r.email),
  email: r.email,
  createdAt: r.createdAt.toISOString(),
  emailVerified: r.emailVerifiedAt !== null,
  purchases: Number(r.purchases),
  bannedAt: r.bannedAt?.toISOString() ?? null,
  banReason: r.banReason,
});

/** Customer accounts, newest first, by a part of the name or e-mail; the banned ones alone if asked. */
export async function listCustomers(deps: Pick<Deps, 'db'>, query: AdminCustomersQuery) {
  const pageSize = ADMIN_PAGE_SIZES.customers;
  const filters: SQL[] = [eq(users.role, 'customer')];
  if (query.status === 'banned') filters.push(isNotNull(users.bannedAt));
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    filters.push(sql`(lower(${users.email}) like ${like} or lower(coalesce(${users.name}, '')) like ${like})`);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  return { customers: rows.map(customerOut), total: total?.n ?? 0, page: query.page, pageSize };
}

async function lockedCustomer(tx: Tx, userId: string) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'customer')))
    .for('update');
  if (!u) throw new AppError('NOT_FOUND', SANCTION_MESSAGES.customerNotFound);
  return u;
}

async function customerById(tx: Tx, userId: string) {
  const [row] = await tx.select(customerColumns).from(users).where(eq(users.id, userId));
  return { customer: customerOut(row!) };
}

/** Bans a customer with a reason: the column, every session ended, the audit entry and the e-mail, in one transaction. */
export async function banCustomer(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>,
  adminId: string,
  userId: string,
  reason: string,
) {
  const now = deps.clock.now();
  const mailId = await deps.db.transaction(async (tx) => {
    const u = await lockedCustomer(tx, userId);
    if (u.bannedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.alreadyBanned);
    await tx.update(users).set({ bannedAt: now, banReason: reason, updatedAt: now }).where(eq(users.id, userId));
    await endAllSessions(tx, userId);
    await recordAudit(tx, {
      adminId,
      action: 'customer.banned',
      entityType: 'user',
      entityId: userId,
      details: { email: u.email, reason },
    });
    return deps.mailer.queue(tx, customerBannedEmail(u.email, { reason }, deps.config.appUrl));
  });
  await deliverQueuedMail(deps, mailId, 'customer ban');
  return customerById(deps.db, userId);
}

/** Lifts a ban: the customer can sign in again (a new session; the old ones stay ended); audited. */
export async function unbanCustomer(deps: Pick<Deps, 'db' | 'clock'>, adminId: string, userId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const u = await lockedCustomer(tx, userId);
    if (!u.bannedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.notBanned);
    await tx.update(users).set({ bannedAt: null, banReason: null, updatedAt: now }).where(eq(users.id, userId));
    await recordAudit(tx, {
      adminId,
      action: 'customer.unbanned',
      entityType: 'user',
      entityId: userId,
      details: { email: u.email, bannedAt: u.bannedAt.toISOString(), reason: u.banReason },
    });
  });
  return customerById(deps.db, userId);
}
