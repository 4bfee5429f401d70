import { TAX_PERCENT, TAX_RATE_BASIS_POINTS } from '../constants';
import { formatCount, formatPercent } from './text';

/** `$12.34` from integer cents. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** `$15` for whole dollars, `$9.99` otherwise: prices named in running text (plans, PerkBoost). */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? formatCents(cents).replace(/\.00$/, '') : formatCents(cents);
}

/** The tax line's label on every receipt and payment page: `Tax (8%)`. */
export const TAX_LABEL = `Tax (${formatPercent(TAX_PERCENT)})`;

/** Tax on a subtotal in cents, rounded half up to the cent. */
export function taxCents(subtotalCents: number): number {
  return Math.round((subtotalCents * TAX_RATE_BASIS_POINTS) / 10_000);
}

export function orderTotals(lines: { unitPriceCents: number; quantity: number }[]) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const tax = taxCents(subtotalCents);
  return { subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
}

/** An order's totals with a promo discount: tax is on the discounted subtotal (total = subtotal − discount + tax). */
export function discountedOrderTotals(lines: { unitPriceCents: number; quantity: number }[], discountCents: number) {
  const { subtotalCents } = orderTotals(lines);
  const tax = taxCents(subtotalCents - discountCents);
  return { subtotalCents, discountCents, taxCents: tax, totalCents: subtotalCents - discountCents + tax };
}

/** A line's discount split over its units, whole cents (the vouchers' shares, and the payment page's lines). */
export const unitDiscounts = (lineDiscountCents: number, quantity: number) =>
  allocateCents(
    lineDiscountCents,
    Array.from({ length: quantity }, () => 1),
  );

/**
 * Splits `totalCents` over lines in proportion to their weights (e.g. an order's tax over its line
 * subtotals), whole cents that always add up to the total: each share is the difference of the
 * rounded running totals, so no cent is lost or made up however the lines are refunded.
 */
export function allocateCents(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0) return weights.map(() => 0);
  let running = 0;
  let given = 0;
  return weights.map((w) => {
    running += w;
    const upTo = Math.round((totalCents * running) / sum);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

/** Whole-percent discount from original to deal price. */
export function discountPercent(originalCents: number, dealCents: number): number {
  if (originalCents <= 0 || dealCents >= originalCents) return 0;
  return Math.round(((originalCents - dealCents) / originalCents) * 100);
}
