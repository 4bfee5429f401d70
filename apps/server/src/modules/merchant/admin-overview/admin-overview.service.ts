import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { ADMIN_LIST_LIMITS, DEAL_MODERATION_MESSAGES, payoutPeriodFor, payoutPeriodWindow, utcDay } from '@localperks/shared';
import { deals, merchantPayouts, merchantRegistrationRequests, merchants, notifications, purchases, users } from '../../../db/schema';
import { backgroundJobFailures } from '../../../jobs/failures';
import { merchantsFlaggedForDisputes } from '../../money';
import { dealWithdrawn } from '../../catalog';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import { recordAudit } from '../../platform';
import { dealDeactivatedEmail } from './admin-overview.emails';
import { platformRevenue } from './platform-revenue';

export const MERCHANT_DEALS_PAGE_SIZE = 20;

/**
 * The Overview tab (docs/product/merchant-admin-spec.md §2): every figure from the database. Revenue is what
 * customers paid; the current period payout is what merchants are owed for today's semi-monthly
 * period (sales minus commission), paid on its payout date (docs/product/design.md §8). `revenue` is the platform's
 * own income by source (platform-revenue.ts); `overduePayouts` counts closed payouts past their
 * payout date and still unpaid. `backgroundJobs` lists the
 * scheduled jobs that failed in the last 24 hours, so a job that keeps failing is seen, not only logged.
 * `disputeFlags` lists the merchants with repeated lost chargebacks, for review.
 */
export async function adminOverview(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db } = deps;
  const now = deps.clock.now();
  const period = payoutPeriodFor(now);
  const window = payoutPeriodWindow(period);
  const [m] = await db
    .select({ total: count(), approved: sql<number>`count(*) filter (where ${merchants.approved})::int` })
    .from(merchants);
  const [d] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${deals.status} = 'active' and ${deals.expirationDate} > ${now.toISOString()})::int`,
    })
    .from(deals)
    .where(ne(deals.status, 'draft'));
  const [p] = await db
    .select({
      revenue: sql<number>`coalesce(sum(${purchases.priceCents}), 0)::int`,
      purchases: count(),
      commission: sql<number>`coalesce(sum(${purchases.commissionCents}), 0)::int`,
    })
    .from(purchases);
  const [cp] = await db
    .select({
      net: sql<number>`coalesce(sum(${purchases.priceCents} - ${purchases.commissionCents}), 0)::int`,
      purchases: count(),
      merchants: sql<number>`count(distinct ${purchases.merchantId})::int`,
    })
    .from(purchases)
    .where(and(gte(purchases.purchasedAt, window.from), lt(purchases.purchasedAt, window.to)));
  const [pending] = await db
    .select({ n: count() })
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.status, 'pending'));
  const [overdue] = await db
    .select({ n: count() })
    .from(merchantPayouts)
    .where(and(eq(merchantPayouts.isPaid, false), lt(merchantPayouts.payoutDate, utcDay(now))));
  const revenue = await platformRevenue(db, now);
  const recentMerchants = await db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      city: merchants.city,
      state: merchants.state,
      plan: merchants.subscriptionPlan,
      approved: merchants.approved,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .orderBy(desc(merchants.createdAt), desc(merchants.id))
    .limit(ADMIN_LIST_LIMITS.recentMerchants);
  const dealCount = sql<number>`count(${deals.id})::int`;
  const merchantsWithDeals = await db
    .select({
      id: merchants.id,
      businessName: merchants.businessName,
      city: merchants.city,
      state: merchants.state,
      approved: merchants.approved,
      dealCount,
      activeDealCount: sql<number>`count(${deals.id}) filter (where ${deals.status} = 'active' and ${deals.expirationDate} > ${now.toISOString()})::int`,
    })
    .from(merchants)
    .innerJoin(deals, and(eq(deals.merchantId, merchants.id), ne(deals.status, 'draft')))
    .groupBy(merchants.id)
    .orderBy(desc(merchants.createdAt), desc(merchants.id))
    .limit(ADMIN_LIST_LIMITS.merchantsWithDeals);
  return {
    revenue,
    overduePayouts: overdue?.n ?? 0,
    stats: {
      totalMerchants: m?.total ?? 0,
      approvedMerchants: m?.approved ?? 0,
      totalDeals: d?.total ?? 0,
      activeDeals: d?.active ?? 0,
      totalRevenueCents: p?.revenue ?? 0,
      totalPurchases: p?.purchases ?? 0,
      totalCommissionCents: p?.commission ?? 0,
      currentPeriod: { start: period.start, end: period.end, payoutDate: period.payoutDate },
      currentPeriodPayoutCents: cp?.net ?? 0,
      currentPeriodPurchases: cp?.purchases ?? 0,
      currentPeriodMerchants: cp?.merchants ?? 0,
      nextPayoutDate: period.payoutDate,
    },
    pendingApprovals: pending?.n ?? 0,
    recentMerchants: recentMerchants.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    merchantsWithDeals,
    backgroundJobs: await backgroundJobFailures(db),
    disputeFlags: await merchantsFlaggedForDisputes(db, now),
  };
}

/** One merchant's deals for the admin, newest first, page by page. */
export async function merchantDealsForAdmin(deps: Pick<Deps, 'db' | 'clock'>, merchantId: string, page: number) {
  const { db } = deps;
  const now = deps.clock.now();
  const [merchant] = await db
    .select({ id: merchants.id, businessName: merchants.businessName })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant) throw new AppError('NOT_FOUND', 'This merchant was not found.');
  const where = and(eq(deals.merchantId, merchantId), ne(deals.status, 'draft'));
  const [total] = await db.select({ n: count() }).from(deals).where(where);
  const rows = await db
    .select({
      id: deals.id,
      title: deals.title,
      type: deals.type,
      status: deals.status,
      originalPriceCents: deals.originalPriceCents,
      dealPriceCents: deals.dealPriceCents,
      expirationDate: deals.expirationDate,
      moderationReason: deals.moderationReason,
      createdAt: deals.createdAt,
    })
    .from(deals)
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(MERCHANT_DEALS_PAGE_SIZE)
    .offset((page - 1) * MERCHANT_DEALS_PAGE_SIZE);
  return {
    merchant,
    deals: rows.map((r) => ({
      ...r,
      isActive: r.status === 'active' && r.expirationDate.getTime() > now.getTime(),
      expirationDate: r.expirationDate.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize: MERCHANT_DEALS_PAGE_SIZE,
  };
}

/**
 * Takes down a deal that breaks the merchant terms: status removed with the reason, an in-app
 * notification and an e-mail to the merchant, and an audit entry, all in one transaction.
 */
export async function deactivateDeal(
  deps: Pick<Deps, 'db' | 'mailer' | 'config' | 'clock' | 'log' | 'domainEvents'>,
  adminId: string,
  dealId: string,
  reason: string,
) {
  const now = deps.clock.now();
  const mailId = await deps.domainEvents.transaction(async (tx, publish) => {
    const [deal] = await tx
      .select({
        id: deals.id,
        title: deals.title,
        status: deals.status,
        merchantId: deals.merchantId,
        businessName: merchants.businessName,
        merchantUserId: merchants.userId,
        email: users.email,
      })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .innerJoin(users, eq(users.id, merchants.userId))
      .where(eq(deals.id, dealId));
    if (!deal) throw new AppError('NOT_FOUND', 'This deal was not found.');
    // Conditional on the status read: of two admins deactivating at once, one does.
    const [updated] = await tx
      .update(deals)
      .set({ status: 'removed', moderationReason: reason, updatedAt: now })
      .where(and(eq(deals.id, dealId), eq(deals.status, deal.status), ne(deals.status, 'removed')))
      .returning({ id: deals.id });
    if (!updated) throw new AppError('CONFLICT', DEAL_MODERATION_MESSAGES.alreadyRemoved);
    await publish(dealWithdrawn, { dealIds: [updated.id] });
    await tx.insert(notifications).values({
      userId: deal.merchantUserId,
      type: 'deal_deactivated',
      title: 'Deal deactivated',
      message: `Your deal "${deal.title}" was deactivated by LocalPerks. Reason: ${reason}`,
      entityType: 'deal',
      entityId: deal.id,
    });
    await recordAudit(tx, {
      adminId,
      action: 'deal.deactivated',
      entityType: 'deal',
      entityId: deal.id,
      details: { title: deal.title, merchantId: deal.merchantId, businessName: deal.businessName, previousStatus: deal.status, reason },
    });
    return deps.mailer.queue(
      tx,
      dealDeactivatedEmail(deal.email, { businessName: deal.businessName, title: deal.title, reason }, deps.config.appUrl),
    );
  });
  await deliverQueuedMail(deps, mailId, 'deal deactivation');
  return { ok: true as const };
}
