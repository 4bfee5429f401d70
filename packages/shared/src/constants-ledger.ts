import { DAY_MS } from './domain/time';

/**
 * The money ledger (docs/product/design.md §14, docs/decisions/0018-one-ledger.md): every money movement is one
 * append-only entry of one of these kinds, signed from the merchant's payout balance.
 */
export const LEDGER_ENTRY_KINDS = [
  'sale',
  'commission',
  'refund',
  'commission_reversal',
  'deduction',
  'dispute_fee',
  'payout',
  'subscription_charge',
  'perkboost_charge',
  /** The unused part of a boost given back to the merchant's card (+): a deal taken down while boosted. */
  'perkboost_refund',
  // A promo code's discount (docs/decisions/0048): a merchant's lowers their sale (in the balance);
  // the platform's is its own expense, recorded with the merchant but no part of the balance.
  'promotion',
  'promotion_reversal',
  'platform_promotion',
  'platform_promotion_reversal',
  /** A transfer to the merchant the provider reversed (+): the money is back with the platform, owed again. */
  'payout_reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What Stripe charges the platform for a chargeback; a lost dispute passes it on to the merchant (Merchant Refund Policy). */
export const DISPUTE_FEE_CENTS = 1500;

/** A merchant with this many lost disputes within the window is flagged on the admin Overview for review. */
export const LOST_DISPUTES_FLAG_COUNT = 3;
export const LOST_DISPUTES_FLAG_WINDOW_MS = 90 * DAY_MS;

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/**
 * A payment with a dispute in one of these states is not refunded (docs/decisions/0040-safe-at-scale.md):
 * while it is open the bank decides, and once lost the bank has already given the money back.
 */
export const REFUND_BLOCKING_DISPUTE_STATUSES = ['open', 'lost'] as const satisfies readonly DisputeStatus[];
export type RefundBlockingDispute = (typeof REFUND_BLOCKING_DISPUTE_STATUSES)[number];
