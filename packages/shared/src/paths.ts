/**
 * Every route path of the product in one place: the web router and links, and the server's e-mail
 * links, payment return addresses and page heads.
 */
export const paths = {
  home: '/',
  deals: '/deals',
  deal: (id: string) => `/deals/${id}`,
  /** The older deal address (standard cards link to it); it redirects to `deal`. */
  dealLegacy: (id: string) => `/deal/${id}`,
  perkboost: '/perkboost',
  /** The business directory: `?search=`, `?state=`, `?city=`, `?page=`. */
  businesses: '/businesses',
  /** A business page (docs/product/design.md §13). */
  business: (slug: string) => `/businesses/${slug}`,
  perkboostInfo: '/perkboost-info',
  favorites: '/favorites',
  cart: '/cart',
  purchases: '/purchases',
  /** The review form of one redeemed voucher (docs/decisions/0064-verified-reviews.md): the review-request mail links here. */
  reviewPurchase: (purchaseId: string) => `/purchases/${purchaseId}/review`,
  /** A deal page's reviews section. */
  dealReviews: (id: string) => `/deals/${id}#reviews`,
  profile: '/profile',
  /** A one-click unsubscribe link's page (docs/decisions/0065-notifications.md). */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  unsubscribePage: '/unsubscribe',
  /** A gift e-mail's claim link's page (docs/decisions/0066-gifts.md). */
  giftClaim: '/gifts/claim',
  profileTab: (tab: 'messages' | 'support' | 'security' | 'privacy' | 'purchases' | 'notifications') => `/profile?tab=${tab}`,
  /** The links of an e-mail change: confirm (mailed to the new address), undo (to the old one). */
  confirmEmailChange: '/account/email/confirm',
  undoEmailChange: '/account/email/undo',
  login: '/login',
  loginReturningTo: (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`,
  register: '/register',
  auth: '/auth',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  authCallback: '/auth/callback',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  privacyPolicy: '/privacy-policy',
  terms: '/terms',
  companyTerms: '/company/terms',
  merchantTerms: '/company/merchant-terms',
  merchantRefundPolicy: '/company/merchant-refund-policy',
  merchantRegister: '/merchant/register',
  merchantLogin: '/merchant/login',
  merchantDashboard: '/merchant/dashboard',
  merchantDashboardTab: (tab: string) => `/merchant/dashboard?tab=${tab}`,
  merchantPreLaunch: '/merchant/pre-launch',
  merchantRedeem: '/merchant/redeem',
  merchantRedeemCode: (code: string) => `/merchant/redeem?code=${encodeURIComponent(code)}`,
  /** A staff invitation's page, from its mailed link (docs/decisions/0062-roles-and-staff.md). */
  staffInvite: (token: string) => `/merchant/staff/accept?token=${encodeURIComponent(token)}`,
  staffInviteAccept: '/merchant/staff/accept',
  merchantDealNew: '/merchant/deals/new',
  merchantDealEdit: (id: string) => `/merchant/deals/${id}/edit`,
  /**
   * The console's My Deals, where a live deal is boosted; `boost` says how the payment page closed. The section's own
   * address, not the dashboard's older `?tab=deals`, which redirects there: a page coming back from the provider lands
   * once, where it stays.
   */
  merchantBoostReturn: (outcome: 'paid' | 'cancelled') => `/merchant/deals?boost=${outcome}`,
  /** The console's Payouts section; `?account=return|refresh` when the payout provider's pages send the merchant back. */
  merchantPayouts: '/merchant/payouts',
  /** The printable receipt of a paid merchant charge (subscription, PerkBoost). */
  merchantReceipt: (id: string) => `/merchant/billing/receipts/${id}`,
  /** A payout's statement: the period's sales. */
  merchantPayoutStatement: (id: string) => `/merchant/payouts/${id}/statement`,
  /** The same statement as a CSV download (an API answer, linked from the statement page). */
  merchantPayoutStatementCsv: (id: string) => `/api/merchant/payouts/${id}/statement.csv`,
  merchantFaq: '/merchant/faq',
  merchantPricing: '/merchant/pricing',
  merchantSuccessStories: '/merchant/success-stories',
  adminLogin: '/admin-login',
  adminDashboard: '/admin/dashboard',
  /** The admin dashboard on a tab and/or with an item opened (`?tab=approval&request=…`). */
  adminDashboardAt: (query: Record<string, string>) => {
    const q = Object.entries(query)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return q ? `/admin/dashboard?${q}` : '/admin/dashboard';
  },
  /** The console's record pages (docs/decisions/0072-record-pages-and-search.md). */
  /** The console's Audit Trail section (its table; `?status=admin` shows the Settings section's changes). */
  adminAudit: '/admin/audit',
  adminCustomer: (id: string) => `/admin/customers/${id}`,
  adminMerchant: (id: string) => `/admin/merchants/${id}`,
  adminOrder: (id: string) => `/admin/orders/${id}`,
  devMailbox: '/dev/mailbox',
  sandboxCheckout: (sessionId: string) => `/sandbox/checkout/${sessionId}`,
  /** The sandbox provider's hosted payout-account pages (onboarding, the account's dashboard), by link id. */
  sandboxConnect: (linkId: string) => `/sandbox/connect/${linkId}`,
} as const;
