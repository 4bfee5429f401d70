import { z } from 'zod';
import { PLAN_IDS } from '../../constants';
import { LAUNCH_STEPS } from '../merchant-dashboard';
import { isoDate } from './common';
import { registrationThreadMessageSchema } from './admin';
import { placeSchema } from './deals';

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The signed-in merchant's own records, for the dashboard's states (docs/product/merchant-admin-spec.md §4). */
export const merchantOverviewSchema = z.object({
  merchant: z
    .object({
      id: z.string(),
      businessName: z.string(),
      description: z.string(),
      website: z.string().nullable(),
      phone: z.string(),
      city: z.string(),
      state: z.string(),
      subscriptionPlan: z.enum(PLAN_IDS),
      approved: z.boolean(),
      hasMessaging: z.boolean(),
      hasSubscription: z.boolean(),
      commissionRate: z.number(),
      createdAt: isoDate(),
      /** Customer messaging works: plan deals_messaging, or advertise_messaging with a paid subscription (docs/product/design.md §7). */
      messagingAccess: z.boolean(),
      /**
       * Left Advertise + Messaging but inside the period paid for: messaging stays until this moment
       * (the dashboard shows "Messaging active until <date>"); null otherwise.
       */
      messagingActiveUntil: isoDate().nullable(),
      /**
       * The plan's paid features (enhanced business profile, analytics, messaging) are in effect: Deals +
       * Messaging, a confirmed Advertise + Messaging payment, or the rest of a period paid for (hasPaidFeatures).
       */
      paidFeatures: z.boolean(),
      /** What waits for the merchant (the tabs' counts): open refund requests to answer, customer messages not yet answered. */
      waiting: z.object({ refundRequests: z.number().int().nonnegative(), customerMessages: z.number().int().nonnegative() }),
      /** The plan is advertise_messaging and its subscription is not paid (docs/product/merchant-admin-spec.md §4). */
      paymentRequired: z.boolean(),
      /** Suspended by LocalPerks, since when and why (docs/decisions/0063-suspensions-and-bans.md); null otherwise. */
      suspension: z.object({ at: isoDate(), reason: z.string() }).nullable(),
      /** The street address and its point; null for a business registered before addresses (the dashboard asks for one). */
      place: placeSchema.nullable(),
    })
    .nullable(),
  registration: z
    .object({
      id: z.string(),
      businessName: z.string(),
      email: z.string(),
      status: z.enum(REGISTRATION_STATUSES),
      requiresMerchantResponse: z.boolean(),
      rejectionReason: z.string().nullable(),
      plan: z.enum(PLAN_IDS),
      createdAt: isoDate(),
      updatedAt: isoDate(),
    })
    .nullable(),
  emailVerified: z.boolean(),
});
export type MerchantOverview = z.infer<typeof merchantOverviewSchema>;

/** What a profile save answers. */
export const merchantProfileSavedSchema = z.object({
  overview: merchantOverviewSchema,
  /** The description had phone numbers; they were removed (the form shows a notice). */
  phoneNumbersRemoved: z.boolean(),
  commissionRate: z.number(),
  planChanged: z.boolean(),
  /** advertise_messaging without a paid subscription: the UI offers the payment page. */
  paymentRequired: z.boolean(),
});
export type MerchantProfileSaved = z.infer<typeof merchantProfileSavedSchema>;

export const planSwitchedSchema = z.object({
  overview: merchantOverviewSchema,
  plan: z.enum(PLAN_IDS),
  commissionRate: z.number(),
  paymentRequired: z.boolean(),
  /** Leaving the paid plan: the subscription is not renewed at its period end. */
  downgraded: z.boolean(),
});
export type PlanSwitched = z.infer<typeof planSwitchedSchema>;

export const subscriptionStatusSchema = z.object({ hasSubscription: z.boolean(), messagingAccess: z.boolean() });
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** One message of the registration thread: the merchant sees the same fields the admins do. */
export const merchantThreadMessageSchema = registrationThreadMessageSchema;
export type MerchantThreadMessage = z.infer<typeof merchantThreadMessageSchema>;

export const merchantThreadSchema = z.object({ registrationId: z.string(), messages: z.array(merchantThreadMessageSchema) });
export type MerchantThread = z.infer<typeof merchantThreadSchema>;

export const CHECKLIST_STATUSES = ['done', 'todo', 'not_needed'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number];

export const launchChecklistSchema = z.object({
  steps: z.array(z.object({ key: z.enum(LAUNCH_STEPS), status: z.enum(CHECKLIST_STATUSES) })),
  done: z.number().int(),
  total: z.number().int(),
});
export type LaunchChecklist = z.infer<typeof launchChecklistSchema>;

/**
 * The console's reminder (docs/decisions/0055-passkeys-and-authenticator-codes.md): the business holds money and its
 * owner signs in with a password alone. A reminder, not a lock.
 */
export const secondFactorReminderSchema = z.object({ remind: z.boolean(), balanceCents: z.number().int() });
export type SecondFactorReminder = z.infer<typeof secondFactorReminderSchema>;
