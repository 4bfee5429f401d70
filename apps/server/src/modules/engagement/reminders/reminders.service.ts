import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MS, SERVER_RENDER_TIME_ZONE, displayName, paths } from '@localperks/shared';
import { businessFollows, dealVotes, deals, favorites, merchants, purchases, users } from '../../../db/schema';
import { businessIsPublic, visibleNow } from '../../catalog';
import { sendNotification, type NotificationDeps, type NotificationOutcome } from '../notifications/notifications.service';
import { expiryReminderEmail, followedBusinessDealEmail, savedDealEndingEmail, savedDealUnlockedEmail } from './reminders.emails';

/*
 * Reminders and alerts (docs/decisions/0065-notifications.md), run by the job queue (jobs/index.ts): each finds what is
 * due and hands every one to sendNotification, which sends it exactly once per customer, kind and subject across
 * instances and runs, if the customer wants it and is under the daily cap. What the cap holds back is found again by
 * the next run while it still applies.
 */

/** How many notifications one run sends at most; the next run takes the rest. */
const PER_RUN = 500;
/** A deal's alert is sent for a day after what it reports (an unlock, a new deal); later it is no news. */
const NEWS_FOR_MS = DAY_MS;
/** "Ending soon": a saved deal's sale ends within 48 hours. */
const ENDING_WITHIN_MS = 48 * HOUR_MS;

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SERVER_RENDER_TIME_ZONE });
const dayAndTime = (d: Date) =>
  d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: SERVER_RENDER_TIME_ZONE });

const count = (outcomes: NotificationOutcome[]) => outcomes.filter((o) => o === 'sent').length;

/** A voucher that is not a gift still waiting to be claimed (its holder is then the buyer, who has no code). */
const notAnUnclaimedGift = sql`not exists (select 1 from gifts g where g.id = ${purchases.giftId} and g.claimed_at is null)`;

/**
 * Expiry reminders for unused vouchers: one a week before their "valid until" and one the day before (bought before
 * that point; a voucher that ends in 3 days when bought gets only the last one).
 */
export async function sendExpiryReminders(deps: NotificationDeps): Promise<{ weekBefore: number; dayBefore: number }> {
  const now = deps.clock.now();
  const due = async (within: number, after: number, kind: 'expiry_7_days' | 'expiry_1_day') =>
    deps.db
      .select({
        purchaseId: purchases.id,
        userId: purchases.userId,
        dealTitle: purchases.dealTitle,
        expirationDate: purchases.expirationDate,
        merchantName: merchants.businessName,
        email: users.email,
        name: users.name,
      })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .innerJoin(merchants, eq(merchants.id, purchases.merchantId))
      .where(
        and(
          isNull(purchases.redeemedAt),
          isNull(purchases.refundedAt),
          isNull(purchases.forfeitedAt),
          lte(purchases.expirationDate, new Date(now.getTime() + within)),
          gt(purchases.expirationDate, new Date(now.getTime() + after)),
          sql`${purchases.purchasedAt} <= ${purchases.expirationDate} - make_interval(secs => ${within / 1000})`,
          isNull(users.deletedAt),
          notAnUnclaimedGift,
          sql`not exists (select 1 from notification_sends s where s.user_id = ${purchases.userId} and s.kind = ${kind} and s.subject_id = ${purchases.id})`,
        ),
      )
      .orderBy(asc(purchases.expirationDate))
      .limit(PER_RUN);
  const send = async (kind: 'expiry_7_days' | 'expiry_1_day', rows: Awaited<ReturnType<typeof due>>) => {
    const outcomes: NotificationOutcome[] = [];
    for (const v of rows)
      outcomes.push(
        await sendNotification(deps, {
          userId: v.userId,
          kind,
          subjectId: v.purchaseId,
          mail: (unsubscribe) =>
            expiryReminderEmail(
              v.email,
              {
                name: displayName(v.name, v.email),
                dealTitle: v.dealTitle,
                merchantName: v.merchantName,
                endsOn: day(v.expirationDate),
                isLastDay: kind === 'expiry_1_day',
                url: `${deps.config.appUrl}${paths.purchases}`,
              },
              unsubscribe,
            ),
        }),
      );
    return count(outcomes);
  };
  const dayBefore = await send('expiry_1_day', await due(DAY_MS, 0, 'expiry_1_day'));
  const weekBefore = await send('expiry_7_days', await due(7 * DAY_MS, DAY_MS, 'expiry_7_days'));
  return { weekBefore, dayBefore };
}

/**
 * Saved-deal and followed-business alerts: a favourite crowd-vote deal unlocked (to those who saved it without voting:
 * voters have their own unlock mail), a favourite deal's sale ends within 48 hours, a followed business posted a deal.
 */
export async function sendSavedDealAlerts(deps: NotificationDeps): Promise<{ unlocked: number; ending: number; followed: number }> {
  const now = deps.clock.now();
  const url = (dealId: string) => `${deps.config.appUrl}${paths.deal(dealId)}`;
  const customer = { email: users.email, name: users.name, userId: users.id };

  const unlocked = await deps.db
    .select({ ...customer, dealId: deals.id, title: deals.title })
    .from(favorites)
    .innerJoin(deals, eq(deals.id, favorites.dealId))
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(
      and(
        eq(deals.type, 'perkboost'),
        eq(deals.status, 'active'),
        isNotNull(deals.unlockedAt),
        gt(deals.unlockedAt, new Date(now.getTime() - NEWS_FOR_MS)),
        visibleNow(now),
        isNull(users.deletedAt),
        sql`not exists (select 1 from ${dealVotes} v where v.user_id = ${favorites.userId} and v.deal_id = ${deals.id})`,
        sql`not exists (select 1 from notification_sends s where s.user_id = ${favorites.userId} and s.kind = 'saved_deal_unlocked' and s.subject_id = ${deals.id})`,
      ),
    )
    .limit(PER_RUN);
  const ending = await deps.db
    .select({ ...customer, dealId: deals.id, title: deals.title, endsAt: deals.expirationDate })
    .from(favorites)
    .innerJoin(deals, eq(deals.id, favorites.dealId))
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(
      and(
        eq(deals.status, 'active'),
        visibleNow(now),
        lte(deals.expirationDate, new Date(now.getTime() + ENDING_WITHIN_MS)),
        isNull(users.deletedAt),
        sql`not exists (select 1 from notification_sends s where s.user_id = ${favorites.userId} and s.kind = 'saved_deal_ending' and s.subject_id = ${deals.id})`,
      ),
    )
    .limit(PER_RUN);
  // A deal is "posted" when it goes on sale (a scheduled one at its start) or opens for votes; only follows made before that.
  const postedAt = sql<Date>`coalesce(${deals.saleStartsAt}, ${deals.createdAt})`;
  const followed = await deps.db
    .select({ ...customer, dealId: deals.id, title: deals.title, merchantName: merchants.businessName })
    .from(businessFollows)
    .innerJoin(deals, eq(deals.merchantId, businessFollows.merchantId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .innerJoin(users, eq(users.id, businessFollows.userId))
    .where(
      and(
        visibleNow(now),
        businessIsPublic,
        sql`${postedAt} > ${new Date(now.getTime() - NEWS_FOR_MS).toISOString()}::timestamptz`,
        sql`${postedAt} <= ${now.toISOString()}::timestamptz`,
        sql`${businessFollows.createdAt} <= ${postedAt}`,
        isNull(users.deletedAt),
        sql`not exists (select 1 from notification_sends s where s.user_id = ${businessFollows.userId} and s.kind = 'followed_business_deal' and s.subject_id = ${deals.id})`,
      ),
    )
    .limit(PER_RUN);

  const outcomes = { unlocked: [] as NotificationOutcome[], ending: [] as NotificationOutcome[], followed: [] as NotificationOutcome[] };
  for (const a of unlocked)
    outcomes.unlocked.push(
      await sendNotification(deps, {
        userId: a.userId,
        kind: 'saved_deal_unlocked',
        subjectId: a.dealId,
        mail: (u) => savedDealUnlockedEmail(a.email, { name: displayName(a.name, a.email), dealTitle: a.title, url: url(a.dealId) }, u),
      }),
    );
  for (const a of ending)
    outcomes.ending.push(
      await sendNotification(deps, {
        userId: a.userId,
        kind: 'saved_deal_ending',
        subjectId: a.dealId,
        mail: (u) =>
          savedDealEndingEmail(
            a.email,
            { name: displayName(a.name, a.email), dealTitle: a.title, endsAt: dayAndTime(a.endsAt), url: url(a.dealId) },
            u,
          ),
      }),
    );
  for (const a of followed)
    outcomes.followed.push(
      await sendNotification(deps, {
        userId: a.userId,
        kind: 'followed_business_deal',
        subjectId: a.dealId,
        mail: (u) =>
          followedBusinessDealEmail(
            a.email,
            { name: displayName(a.name, a.email), merchantName: a.merchantName, dealTitle: a.title, url: url(a.dealId) },
            u,
          ),
      }),
    );
  return { unlocked: count(outcomes.unlocked), ending: count(outcomes.ending), followed: count(outcomes.followed) };
}
