/** Revenue & Analytics of a merchant (merchant-admin.md §3 Revenue stats, DESIGN.md 8), integer cents. */
export const ANALYTICS_DAYS = 30;
export const ANALYTICS_RECENT_PURCHASES = 10;
export const ANALYTICS_TOP_DEALS = 10;

export const ANALYTICS_MESSAGES = {
  planRequired: 'Analytics are available on the Advertise + Messaging and Deals + Messaging plans.',
  paymentRequired: 'Analytics start once your Advertise + Messaging payment is confirmed.',
  loadFailed: 'Failed to load merchant data',
} as const;
