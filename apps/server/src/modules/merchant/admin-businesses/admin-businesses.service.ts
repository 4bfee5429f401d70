import { and, count, desc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZES, SANCTION_MESSAGES, type AdminBusiness, type AdminBusinessesQuery } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { adminMerchantMessages, deals, merchantRegistrationRequests, merchants, orderItems, orders, users } from '../../../db/schema';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { escapeLike } from '../../../lib/escape-like';
import { publishMessageEvent } from '../../../lib/events';
import { dealWithdrawn } from '../../catalog';
import { recordAudit } from '../../platform';
import { merchantReinstatedEmail, merchantSuspendedEmail } from './admin-businesses.emails';

/*
 * Suspending a business (docs/decisions/0063-suspensions-and-bans.md). One column, `merchants.suspended_at`, and
 * every rule reads it: the public listings' visibility (catalog visibleNow, businessIsPublic), so the page, the deals,
 * search, home and the sitemap lose it and checkout refuses it (its sale rule is the listing's); the payouts
 * (held: not paid while set); deal creation and boosts. Nothing else is changed, so reinstating (clearing it) gives
 * everything back as it was. Vouchers already sold are not touched: they stay valid and redeemable.
 */

/**
 * Its deals that would be listed at `now` but for a suspension: the listing's own rule (the trigger
 * `deals_listed_until`, migration 0046) without its suspension clause.
 */
const liveDeals = (now: Date) =>
  sql<number>`(select count(*)::int from ${deals} d where d.merchant_id = ${merchants.id} and
    case when d.status = 'active' then d.expiration_date
         when d.status = 'pending' and d.type = 'perkboost' then least(d.voting_end_date, d.expiration_date) end > ${now})`;
const latestRegistration = sql<
  string | null
>`(select r.id from ${merchantRegistrationRequests} r where r.user_id = ${merchants.userId} order by r.created_at desc, r.id desc limit 1)`;

const businessColumns = (now: Date) => ({
  id: merchants.id,
  businessName: merchants.businessName,
  slug: merchants.slug,
  email: users.email,
  city: merchants.city,
  state: merchants.state,
  plan: merchants.subscriptionPlan,
  liveDeals: liveDeals(now),
  suspendedAt: merchants.suspendedAt,
  suspensionReason: merchants.suspensionReason,
  registrationId: latestRegistration,
});

type BusinessRow = {
  id: string;
  businessName: string;
  slug: string;
  email: string;
  city: string;
  state: string;
  plan: AdminBusiness['plan'];
  liveDeals: number;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  registrationId: string | null;
};

const businessOut = (r: BusinessRow): AdminBusiness => ({
  id: r.id,
  businessName: r.businessName,
  slug: r.slug,
  email: r.email,
  city: r.city,
  state: r.state,
  plan: r.plan,
  liveDeals: Number(r.liveDeals),
  suspendedAt: r.suspendedAt?.toISOString() ?? null,
  suspensionReason: r.suspensionReason,
  registrationId: r.registrationId,
});

/** The approved businesses, newest first, by a part of the name, city or owner's e-mail; the suspended ones if asked. */
export async function listBusinesses(deps: Pick<Deps, 'db' | 'clock'>, query: AdminBusinessesQuery) {
  const pageSize = ADMIN_PAGE_SIZES.businesses;
  const filters: SQL[] = [eq(merchants.approved, true)];
  if (query.status === 'suspended') filters.push(isNotNull(merchants.suspendedAt));
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    filters.push(
      sql`(lower(${merchants.businessName}) like ${like} or lower(${merchants.city}) like ${like} or lower(${users.email}) like ${like})`,
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(businessColumns(deps.clock.now()))
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.userId))
      .where(where)
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    deps.db.select({ n: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.userId)).where(where),
  ]);
  return { businesses: rows.map(businessOut), total: total?.n ?? 0, page: query.page, pageSize };
}

async function businessById(tx: Tx, merchantId: string, now: Date) {
  const [row] = await tx
    .select(businessColumns(now))
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchants.id, merchantId));
  if (!row) throw new AppError('NOT_FOUND', SANCTION_MESSAGES.merchantNotFound);
  return row;
}

/** Says it in the business's admin thread (its newest registration's), where the merchant can answer. */
async function tellInThread(tx: Tx, merchant: { userId: string }, adminId: string, message: string, now: Date) {
  const [registration] = await tx
    .select({ id: merchantRegistrationRequests.id })
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.userId, merchant.userId))
    .orderBy(desc(merchantRegistrationRequests.createdAt), desc(merchantRegistrationRequests.id))
    .limit(1);
  if (!registration) return;
  await tx
    .insert(adminMerchantMessages)
    .values({ registrationId: registration.id, senderType: 'admin', senderId: adminId, messageType: 'general', message, createdAt: now });
  await publishMessageEvent(tx, { type: 'registration_message', registrationId: registration.id, merchantUserId: merchant.userId });
}

export type SuspensionDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log' | 'domainEvents'>;

/**
 * Suspends an approved business with a reason, in one transaction: the column every rule reads, the reason in its
 * admin thread, the audit entry, the e-mail, and `dealWithdrawn` for its deals with payment pages open (orders closes
 * them at the provider once this commits; one paid meanwhile is refunded by its fulfilment, which finds the deal
 * no longer sellable). The row is locked, so of two suspensions at once the second is told it already is.
 */
export async function suspendMerchant(deps: SuspensionDeps, adminId: string, merchantId: string, reason: string) {
  const now = deps.clock.now();
  const mailId = await deps.domainEvents.transaction(async (tx, publish) => {
    const [m] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!m?.approved) throw new AppError('NOT_FOUND', SANCTION_MESSAGES.merchantNotFound);
    if (m.suspendedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.alreadySuspended);
    await tx.update(merchants).set({ suspendedAt: now, suspensionReason: reason, updatedAt: now }).where(eq(merchants.id, merchantId));
    const open = await tx
      .selectDistinct({ dealId: orderItems.dealId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(deals, eq(deals.id, orderItems.dealId))
      .where(and(eq(deals.merchantId, merchantId), eq(orders.status, 'open'), gt(orders.expiresAt, now)));
    if (open.length) await publish(dealWithdrawn, { dealIds: open.map((o) => o.dealId) });
    await tellInThread(tx, m, adminId, `${SANCTION_MESSAGES.suspendedNotice(reason)}\n\nYou can answer here.`, now);
    await recordAudit(tx, {
      adminId,
      action: 'merchant.suspended',
      entityType: 'merchant',
      entityId: merchantId,
      details: { businessName: m.businessName, reason },
    });
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, m.userId));
    return deps.mailer.queue(tx, merchantSuspendedEmail(owner!.email, { businessName: m.businessName, reason }, deps.config.appUrl));
  });
  await deliverQueuedMail(deps, mailId, 'merchant suspension');
  return { business: businessOut(await businessById(deps.db, merchantId, deps.clock.now())) };
}

/** Reinstates a suspended business: everything the suspension hid or held comes back (one column cleared); audited. */
export async function reinstateMerchant(deps: SuspensionDeps, adminId: string, merchantId: string) {
  const now = deps.clock.now();
  const mailId = await deps.db.transaction(async (tx) => {
    const [m] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!m?.approved) throw new AppError('NOT_FOUND', SANCTION_MESSAGES.merchantNotFound);
    if (!m.suspendedAt) throw new AppError('CONFLICT', SANCTION_MESSAGES.notSuspended);
    await tx.update(merchants).set({ suspendedAt: null, suspensionReason: null, updatedAt: now }).where(eq(merchants.id, merchantId));
    await tellInThread(
      tx,
      m,
      adminId,
      `${m.businessName} is reinstated: your page and deals are shown again and your payouts are no longer held.`,
      now,
    );
    await recordAudit(tx, {
      adminId,
      action: 'merchant.reinstated',
      entityType: 'merchant',
      entityId: merchantId,
      details: { businessName: m.businessName, suspendedAt: m.suspendedAt.toISOString(), reason: m.suspensionReason },
    });
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, m.userId));
    return deps.mailer.queue(tx, merchantReinstatedEmail(owner!.email, { businessName: m.businessName }, deps.config.appUrl));
  });
  await deliverQueuedMail(deps, mailId, 'merchant reinstatement');
  return { business: businessOut(await businessById(deps.db, merchantId, deps.clock.now())) };
}
