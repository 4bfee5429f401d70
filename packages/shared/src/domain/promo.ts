import { formatCents } from './money';

/**
 * Promo codes (docs/decisions/0048-promo-codes-on-the-ledger.md): the rule that prices a code against a
 * cart, shared by the cart's quote and the checkout, and its messages, one per refusal.
 */

export const PROMO_MESSAGES = {
  codeRequired: 'Enter a promo code.',
  unknown: 'This promo code does not exist. Check the spelling and try again.',
  expired: 'This promo code has expired.',
  notYetValid: (startsAt: string) => `This promo code is not valid yet: it starts on ${startsAt}.`,
  minimumNotMet: (min: string) => `This promo code needs a subtotal of at least ${min} on the deals it applies to.`,
  alreadyUsed: 'You have already used this promo code.',
  notForTheseDeals: 'This promo code does not apply to the deals in your cart.',
  usedUp: 'This promo code has been used as many times as it allows.',
  firstOrderOnly: 'This promo code is for a first order only.',
  inactive: 'This promo code is no longer active.',
  applied: (code: string) => `Promo code ${code} applied.`,
} as const;

export type PromoRefusal =
  'unknown' | 'expired' | 'notYetValid' | 'minimumNotMet' | 'alreadyUsed' | 'notForTheseDeals' | 'usedUp' | 'firstOrderOnly';

/** Promo codes are typed in any case, with stray spaces: stored and compared upper-case. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, '');

/** What a code takes off an eligible subtotal: a percentage (rounded half up) or a fixed amount, never more than the subtotal. */
export function promoDiscountCents(
  code: { kind: 'percent' | 'fixed'; percentOff: number | null; amountOffCents: number | null },
  eligibleSubtotalCents: number,
): number {
  const raw = code.kind === 'percent' ? Math.round((eligibleSubtotalCents * (code.percentOff ?? 0)) / 100) : (code.amountOffCents ?? 0);
  return Math.max(0, Math.min(raw, eligibleSubtotalCents));
}

/** "20% off" / "$10.00 off". */
export const promoValueLabel = (code: { kind: 'percent' | 'fixed'; percentOff: number | null; amountOffCents: number | null }) =>
  code.kind === 'percent' ? `${code.percentOff}% off` : `${formatCents(code.amountOffCents ?? 0)} off`;
