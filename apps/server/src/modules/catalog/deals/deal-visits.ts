import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import { HOUR_MS } from '@localperks/shared';
import { dealStatsHourly, deals, merchants } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';

/*
 * Views and clicks of a deal, counted per hour in `deal_stats_hourly`: the deal page (server render and
 * API) counts a view, the click route a click; a merchant's boost report reads them (merchant/boosts).
 */

/** The start of the hour `d` falls in: stats are counted per deal per hour. */
export const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

/** Views and clicks of bots, and of a merchant looking at its own deal, are not counted. */
export function isCountedVisitor(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && !isbot(userAgent);
}

/**
 * Counts one view or click of a deal in its hour, unless the visitor is the deal's own merchant.
 * One atomic upsert: parallel requests all count.
 */
export async function countDealVisit(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: { dealId: string; viewerUserId: string | null; kind: 'views' | 'clicks' },
): Promise<void> {
  const now = deps.clock.now();
  const hour = hourOf(now);
  const isView = opts.kind === 'views' ? 1 : 0;
  // A bucket is the clock hour of the visit, except in the hour a boost started: from its exact start on,
  // visits go to a bucket keyed by that instant, so the boost's results never take in the minutes of its
  // first hour before the payment (merchant boosts dealBoostStatus). greatest() skips a null: no boost, or
  // one not started yet, leaves the clock hour.
  await deps.db.execute(sql`
    insert into ${dealStatsHourly} (deal_id, hour, views, clicks)
    select d.id, greatest(${hour}::timestamptz, case when d.boost_started_at <= ${now}::timestamptz then d.boost_started_at end),
           ${isView}, ${1 - isView} from ${deals} d
    where d.id = ${opts.dealId}
      and not exists (select 1 from ${merchants} m where m.id = d.merchant_id and m.user_id = ${opts.viewerUserId}::uuid)
    on conflict (deal_id, hour) do update set
      views = ${dealStatsHourly.views} + excluded.views,
      clicks = ${dealStatsHourly.clicks} + excluded.clicks`);
}
