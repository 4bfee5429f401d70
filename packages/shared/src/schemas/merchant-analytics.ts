/** Revenue & Analytics of a merchant (docs/product/merchant-admin-spec.md §3 Revenue stats, docs/product/design.md §8), integer cents. */
export const ANALYTICS_DAYS = 30;
export const ANALYTICS_RECENT_PURCHASES = 10;
export const ANALYTICS_TOP_DEALS = 10;

export const ANALYTICS_MESSAGES = {
  planRequired: 'Analytics are available on the Advertise + Messaging and Deals + Messaging plans.',
  paymentRequired: 'Analytics start once your Advertise + Messaging payment is confirmed.',
  loadFailed: 'Failed to load merchant data',
} as const;
