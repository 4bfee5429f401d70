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
function paidPeriodRunsUntil(m: MessagingFacts, now: Date): Date | null {
  const until = m.messagingPaidUntil ?? null;
  return until !== null && until.getTime() > now.getTime() ? until : null;
}

/**
 * Customer messaging (docs/product/merchant-admin-spec.md §4, docs/product/design.md §7): an approved merchant on Deals +
 * Messaging, or on Advertise + Messaging once its subscription is paid and current. A merchant who
 * leaves Advertise + Messaging keeps messaging until the end of the period they paid for, and not a
 * moment longer (the Switch Plans downgrade promise). Derived wherever it is needed, never stored.
 */
export function hasMessagingAccess(m: MessagingFacts, now: Date): boolean {
  if (!m.approved) return false;
  if (m.subscriptionPlan === 'deals_messaging') return true;
  if (m.subscriptionPlan === 'advertise_messaging' && m.hasSubscription) return true;
  return paidPeriodRunsUntil(m, now) !== null;
}

/**
 * When messaging stops for a merchant who left the paid plan but is still inside the paid period
 * ("Messaging active until <date>"); null when access does not run out that way.
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

/** The enhanced business profile (logo, cover, opening hours, highlights): every plan but Advertise Only (docs/product/design.md §13). */
export function hasEnhancedProfile(plan: PlanId): boolean {
  return plan === 'advertise_messaging' || plan === 'deals_messaging';
}
