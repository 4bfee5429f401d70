import { z } from 'zod';
import { PAYOUT_ACCOUNT_STATUSES, PAYOUT_PAID_VIA, PAYOUT_STATES } from '../../domain/payout-accounts';
import { cents, count, isoDate } from './common';

/*
 * Payout accounts and transfers (docs/decisions/0056-payout-accounts-and-transfers.md): the merchant's account
 * at the payment provider, where each payout's money is, and the admin's reconciliation of the ledger.
 */

/** What the provider asks for: its field name and a sentence for people. */
export const payoutRequirementSchema = z.object({ field: z.string(), label: z.string() });

/** The merchant's payout account ("Set up payouts" on the Payouts page). */
export const payoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  provider: z.enum(['sandbox', 'stripe']),
  /** What the provider asks for before it pays out (restricted), or still wants (pending). */
  requirements: z.array(payoutRequirementSchema),
  /** The provider's dashboard for the account can be opened (an account exists). */
  hasDashboard: z.boolean(),
  /** When the provider last told us about the account. */
  updatedAt: isoDate().nullable(),
  /** Closed payouts due and waiting for the account to be active, and what they add up to. */
  waiting: z.object({ payouts: count(), netCents: cents() }),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** A provider page to send the merchant to (onboarding, the account's dashboard): single use, short-lived. */
export const payoutAccountLinkSchema = z.object({ url: z.string() });
export type PayoutAccountLink = z.infer<typeof payoutAccountLinkSchema>;

/** The transfer fields a payout carries, for the merchant and the admin. */
export const payoutTransferFields = {
  state: z.enum(PAYOUT_STATES),
  /** The provider's transfer id (`tr_…`) once the money was sent. */
  transferId: z.string().nullable(),
  /** Why the last transfer failed or was reversed (failed only). */
  failureReason: z.string().nullable(),
  /** transfer: sent by the platform; outside: marked paid by an admin (an exception). */
  paidVia: z.enum(PAYOUT_PAID_VIA).nullable(),
};

/**
 * The platform's money from the ledger (docs/product/design.md §14): sales − refunds − commission − deductions −
 * dispute fees − transfers (and payouts made outside the platform) = the balance the platform holds for merchants;
 * checked against what the payout rows still owe.
 */
export const payoutReconciliationSchema = z.object({
  salesCents: cents(),
  /** Merchant-funded promo code discounts, less those given back (the platform's own are its expense, not here). */
  promotionsCents: cents(),
  refundsCents: cents(),
  /** Commission less what was reversed. */
  commissionCents: cents(),
  deductionsCents: cents(),
  disputeFeesCents: cents(),
  /** Transferred to merchants' payout accounts, less transfers reversed. */
  transferredCents: cents(),
  /** Marked paid outside the platform by an admin. */
  paidOutsideCents: cents(),
  /** sales − promotions − refunds − commission − deductions − dispute fees − transferred − paid outside, from the ledger's entries by kind. */
  balanceHeldCents: cents(),
  /** The same balance from the payout rows: what closed payouts still owe, plus the ledger lines no payout has taken yet, less debts carried forward. */
  owedByPayoutsCents: cents(),
  unpaidPayoutsCents: cents(),
  notYetInPayoutCents: cents(),
  carriedForwardCents: cents(),
  /** Both ways of counting agree (and the ledger's own sum by kind equals its total). */
  balanced: z.boolean(),
});
export type PayoutReconciliation = z.infer<typeof payoutReconciliationSchema>;

/** A sandbox payout-account page (hosted onboarding, or the account's dashboard) as its page shows it. */
export const sandboxConnectPageSchema = z.object({
  kind: z.enum(['onboarding', 'dashboard']),
  accountId: z.string(),
  businessName: z.string(),
  email: z.string(),
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  requirements: z.array(payoutRequirementSchema),
  /** Where the merchant goes back to (the console's Payouts page). */
  returnUrl: z.string(),
  /** Transfers received, newest first (the dashboard). */
  transfers: z.array(z.object({ id: z.string(), amountCents: cents(), reversedCents: cents(), createdAt: isoDate() })),
});
export type SandboxConnectPage = z.infer<typeof sandboxConnectPageSchema>;
