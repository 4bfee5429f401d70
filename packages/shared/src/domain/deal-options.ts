import { LOW_STOCK_THRESHOLD } from '../constants';
import { formatCents } from './money';

/**
 * Options, stock, limits and dates of a deal (docs/decisions/0047-deal-options-stock-dates.md): the
 * words the deal page, the cart and the server's refusals share.
 */

/** What the deal page says about an option's stock: nothing (plenty or no limit), "N left" or "Sold out". */
export function stockLabel(stockLeft: number | null): string | null {
  if (stockLeft === null) return null;
  if (stockLeft <= 0) return 'Sold out';
  return stockLeft <= LOW_STOCK_THRESHOLD ? `${stockLeft} left` : null;
}

/** "Limit 2 per customer". */
export const perCustomerLimitLabel = (limit: number) => `Limit ${limit} per customer`;

/** A line's name: the deal's title and, for a deal with several options, the option's. */
export const lineTitle = (dealTitle: string, optionTitle: string | null | undefined) =>
  optionTitle ? `${dealTitle} — ${optionTitle}` : dealTitle;

/** "from $29.99" on cards of a deal with several options; the price alone otherwise. */
export const fromPrice = (dealPriceCents: number, optionCount: number) =>
  optionCount > 1 ? `from ${formatCents(dealPriceCents)}` : formatCents(dealPriceCents);

/**
 * A voucher past its "valid until" keeps what was paid for it (US gift-certificate rules): the
 * promotional value ended, the paid value did not.
 */
export const PAID_VALUE_MESSAGES = {
  customer: (paid: string) => `Promotional value expired — still worth ${paid} (what you paid)`,
  merchant: (paid: string) => `Redeem for the amount paid: ${paid}`,
} as const;

export const STOCK_MESSAGES = {
  /** The refusal when an option has fewer units left than asked for (0: sold out). */
  onlyLeft: (left: number, what: string) =>
    left <= 0
      ? `Only 0 left: “${what}” is sold out. Remove it from your cart to continue.`
      : `Only ${left} left of “${what}”. Lower the quantity to ${left} or fewer to continue.`,
  /** The refusal when a customer would pass a deal's limit (vouchers they have plus open checkouts). */
  overLimit: (limit: number, what: string, have: number) =>
    have > 0
      ? `Limit ${limit} per customer for “${what}”: you already have ${have}, so you can buy ${Math.max(0, limit - have)} more.`
      : `Limit ${limit} per customer for “${what}”. Lower the quantity to ${limit} or fewer to continue.`,
  unknownOption: 'This option is no longer offered. Choose another option of the deal.',
  comingSoon: (what: string) => `“${what}” is not on sale yet.`,
  /** The e-mail and My Purchases line of a paid line refunded because its stock went to others meanwhile. */
  soldOutRefunded: (what: string, amount: string) =>
    `Refunded: “${what}” sold out before your payment completed — ${amount} refunded to your card.`,
} as const;

/** The deal form's help for its three dates. */
export const DEAL_DATE_HELP = {
  saleStartsAt:
    'Sale starts: leave it empty to sell at once. Before it, the deal shows as “Coming soon” in your dashboard only, and goes live by itself on that day.',
  expirationDate: 'Sale ends: the last day customers can buy the deal.',
  validUntil:
    'Vouchers valid until: the last day customers can redeem the deal’s promotional value (on or after the sale end). After it, a voucher is still worth what the customer paid.',
} as const;
