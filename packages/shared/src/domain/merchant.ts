import { planById, type Plan, type PlanId } from '../constants';
import { formatCents } from './money';

/** What decides customer messaging: the plan, the provider-confirmed subscription and the period paid for. */
export interface MessagingFacts {
  approved: boolean;
  subscriptionPlan: PlanId;
  /** A paid, current messaging subscription (set from the provider's confirmations). */
  hasSubscription: boolean;
  /**
   * The end of the latest period paid for on a messaging subscription (merchant_charges
   * current_period_end), null when none was ever paid. Undefined is read as null.
   */
  messagingPaidUntil?: Date | null;
}

/** Access granted only by a period already paid for, after the merchant left the messaging plan. */
function paidPeriodRunsUntil(m: Pick<MessagingFacts, 'messagingPaidUntil'>, now: Date): Date | null {
  const until = m.messagingPaidUntil ?? null;
  return until !== null && until.getTime() > now.getTime() ? until : null;
}

/**
 * The paid features of a plan (enhanced business profile, customer messaging, analytics) are in
 * effect (docs/product/merchant-admin-spec.md §4, §9; docs/product/design.md §7): on Deals + Messaging (paid by commission on each
 * sale); on Advertise + Messaging only once the provider confirmed the subscription payment, never
 * on choosing the plan; and, for a merchant who left Advertise + Messaging, until the end of the
 * period already paid for and not a moment longer (the Switch Plans downgrade promise). The one
 * rule for the dashboard, the API and the public page; derived wherever it is needed, never stored.
 */
export function hasPaidFeatures(m: Omit<MessagingFacts, 'approved'>, now: Date): boolean {
  if (m.subscriptionPlan === 'deals_messaging') return true;
  if (m.subscriptionPlan === 'advertise_messaging' && m.hasSubscription) return true;
  return paidPeriodRunsUntil(m, now) !== null;
}

/** Customer messaging: an approved merchant whose plan's paid features are in effect (hasPaidFeatures). */
export function hasMessagingAccess(m: MessagingFacts, now: Date): boolean {
  return m.approved && hasPaidFeatures(m, now);
}

/**
 * The enhanced business profile (logo, cover, opening hours, highlights, docs/product/design.md §13) is shown and
 * may be edited while the plan's paid features are in effect (hasPaidFeatures).
 */
export const hasEnhancedProfile = hasPaidFeatures;

/** Revenue & Analytics: a plan that includes it, while its paid features are in effect (hasPaidFeatures). */
export function hasAnalyticsAccess(m: Omit<MessagingFacts, 'approved'>, now: Date): boolean {
  return hasPaidFeatures(m, now);
}

/**
 * When the paid features stop for a merchant who left Advertise + Messaging but is still inside the
 * paid period ("Messaging active until <date>"); null when they do not run out that way.
 */
export function messagingActiveUntil(m: MessagingFacts, now: Date): Date | null {
  if (!m.approved || m.subscriptionPlan === 'deals_messaging') return null;
  if (m.subscriptionPlan === 'advertise_messaging' && m.hasSubscription) return null;
  return paidPeriodRunsUntil(m, now);
}

/**
 * A plan's price as one label, from the plan constants: a monthly fee (`$15.00/month`), else a
 * commission (`15% commission`), else `Free`. Switch Plans, the profile form and the pricing texts use it.
 */
export function planPriceLabel(plan: Plan | PlanId): string {
  const p = typeof plan === 'string' ? planById(plan) : plan;
  if (p.priceCentsPerMonth > 0) return `${formatCents(p.priceCentsPerMonth)}/month`;
  if (p.commissionPercent > 0) return `${p.commissionPercent}% commission`;
  return 'Free';
}
