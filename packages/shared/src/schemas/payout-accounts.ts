import { z } from 'zod';
import { PAYOUT_STATES } from '../domain/payout-accounts';

/** Payout accounts and transfers (docs/decisions/0056-payout-accounts-and-transfers.md): wording shared by the server and the web. */
export const PAYOUT_ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load your payout account',
  linkFailed: 'The payout provider could not be reached. Please try again.',
  notApproved: 'Payouts can be set up once your business is approved.',
  noAccount: 'Set up payouts first.',
  alreadyActive: 'Your payout account is already active.',
  linkExpired: 'The setup link has expired or was already used. Start again from your Payouts page.',
  transferring: 'This payout is being transferred right now. Wait for the transfer’s result.',
  notFailed: 'Only a failed transfer can be retried.',
  accountNotActive: 'The merchant’s payout account is not active, so the transfer cannot be retried yet.',
  notHeld: 'This payout is not on hold.',
  cannotHold: 'Only a payout that has not been paid or sent can be held.',
  held: 'This payout is on hold. Release it first.',
} as const;

/** A reason an admin gives for an exception (paid outside the platform, a hold): kept in the audit log. */
const reason = z
  .string()
  .trim()
  .min(5, 'Say why, in a few words (5 characters at least).')
  .max(500, 'Keep the reason under 500 characters.');

export const payoutReasonSchema = z.object({ reason });
export type PayoutReason = z.infer<typeof payoutReasonSchema>;

export const adminPayoutStateFilterSchema = z.enum(PAYOUT_STATES);

/** The sandbox's hosted onboarding: how the tester wants it to end (as Stripe's test mode offers). */
export const SANDBOX_ONBOARDING_OUTCOMES = ['complete', 'pending', 'restricted'] as const;
export type SandboxOnboardingOutcome = (typeof SANDBOX_ONBOARDING_OUTCOMES)[number];
export const sandboxOnboardingSchema = z.object({ outcome: z.enum(SANDBOX_ONBOARDING_OUTCOMES) });
export type SandboxOnboarding = z.infer<typeof sandboxOnboardingSchema>;
