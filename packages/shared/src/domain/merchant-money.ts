/** Pure rules of a merchant's money pages, shared by the server and the web app. */

/** What a merchant pays the platform for: the messaging subscription, a PerkBoost launch, a deal boost, a listing boost. */
export const MERCHANT_CHARGE_KINDS = ['subscription', 'perkboost', 'deal_boost', 'listing_boost'] as const;
export type MerchantChargeKind = (typeof MERCHANT_CHARGE_KINDS)[number];

/** A voucher (redemption) code on a statement shows only its last four characters: `****AB12`. */
export function maskVoucherCode(code: string): string {
  return `****${code.slice(-4)}`;
}

export type PayoutStatus = 'scheduled' | 'paid' | 'overdue' | 'held';

/**
 * Paid once an admin marked it paid; Held while its business is suspended (docs/decisions/0063-suspensions-and-bans.md);
 * otherwise Scheduled until its payout day has passed (UTC calendar days, docs/product/design.md §8), then Overdue.
 */
export function payoutStatus(p: { isPaid: boolean; payoutDate: string; isHeld?: boolean }, today: string): PayoutStatus {
  if (p.isPaid) return 'paid';
  if (p.isHeld) return 'held';
  return p.payoutDate < today ? 'overdue' : 'scheduled';
}

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  scheduled: 'Scheduled',
  paid: 'Paid',
  overdue: 'Overdue',
  held: 'Held',
};

/** The number printed on a charge's receipt, derived from its id: `LP-1A2B3C4D`. */
export const receiptNumber = (chargeId: string) => `LP-${chargeId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
