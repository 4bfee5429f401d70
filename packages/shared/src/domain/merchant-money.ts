/** Pure rules of a merchant's money pages, shared by the server and the web app. */

/** A voucher (redemption) code on a statement shows only its last four characters: `****AB12`. */
export function maskVoucherCode(code: string): string {
  return `****${code.slice(-4)}`;
}

export type PayoutStatus = 'scheduled' | 'paid' | 'overdue';

/**
 * Paid once an admin marked it paid; otherwise Scheduled until its payout day has passed (UTC
 * calendar days, DESIGN.md 8), then Overdue.
 */
export function payoutStatus(p: { isPaid: boolean; payoutDate: string }, today: string): PayoutStatus {
  if (p.isPaid) return 'paid';
  return p.payoutDate < today ? 'overdue' : 'scheduled';
}

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { scheduled: 'Scheduled', paid: 'Paid', overdue: 'Overdue' };

/** Today's UTC calendar day, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** What a charge pays for, in one line (the charge list, the receipt and its e-mail). */
export function chargeDescription(c: { kind: 'subscription' | 'perkboost'; boostDays: number | null; dealTitle: string | null }): string {
  if (c.kind === 'subscription') return 'Advertise + Messaging plan (monthly)';
  const days = c.boostDays ? `${c.boostDays} ${c.boostDays === 1 ? 'day' : 'days'}` : null;
  return ['PerkBoost', [days, c.dealTitle ? `for “${c.dealTitle}”` : null].filter(Boolean).join(' ')].filter(Boolean).join(': ');
}

/** The number printed on a charge's receipt, derived from its id: `LP-1A2B3C4D`. */
export const receiptNumber = (chargeId: string) => `LP-${chargeId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
