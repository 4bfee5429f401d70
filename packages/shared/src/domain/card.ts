/** How a saved card reads on screen: brand names, expiry, "Visa ending in 4242" (only last four and expiry are ever kept). */

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const cardBrandName = (brand: string) => BRANDS[brand.toLowerCase()] ?? 'Card';
/** `12/34`. */
export const cardExpiry = (c: CardFacts) => `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')}`;
/** "Visa ending in 4242": the name a screen reader hears (the screen shows "Visa •••• 4242"). */
export const cardName = (c: CardFacts) => `${cardBrandName(c.brand)} ending in ${c.last4}`;
/** A card is good through the last day of its expiry month. */
export const isCardExpired = (c: CardFacts, now = new Date()) =>
  c.expYear < now.getFullYear() || (c.expYear === now.getFullYear() && c.expMonth < now.getMonth() + 1);
