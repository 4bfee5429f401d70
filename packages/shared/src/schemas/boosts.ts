import { z } from 'zod';
import { BOOST_OPTIONS } from '../constants';
import { count, isoDate } from './responses/common';

/**
 * Paid boosts of a live deal or of a business listing (docs/product/design.md §4a, docs/decisions/0017-boost-model.md):
 * the spec's PerkBoost durations and prices (BOOST_OPTIONS), listed first while the window lasts.
 */
/**
 * Who may buy which PerkBoost (docs/product/design.md §4), as the PerkBoost info page states it: the rule the
 * server applies (dealBoostBlocker, listingBoostBlocker, deal creation), in one sentence.
 */
export const PERKBOOST_AVAILABILITY =
  'Deal boosts and crowd-vote launches are available to approved merchants on Deals + Messaging; listing boosts to approved merchants on Advertise + Messaging with a paid subscription.';

export const BOOST_MESSAGES = {
  daysRequired: 'Please choose a boost duration',
  notLive: 'Only a live deal can be boosted. Resume or publish it first.',
  crowdVote: 'Crowd-vote PerkBoost deals are promoted while they collect votes; boosts are for live standard deals.',
  dealPlanRequired: 'Deal boosts are available to approved merchants on Deals + Messaging.',
  listingPlanRequired: 'Listing boosts are available on Advertise + Messaging with an active subscription.',
  alreadyPaid: 'This boost is already paid. It starts as soon as the payment is confirmed.',
  paymentOpen: 'A payment page for this boost is already open. Finish or cancel it, then try again.',
  paidToast: 'Boost paid: it starts as soon as the payment is confirmed.',
  cancelledToast: 'Boost payment cancelled. Nothing was charged.',
  tooManyClicks: 'Too many requests. Please try again later.',
  endedTitle: (what: string) => `Your boost of ${what} has ended`,
} as const;

/**
 * Why a deal cannot be boosted now (null: it can): a boost is for a live standard deal (active and
 * not past its expiry). The server enforces it; the dashboard uses it to offer the Boost action.
 */
export function dealBoostBlocker(d: { type: string; status: string; expirationDate: Date | string }, now: Date): string | null {
  if (d.type !== 'standard') return BOOST_MESSAGES.crowdVote;
  if (d.status !== 'active' || new Date(d.expirationDate) <= now) return BOOST_MESSAGES.notLive;
  return null;
}

const BOOST_DAYS = BOOST_OPTIONS.map((o) => o.days) as number[];

/** What a merchant buys: one of the four durations (the price comes from BOOST_OPTIONS on the server). */
export const buyBoostSchema = z.object({
  boostDays: z.coerce.number({ error: BOOST_MESSAGES.daysRequired }).refine((d) => BOOST_DAYS.includes(d), BOOST_MESSAGES.daysRequired),
});
export type BuyBoost = z.input<typeof buyBoostSchema>;

/** Views, clicks and purchases in a span of time. */
export const boostCountsSchema = z.object({ views: count(), clicks: count(), purchases: count() });
export type BoostCounts = z.infer<typeof boostCountsSchema>;

/**
 * A deal's boost as its merchant sees it: the active window (null fields when not boosted), and its
 * counts so far against the same length of time just before it started.
 */
export const dealBoostStatusSchema = z.object({
  dealId: z.string(),
  boostedUntil: isoDate().nullable(),
  startedAt: isoDate().nullable(),
  /** Milliseconds left, from the server's clock (0 when not boosted). */
  remainingMs: count(),
  during: boostCountsSchema.nullable(),
  before: boostCountsSchema.nullable(),
  /** Whether a boost can be bought for the deal now (live and standard), and if not, why. */
  canBoost: z.boolean(),
  reason: z.string().nullable(),
});
export type DealBoostStatus = z.infer<typeof dealBoostStatusSchema>;

/** The business listing's boost (Advertise + Messaging with a paid subscription). */
export const listingBoostStatusSchema = z.object({
  boostedUntil: isoDate().nullable(),
  remainingMs: count(),
  canBoost: z.boolean(),
  reason: z.string().nullable(),
});
export type ListingBoostStatus = z.infer<typeof listingBoostStatusSchema>;

/** "3 days 4 hours left", "5 hours left", "under an hour left". */
export function boostRemainingText(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const unit = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${unit(days, 'day')}${rest ? ` ${unit(rest, 'hour')}` : ''} left`;
  if (hours > 0) return `${unit(hours, 'hour')} left`;
  return ms > 0 ? 'under an hour left' : 'ended';
}
