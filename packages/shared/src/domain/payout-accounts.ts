/**
 * Payouts that move money by themselves (docs/decisions/0056-payout-accounts-and-transfers.md): each merchant
 * has a payout account at the payment provider (a Stripe Connect Express account, or the sandbox's own), and
 * each closed payout is transferred to it on its payout date.
 */

/**
 * A payout account's state, as the merchant sees it:
 * - not_started: no account yet, or onboarding was left before the details were submitted;
 * - pending: details submitted, the provider is verifying them;
 * - active: transfers can be made to it;
 * - restricted: the provider asks for more (`requirements`) before it pays out again.
 */
export const PAYOUT_ACCOUNT_STATUSES = ['not_started', 'pending', 'active', 'restricted'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export const PAYOUT_ACCOUNT_STATUS_LABELS: Record<PayoutAccountStatus, string> = {
  not_started: 'Not started',
  pending: 'Pending verification',
  active: 'Active',
  restricted: 'Restricted',
};

/**
 * Where a payout's money is:
 * - waiting_for_account: due, but the merchant's payout account is not active yet (nothing is lost: it is
 *   transferred once it is);
 * - scheduled: closed, to be transferred on its payout date;
 * - transferring: the transfer was sent to the provider, its answer not recorded yet;
 * - paid: transferred (with the provider's transfer id) or, as an exception, marked paid outside the platform;
 * - failed: the provider refused the transfer or reversed it (with the reason); retried with backoff;
 * - held: an admin holds it (for example while a merchant is reviewed): never transferred until released.
 */
export const PAYOUT_STATES = ['waiting_for_account', 'scheduled', 'transferring', 'paid', 'failed', 'held'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** The admin's words for each state (the payouts table's filter and badges). */
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  waiting_for_account: 'Waiting for account',
  scheduled: 'Scheduled',
  transferring: 'Transferring',
  paid: 'Paid',
  failed: 'Failed',
  held: 'Held',
};

/** The merchant's words for each state (their Payouts page). */
export const MERCHANT_PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  ...PAYOUT_STATE_LABELS,
  waiting_for_account: 'Waiting for your payout account',
  held: 'On hold',
};

/** How a paid payout was paid: transferred by the platform, or marked paid outside it by an admin. */
export const PAYOUT_PAID_VIA = ['transfer', 'outside'] as const;
export type PayoutPaidVia = (typeof PAYOUT_PAID_VIA)[number];

/**
 * The smallest transfer the platform makes ($1.00, Stripe's smallest US payout): a payout that would be
 * smaller is not closed; its ledger lines wait for the merchant's next payout, as every line not yet in a
 * payout does.
 */
export const PAYOUT_MINIMUM_TRANSFER_CENTS = 100;

/**
 * What the provider asks for, in words: Stripe names requirements by field (`individual.verification.document`,
 * `external_account`); the known ones get a sentence, the rest their field name made readable.
 */
const REQUIREMENT_LABELS: [RegExp, string][] = [
  [/^external_account$/, 'A bank account to pay out to'],
  [/verification\.(additional_)?document$/, 'A photo of an identity document'],
  [/\.id_number$|ssn_last_4$/, 'A tax identification number'],
  [/^tos_acceptance\./, 'Acceptance of the terms of service'],
  [/^business_profile\.(url|product_description)$/, 'Your business website or a description of what you sell'],
  [/^business_profile\.mcc$/, 'Your business category'],
  [/\.dob\./, 'Your date of birth'],
  [/\.address\./, 'Your address'],
  [/\.(first|last)_name$/, 'Your legal name'],
  [/\.(email|phone)$/, 'Your contact details'],
  [/^company\.tax_id$/, 'Your company’s tax identification number'],
];

export function requirementLabel(field: string): string {
  for (const [pattern, label] of REQUIREMENT_LABELS) if (pattern.test(field)) return label;
  const words = field.replace(/[._]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/** The distinct sentences for a list of requirements, in their first order. */
export const requirementLabels = (fields: readonly string[]): string[] => [...new Set(fields.map(requirementLabel))];

/**
 * The pause before the n-th retry of a failed transfer (n ≥ 1): 15 minutes, doubling, at most a day. A
 * payout that failed because the account is not active waits for the account anyway.
 */
export const transferRetryDelayMs = (failures: number) => Math.min(15 * 60_000 * 2 ** Math.max(0, failures - 1), 24 * 3600_000);
