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
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** What Stripe charges the platform for a chargeback; a lost dispute passes it on to the merchant (Merchant Refund Policy). */
export const DISPUTE_FEE_CENTS = 1500;

/** A merchant with this many lost disputes within the window is flagged on the admin Overview for review. */
export const LOST_DISPUTES_FLAG_COUNT = 3;
export const LOST_DISPUTES_FLAG_WINDOW_MS = 90 * DAY_MS;

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
