import { and, count, eq, gte, lt, lte, sql } from 'drizzle-orm';
import {
  BOOST_MESSAGES as B,
  HOUR_MS,
  dealBoostBlocker,
  MERCHANT_DEAL_MESSAGES,
  SANCTION_MESSAGES,
  hasMessagingAccess,
  paths,
  type BoostCounts,
  type DealBoostStatus,
  type ListingBoostStatus,
} from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { dealStatsHourly, deals, merchantCharges, merchants, notifications, purchases, users } from '../../../db/schema';
import { hourOf } from '../../catalog';
import type { Deps } from '../../../lib/deps';
import { AppError } from '../../../lib/errors';
import { publishDealEvent } from '../../../lib/events';
import { composeMail } from '../../../mail/mailer';

/**
 * Paid visibility (docs/product/design.md §4a, docs/decisions/0017-boost-model.md): a live standard deal, or an
 * Advertise + Messaging business listing, is boosted for a window bought through the payment
 * provider. The window lives on the row (`deals.boosted_until`, `merchants.listing_boosted_until`);
 * every query compares it with the clock, and the `boost-expiry` job clears it, tells the merchant
 * and drops the browse caches.
 */

type Merchant = typeof merchants.$inferSelect;
type DealRow = typeof deals.$inferSelect;

export async function merchantOfUser(db: Tx, userId: string): Promise<Merchant> {
  const [m] = await db.select().from(merchants).where(eq(merchants.userId, userId));
  if (!m) throw new AppError('FORBIDDEN', 'No merchant profile found. Please complete your registration.');
  return m;
}

/**
 * Why this merchant cannot boost deals (null: they can): approved, on Deals + Messaging, not suspended (a suspended
 * business is seen nowhere, so visibility cannot be sold to it; docs/decisions/0063-suspensions-and-bans.md).
 */
function dealBooster(m: Merchant): string | null {
  if (m.suspendedAt) return SANCTION_MESSAGES.suspended;
  return m.approved && m.subscriptionPlan === 'deals_messaging' ? null : B.dealPlanRequired;
}

/** Why this merchant cannot boost its listing (null: they can): Advertise + Messaging with a paid subscription, not suspended. */
export function listingBoostBlocker(m: Merchant, now: Date): string | null {
  if (m.suspendedAt) return SANCTION_MESSAGES.suspended;
  return m.subscriptionPlan === 'advertise_messaging' && hasMessagingAccess(m, now) ? null : B.listingPlanRequired;
}

/** One of the merchant's own deals; another merchant's (or a deleted) one is "not found". */
async function ownDeal(db: Tx, merchantId: string, dealId: string): Promise<DealRow> {
  const [d] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.merchantId, merchantId), sql`${deals.status} <> 'removed'`));
  if (!d) throw new AppError('NOT_FOUND', MERCHANT_DEAL_MESSAGES.notFound);
  return d;
}

/** The merchant and its deal, ready to be boosted: refused with a clear 4xx otherwise. */
export async function boostableDeal(deps: Pick<Deps, 'db' | 'clock'>, userId: string, dealId: string) {
  const m = await merchantOfUser(deps.db, userId);
  const planBlocker = dealBooster(m);
  if (planBlocker) throw new AppError('FORBIDDEN', planBlocker);
  const deal = await ownDeal(deps.db, m.id, dealId);
  const blocker = dealBoostBlocker(deal, deps.clock.now());
  if (blocker) throw new AppError('CONFLICT', blocker);
  return { merchant: m, deal };
}

export async function boostableListing(db: Tx, userId: string, now: Date) {
  const m = await merchantOfUser(db, userId);
  const blocker = listingBoostBlocker(m, now);
  if (blocker) throw new AppError('FORBIDDEN', blocker);
  return m;
}

/** The end of a window of `days` bought at `now`: it extends the current one when that is still running. */
const extended = (column: typeof deals.boostedUntil | typeof merchants.listingBoostedUntil, now: Date, days: number) =>
  sql`greatest(coalesce(${column}, ${now}), ${now}) + ${`${days} days`}::interval`;

/**
 * Applies a paid boost inside the payment's transaction (billing's `applyPaid`, which runs once per
 * charge): the window starts now, or extends an active one. The window bought is written on the
 * charge. Returns false when there is nothing left to boost (the deal was deleted or taken down
 * meanwhile): the caller has the payment refunded.
 */
export async function applyPaidBoost(tx: Tx, charge: typeof merchantCharges.$inferSelect, now: Date): Promise<boolean> {
  const days = charge.boostDays;
  if (!days) return false;
  let startsAt: Date;
  let endsAt: Date;
  if (charge.kind === 'deal_boost') {
    if (!charge.dealId) return false;
    const [before] = await tx.select({ boostedUntil: deals.boostedUntil }).from(deals).where(eq(deals.id, charge.dealId)).for('update');
    const [d] = await tx
      .update(deals)
      .set({
        boostedUntil: extended(deals.boostedUntil, now, days),
        boostStartedAt: sql`case when ${deals.boostedUntil} > ${now} then ${deals.boostStartedAt} else ${now} end`,
        updatedAt: now,
      })
      // A deal paused meanwhile keeps its boost for when it is resumed; a removed or expired one cannot use it.
      .where(and(eq(deals.id, charge.dealId), eq(deals.type, 'standard'), sql`${deals.status} in ('active', 'paused')`))
      .returning({ boostedUntil: deals.boostedUntil, merchantId: deals.merchantId });
    if (!d?.boostedUntil) return false;
    startsAt = before?.boostedUntil && before.boostedUntil > now ? before.boostedUntil : now;
    endsAt = d.boostedUntil;
    await publishDealEvent(tx, { type: 'boost', dealId: charge.dealId, merchantId: d.merchantId });
  } else if (charge.kind === 'listing_boost') {
    const [before] = await tx
      .select({ until: merchants.listingBoostedUntil })
      .from(merchants)
      .where(eq(merchants.id, charge.merchantId))
      .for('update');
    const [m] = await tx
      .update(merchants)
      .set({ listingBoostedUntil: extended(merchants.listingBoostedUntil, now, days), updatedAt: now })
      .where(eq(merchants.id, charge.merchantId))
      .returning({ until: merchants.listingBoostedUntil });
    if (!m?.until) return false;
    startsAt = before?.until && before.until > now ? before.until : now;
    endsAt = m.until;
    await publishDealEvent(tx, { type: 'boost', dealId: null, merchantId: charge.merchantId });
  } else {
    return false;
  }
  await tx.update(merchantCharges).set({ boostStartsAt: startsAt, boostEndsAt: endsAt }).where(eq(merchantCharges.id, charge.id));
  return true;
}

/**
 * The `boost-expiry` job: windows that have ended are cleared, each merchant is told once (the
 * conditional update returns a row to exactly one runner), and every instance drops its browse
 * caches. Queries already stop showing a boost at its end; this makes the row say so too.
 */
export async function endExpiredBoosts(deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>) {
  const now = deps.clock.now();
  const mailIds: string[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(deals)
      .set({ boostedUntil: null, boostStartedAt: null, updatedAt: now })
      .where(lte(deals.boostedUntil, now))
      .returning({ id: deals.id, title: deals.title, merchantId: deals.merchantId });
    const endedListings = await tx
      .update(merchants)
      .set({ listingBoostedUntil: null, updatedAt: now })
      .where(lte(merchants.listingBoostedUntil, now))
      .returning({ id: merchants.id, businessName: merchants.businessName });
    const tell = async (merchantId: string, what: string, entity: { type: string; id: string }, link: string) => {
      const [owner] = await tx
        .select({ userId: users.id, email: users.email })
        .from(merchants)
        .innerJoin(users, eq(users.id, merchants.userId))
        .where(eq(merchants.id, merchantId));
      if (!owner) return;
      const title = B.endedTitle(what);
      const message = `${title}. It is listed as usual again; you can boost it again from your dashboard at any time.`;
      await tx
        .insert(notifications)
        .values({ userId: owner.userId, type: 'boost_ended', title, message, entityType: entity.type, entityId: entity.id });
      mailIds.push(
        await deps.mailer.queue(tx, {
          to: owner.email,
          kind: 'merchant_boost_ended',
          subject: title,
          ...composeMail({
            heading: title,
            paragraphs: [message],
            action: { label: 'Open your dashboard', url: `${deps.config.appUrl}${link}` },
          }),
        }),
      );
    };
    for (const d of ended) {
      await tell(d.merchantId, `“${d.title}”`, { type: 'deal', id: d.id }, paths.merchantDashboardTab('deals'));
      await publishDealEvent(tx, { type: 'boost', dealId: d.id, merchantId: d.merchantId });
    }
    for (const m of endedListings) {
      await tell(m.id, `your listing “${m.businessName}”`, { type: 'merchant', id: m.id }, paths.merchantDashboard);
      await publishDealEvent(tx, { type: 'boost', dealId: null, merchantId: m.id });
    }
    return { deals: ended.length, listings: endedListings.length };
  });
  for (const id of mailIds)
    await deps.mailer
      .deliver(id)
      .catch((err: unknown) => deps.log.error({ err, mailId: id }, 'boost e-mail failed (it stays in the outbox)'));
  return result;
}

async function countsBetween(db: Tx, dealId: string, from: Date, to: Date): Promise<BoostCounts> {
  const [visits] = await db
    .select({
      views: sql<number>`coalesce(sum(${dealStatsHourly.views}), 0)::int`,
      clicks: sql<number>`coalesce(sum(${dealStatsHourly.clicks}), 0)::int`,
    })
    .from(dealStatsHourly)
    .where(and(eq(dealStatsHourly.dealId, dealId), gte(dealStatsHourly.hour, from), lt(dealStatsHourly.hour, to)));
  const [bought] = await db
    .select({ n: count() })
    .from(purchases)
    .where(and(eq(purchases.dealId, dealId), gte(purchases.purchasedAt, from), lt(purchases.purchasedAt, to)));
  return { views: Number(visits?.views ?? 0), clicks: Number(visits?.clicks ?? 0), purchases: Number(bought?.n ?? 0) };
}

/**
 * A deal's boost for its merchant: remaining time, and views, clicks and purchases by the time they
 * happened against the boost's exact start: during is from the start until now; before is the part
 * of the start's clock hour before the start plus as many whole hours before that as the boost has
 * run (counted in started hours, at least one). Visits are counted in buckets that split at the
 * start (countDealVisit), purchases by their own time.
 */
export async function dealBoostStatus(deps: Pick<Deps, 'db' | 'clock'>, userId: string, dealId: string): Promise<DealBoostStatus> {
  const now = deps.clock.now();
  const m = await merchantOfUser(deps.db, userId);
  const d = await ownDeal(deps.db, m.id, dealId);
  const blocker = dealBooster(m) ?? dealBoostBlocker(d, now);
  const isBoosted = d.boostedUntil !== null && d.boostedUntil > now;
  let during: BoostCounts | null = null;
  let before: BoostCounts | null = null;
  if (isBoosted && d.boostStartedAt) {
    const start = d.boostStartedAt;
    const hours = Math.max(1, Math.ceil((now.getTime() - start.getTime()) / HOUR_MS));
    const end = new Date(Math.max(now.getTime(), start.getTime()) + 1);
    [during, before] = await Promise.all([
      countsBetween(deps.db, d.id, start, end),
      countsBetween(deps.db, d.id, new Date(hourOf(start).getTime() - hours * HOUR_MS), start),
    ]);
  }
  return {
    dealId: d.id,
    boostedUntil: isBoosted ? d.boostedUntil!.toISOString() : null,
    startedAt: isBoosted && d.boostStartedAt ? d.boostStartedAt.toISOString() : null,
    remainingMs: isBoosted ? d.boostedUntil!.getTime() - now.getTime() : 0,
    during,
    before,
    canBoost: blocker === null,
    reason: blocker,
  };
}

export async function listingBoostStatus(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<ListingBoostStatus> {
  const now = deps.clock.now();
  const m = await merchantOfUser(deps.db, userId);
  const until = m.listingBoostedUntil && m.listingBoostedUntil > now ? m.listingBoostedUntil : null;
  const reason = listingBoostBlocker(m, now);
  return {
    boostedUntil: until?.toISOString() ?? null,
    remainingMs: until ? until.getTime() - now.getTime() : 0,
    canBoost: reason === null,
    reason,
  };
}
