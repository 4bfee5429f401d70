import { plural } from '@localperks/shared';

export { formatDate } from '../../../../lib/format';

/** "3 days", "1 day". */
export const daysText = (days: number) => plural(days, 'day');

export type PurchaseStatus = 'active' | 'expired' | 'redeemed' | 'refunded';

/** Active until redeemed (docs/product/customer-spec.md §4); an unredeemed one past its expiry reads Expired; a refunded one is dead. */
export const purchaseStatus = (p: { redeemed: boolean; refunded?: boolean }, days: number): PurchaseStatus =>
  p.refunded ? 'refunded' : p.redeemed ? 'redeemed' : days > 0 ? 'active' : 'expired';
