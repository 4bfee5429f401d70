import type { PlanId } from '../constants';

/**
 * Customer messaging (merchant-admin.md §4, DESIGN.md decision 7): an approved merchant on Deals +
 * Messaging, or on Advertise + Messaging once its subscription is paid and current. Derived from the
 * plan and the provider-confirmed subscription wherever it is needed, never stored.
 */
export function hasMessagingAccess(m: { approved: boolean; subscriptionPlan: PlanId; hasSubscription: boolean }): boolean {
  if (!m.approved) return false;
  return m.subscriptionPlan === 'deals_messaging' || (m.subscriptionPlan === 'advertise_messaging' && m.hasSubscription);
}

/** The enhanced business profile (logo, cover, opening hours, highlights): every plan but Advertise Only (DESIGN.md 13). */
export function hasEnhancedProfile(plan: PlanId): boolean {
  return plan === 'advertise_messaging' || plan === 'deals_messaging';
}
