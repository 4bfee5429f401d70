import { z } from 'zod';
import { PLAN_IDS, US_STATES } from '../constants';
import { MERCHANT_MESSAGES as M } from '../messages';
import { businessFields } from './merchants';

/** Merchant dashboard wording (docs/product/merchant-admin-spec.md §4, §8), word for word. */
export const MERCHANT_DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load merchant data',
  paymentProcessedTitle: 'Payment Processed',
  paymentProcessed: 'Your subscription has been activated.',
  paymentFailedTitle: 'Payment Failed',
  paymentFailed: 'Please try again or contact support.',
  syncErrorTitle: 'Sync Error',
  syncError: 'Could not verify subscription status.',
  syncedTitle: 'Synced',
  subscriptionActivatedTitle: 'Subscription Activated!',
  subscriptionActivated: 'Your messaging features are now available.',
  paymentSuccessfulTitle: 'Payment Successful!',
  paymentCancelledTitle: 'Payment Cancelled',
  paymentCancelled: 'Your payment was cancelled. You can try again anytime.',
  profileUpdatedTitle: 'Profile Updated',
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Failed to update profile. Please try again.',
  switchPlanFailed: 'Failed to switch plan. Please try again.',
  alreadyOnPlan: 'Already on this plan',
  liveDealsBlockPlanChange:
    'You have live deals. Pause or delete them in My Deals before leaving the Deals + Messaging plan: deals sell only on that plan, with its commission.',
  paymentNeeded: 'Payment must be completed to activate messaging.',
  downgradeNote: 'Downgrades take effect at the end of your current billing cycle.',
  loadMessagesFailed: 'Failed to load messages',
  messageSentTitle: 'Message Sent',
  sendFailed: 'Failed to send message',
  messageRequired: 'Please enter a message.',
  noRegistration: "We couldn't find your merchant registration. Please contact support.",
  phoneNumbersRemoved: 'Phone numbers were removed from your description. Customers contact you through LocalPerks.',
  subscriptionNeedsPlan: 'Switch to the Advertise + Messaging plan to subscribe.',
  subscriptionActive: 'Your subscription is already active.',
} as const;

/** Profile edit (docs/product/merchant-admin-spec.md §5): every field required but the website; the state is one of the 50 states + DC. */
export const merchantProfileSchema = z.object({
  businessName: businessFields.businessName,
  description: businessFields.description,
  website: businessFields.website,
  phone: businessFields.phone,
  city: businessFields.city,
  state: z.enum(US_STATES as [string, ...string[]], { error: 'Please select a state.' }),
  plan: z.enum(PLAN_IDS, { error: M.planRequired }),
});
export type MerchantProfileForm = z.input<typeof merchantProfileSchema>;
export type MerchantProfileInput = z.output<typeof merchantProfileSchema>;

export const switchPlanSchema = z.object({ plan: z.enum(PLAN_IDS, { error: M.planRequired }) });
export type SwitchPlanInput = z.infer<typeof switchPlanSchema>;

export const LAUNCH_STEPS = ['emailVerified', 'profileComplete', 'approved', 'planPaid', 'firstDealLive', 'firstSale'] as const;
export type LaunchStep = (typeof LAUNCH_STEPS)[number];
