import { and, count, desc, eq, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LIST_LIMITS,
  ADMIN_PAGE_SIZES,
  DEAL_MODERATION_MESSAGES,
  payoutPeriodFor,
  utcDay,
  type AdminMerchantsWithDeals,
} from '@localperks/shared';
import { dealWithdrawn, escapeLike } from '../../catalog';
import { boostRefundNotice, refundUnusedBoosts, removalFacts, toAppeal } from '../merchant-deals/deal-removal.service';
import { deals, merchantPayouts, merchantRegistrationRequests, merchants, notifications, users } from '../../../db/schema';
import { backgroundJobFailures } from '../../../jobs/failures';
import { merchantsFlaggedForDisputes, overdueSql, payoutSummary } from '../../money';
import { deliverQueuedMail } from '../../../lib/deliver-mail';
import { mailOutboxBacklog } from '../../../mail/mailer';
import { AppError } from '../../../lib/errors';
import type { Deps } from '../../../lib/deps';
import { recordAudit } from '../../platform';
import { dealDeactivatedEmail } from './admin-overview.emails';
import { platformRevenue } from './platform-revenue';

export const MERCHANT_DEALS_PAGE_SIZE = 20;

/**
 * The Overview tab (docs/product/merchant-admin-spec.md §2): every figure from the database, money from the ledger. Revenue is what
 * customers paid; the current period payout is what merchants are owed for today's semi-monthly
 * period (sales minus commission), paid on its payout date (docs/product/design.md §8). `revenue` is the platform's
 * own income by source (platform-revenue.ts); `overduePayouts` counts closed payouts past their
 * payout date and still unpaid, not waiting for the merchant's payout account nor held. `backgroundJobs` lists the
 * scheduled jobs that failed in the last 24 hours, so a job that keeps failing is seen, not only logged, and
 * `mailOutbox` the mail waiting for the SMTP server (an SMTP outage shows here, with its last error).
 * `disputeFlags` lists the merchants with repeated lost chargebacks, for review.
 */
export async function adminOverview(deps: Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'mailer'>>) {
  const { db } = deps;
  const now = deps.clock.now();
  const period = payoutPeriodFor(now);
  const [m] = await db
    .select({ total: count(), approved: sql<number>`count(*) filter (where ${merchants.approved})::int` })
    .from(merchants);
  const [d] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${deals.status} = 'active' and ${deals.expirationDate} > ${now.toISOString()})::int`,
    })
    .from(deals)
    // A draft is not launched yet and a removed deal is no longer a deal: neither is counted.
    .where(notInArray(deals.status, ['draft', 'removed']));
  // The period payout is Payout Management's Current Period Summary, the same ledger figures (payoutSummary).
  const payouts = await payoutSummary(deps);
  const [pending] = await db
    .select({ n: count() })
    .from(merchantRegistrationRequests)
    .where(eq(merchantRegistrationRequests.status, 'pending'));
  // Overdue: the platform's to act on (a failed transfer, one not sent in time), not payouts waiting for the merchant's account.
  const [overdue] = await db
    .select({ n: count() })
    .from(merchantPayouts)
    .where(overdueSql(utcDay(now)));
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
  const { merchants: merchantsWithDeals } = await listMerchantsWithDeals(
    deps,
    { page: 1, search: '' },
    ADMIN_LIST_LIMITS.merchantsWithDeals,
  );
  return {
    revenue,
    overduePayouts: overdue?.n ?? 0,
    stats: {
      totalMerchants: m?.total ?? 0,
      approvedMerchants: m?.approved ?? 0,
      totalDeals: d?.total ?? 0,
      activeDeals: d?.active ?? 0,
      // Money from the one ledger (docs/product/design.md §14): what customers paid, and the commission kept after reversals.
      totalRevenueCents: revenue.allTime.grossSalesCents,
      totalPurchases: revenue.allTime.purchases,
      totalCommissionCents: revenue.allTime.commissionCents,
      currentPeriod: { start: period.start, end: period.end, payoutDate: period.payoutDate },
      currentPeriodPayoutCents: payouts.upcomingNetCents,
      currentPeriodPurchases: revenue.currentPeriod.purchases,
      currentPeriodMerchants: payouts.merchantsThisPeriod,
      nextPayoutDate: period.payoutDate,
    },
    pendingApprovals: pending?.n ?? 0,
    recentMerchants: recentMerchants.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    merchantsWithDeals,
    backgroundJobs: await backgroundJobFailures(db),
    // Without SMTP the outbox is the development mailbox: nothing waits for a server.
    mailOutbox: deps.mailer?.deliversExternally ? await mailOutboxBacklog(db) : null,
    disputeFlags: await merchantsFlaggedForDisputes(db, now),
  };
}

/**
 * Every merchant with deals (any launched deal, a removed one included: its merchant may appeal),
 * newest merchant first, whose business name, city or account e-mail contains `search`, page by page.
 * Counts leave removed deals out: they are no longer deals.
 */
export async function listMerchantsWithDeals(
  deps: Pick<Deps, 'db' | 'clock'>,
  query: { page: number; search: string },
  pageSize: number = ADMIN_PAGE_SIZES.merchantsWithDeals,
): Promise<AdminMerchantsWithDeals> {
  const { db } = deps;
  const now = deps.clock.now();
  const hasDeals = sql`exists (select 1 from ${deals} where ${deals.merchantId} = ${merchants.id} and ${deals.status} <> 'draft')`;
  const q = query.search ? `%${escapeLike(query.search.toLowerCase())}%` : null;
  const where = and(
    hasDeals,
    q
      ? or(sql`lower(${merchants.businessName}) like ${q}`, sql`lower(${merchants.city}) like ${q}`, sql`lower(${users.email}) like ${q}`)
      : undefined,
  );
  const counted = (filter: SQL) => sql<number>`count(${deals.id}) filter (where ${filter})::int`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: merchants.id,
        businessName: merchants.businessName,
        city: merchants.city,
        state: merchants.state,
        approved: merchants.approved,
        dealCount: counted(sql`${deals.status} <> 'removed'`),
        activeDealCount: counted(sql`${deals.status} = 'active' and ${deals.expirationDate} > ${now.toISOString()}`),
        removedDealCount: counted(sql`${deals.status} = 'removed'`),
      })
      .from(merchants)
      .innerJoin(users, eq(users.id, merchants.userId))
      .innerJoin(deals, and(eq(deals.merchantId, merchants.id), ne(deals.status, 'draft')))
      .where(where)
      .groupBy(merchants.id)
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.userId)).where(where),
  ]);
  return { merchants: rows, total: total?.n ?? 0, page: query.page, pageSize };
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
      votingEndDate: deals.votingEndDate,
      moderationReason: deals.moderationReason,
      createdAt: deals.createdAt,
    })
    .from(deals)
    .where(where)
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(MERCHANT_DEALS_PAGE_SIZE)
    .offset((page - 1) * MERCHANT_DEALS_PAGE_SIZE);
  // Appeals and boost refunds of the page's deals (a reinstated deal keeps its decided appeal).
  const removal = await removalFacts(
    db,
    rows.map((r) => r.id),
  );
  return {
    merchant,
    deals: rows.map(({ votingEndDate, ...r }) => ({
      ...r,
      isActive: r.status === 'active' && r.expirationDate.getTime() > now.getTime(),
      isVoting: r.status === 'pending' && votingEndDate !== null && votingEndDate.getTime() > now.getTime(),
      appeal: removal.appeals.has(r.id) ? toAppeal(removal.appeals.get(r.id)!) : null,
      boostRefundCents: removal.refunds.get(r.id) ?? 0,
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
    // A boost paid on it stops: its unused time is refunded, recorded here and sent to the provider by the
    // withdrawal's subscriber (merchant/subscribers.ts) after the commit, retried by the refund job.
    const refunds = await refundUnusedBoosts(tx, deal.id, now);
    const refundNotice = boostRefundNotice(refunds);
    await publish(dealWithdrawn, { dealIds: [updated.id] });
    await tx.insert(notifications).values({
      userId: deal.merchantUserId,
      type: 'deal_deactivated',
      title: 'Deal deactivated',
      message: `Your deal "${deal.title}" was deactivated by LocalPerks. Reason: ${reason}.${refundNotice} You can appeal it from My Deals.`,
      entityType: 'deal',
      entityId: deal.id,
    });
    await recordAudit(tx, {
      adminId,
      action: 'deal.deactivated',
      entityType: 'deal',
      entityId: deal.id,
      details: {
        title: deal.title,
        merchantId: deal.merchantId,
        businessName: deal.businessName,
        previousStatus: deal.status,
        reason,
        boostRefundCents: refunds.reduce((s, r) => s + r.amountCents, 0),
      },
    });
    return deps.mailer.queue(
      tx,
      dealDeactivatedEmail(deal.email, { businessName: deal.businessName, title: deal.title, reason, refundNotice }, deps.config.appUrl),
    );
  });
  await deliverQueuedMail(deps, mailId, 'deal deactivation');
  return { ok: true as const };
}
