import { CHECKOUT_MIN_DEAL_REMAINING_MS } from '../constants';

type SaleFacts = { status: string; expirationDate: Date | string };

/** Past its expiration date, or marked expired. */
export function isDealExpired(deal: SaleFacts, now: Date | number = Date.now()): boolean {
  return deal.status === 'expired' || new Date(deal.expirationDate).getTime() <= new Date(now).getTime();
}

/**
 * Why a deal cannot be bought now, or null when it can: expired; not active (a crowd-vote deal still
 * collecting votes, a paused or withdrawn deal); or closing, i.e. expiring within
 * CHECKOUT_MIN_DEAL_REMAINING_MS (35 minutes), because the payment page must stay open at least 30
 * minutes and closes when the deal expires. The server refuses a checkout for the same reasons, so
 * the web offers Add to Cart / Pay Now only when this is null.
 */
export function purchaseBlock(deal: SaleFacts, now: Date | number = Date.now()): 'expired' | 'inactive' | 'closing' | null {
  if (isDealExpired(deal, now)) return 'expired';
  if (deal.status !== 'active') return 'inactive';
  if (new Date(deal.expirationDate).getTime() - new Date(now).getTime() < CHECKOUT_MIN_DEAL_REMAINING_MS) return 'closing';
  return null;
}

/** Can be bought now (see purchaseBlock). */
export function isPurchasable(deal: SaleFacts, now: Date | number = Date.now()): boolean {
  return purchaseBlock(deal, now) === null;
}
