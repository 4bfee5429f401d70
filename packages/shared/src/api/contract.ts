import type { z } from 'zod';
import {
  adminSearchQuerySchema,
  adminSearchSchema,
  customerRecordSchema,
  merchantRecordSchema,
  orderRecordSchema,
} from '../schemas/admin-records';
import {
  adminCustomersTablePageSchema,
  adminDealsTablePageSchema,
  adminMerchantsTablePageSchema,
  adminOrdersPageSchema,
  adminPayoutsTablePageSchema,
  merchantPayoutsTablePageSchema,
  adminDisputesTablePageSchema,
  adminTicketsTablePageSchema,
  adminReviewsTablePageSchema,
  adminPromoCodesTablePageSchema,
  adminJobsTablePageSchema,
  adminAuditTablePageSchema,
  merchantMessagesTablePageSchema,
  adminRefundsTablePageSchema,
  adminVouchersTablePageSchema,
  merchantRedemptionsTablePageSchema,
  merchantDealsTablePageSchema,
  merchantRefundRequestsTablePageSchema,
  merchantRefundsTablePageSchema,
  merchantVouchersTablePageSchema,
  tableQuerySchema,
} from '../schemas/console-tables';
import { adminRangeSchema, chartRangeQuerySchema } from '../schemas/chart-range';
import {
  adminDeleteAccountSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailChangeTokenSchema,
  updateProfileSchema,
} from '../schemas/account';
import {
  accountSessionsSchema,
  dataExportsSchema,
  dataExportStartedSchema,
  deletionPreviewSchema,
  emailChangedSchema,
  emailChangeRequestedSchema,
  sessionsEndedSchema,
} from '../schemas/responses/account';
import { accessCodeSchema, adminLoginSchema, createAdminSchema } from '../schemas/admin-auth';
import {
  addPasskeySchema,
  adminTotpSchema,
  passkeyAssertionSchema,
  reauthenticateSchema,
  renamePasskeySchema,
  secondStepSchema,
  totpCodeSchema,
} from '../schemas/security';
import {
  authenticationOptionsSchema,
  passkeyAddedSchema,
  reauthenticatedSchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  securityOverviewSchema,
  totpSetupSchema,
} from '../schemas/responses/security';
import {
  adminRequestsQuerySchema,
  approveMerchantSchema,
  registrationMessageSchema,
  rejectMerchantSchema,
} from '../schemas/admin-merchants';
import { adminNotificationsQuerySchema } from '../schemas/admin-notifications';
import {
  adminMerchantsWithDealsQuerySchema,
  adminPageQuerySchema,
  dealAppealDecisionSchema,
  dealAppealSchema,
  deactivateDealSchema,
} from '../schemas/admin-overview';
import {
  adminTicketsQuerySchema,
  assignTicketSchema,
  newTicketSchema,
  supportReplySchema,
  ticketMessageSchema,
  ticketNoteSchema,
  ticketStatusSchema,
} from '../schemas/admin-support';
import { auditQuerySchema, updateAdminRoleSchema } from '../schemas/admin-settings';
import { adminBusinessesQuerySchema, adminCustomersQuerySchema, sanctionSchema } from '../schemas/sanctions';
import {
  acceptStaffInviteSchema,
  inviteStaffSchema,
  staffInviteTokenSchema,
  staffRoleSchema,
  todaysRedemptionsQuerySchema,
} from '../schemas/merchant-staff';
import {
  staffInvitePreviewSchema,
  staffListSchema,
  staffMemberResultSchema,
  todaysRedemptionsSchema,
} from '../schemas/responses/merchant-staff';
import {
  adminBusinessResultSchema,
  adminBusinessesPageSchema,
  adminCustomerResultSchema,
  adminCustomersPageSchema,
} from '../schemas/responses/sanctions';
import { emailOnlySchema, loginSchema, resetPasswordTokensSchema, signupRequestSchema, verifyEmailRequestSchema } from '../schemas/auth';
import { buyBoostSchema, dealBoostStatusSchema, listingBoostStatusSchema } from '../schemas/boosts';
import { updateBusinessProfileSchema } from '../schemas/business-profile';
import { businessSearchQuerySchema } from '../schemas/business-search';
import {
  cartQuoteRequestSchema,
  createCheckoutSchema,
  purchasesQuerySchema,
  redeemRequestSchema,
  sandboxPaySavedSchema,
  sandboxPaySchema,
} from '../schemas/checkout';
import {
  customerMessagesQuerySchema,
  respondCustomerMessageSchema,
  sendCustomerMessageSchema,
  sentMessagesQuerySchema,
} from '../schemas/customer-messages';
import { browseQuerySchema, mergeFavoritesSchema, suggestQuerySchema } from '../schemas/deals';
import { merchantProfileSchema, switchPlanSchema } from '../schemas/merchant-dashboard';
import { merchantAddressSchema } from '../schemas/location';
import { createMerchantDealSchema, launchBoostSchema, merchantDealsQuerySchema, updateMerchantDealSchema } from '../schemas/merchant-deals';
import { merchantMoneyPageQuerySchema } from '../schemas/merchant-money';
import { merchantRegistrationSchema } from '../schemas/merchants';
import { createPromoCodeSchema, promoCodeResultSchema, promoCodesPageSchema } from '../schemas/promo-codes';
import { adminPayoutsQuerySchema } from '../schemas/payouts';
import { payoutReasonSchema, sandboxOnboardingSchema } from '../schemas/payout-accounts';
import {
  payoutAccountLinkSchema,
  payoutAccountSchema,
  payoutReconciliationSchema,
  sandboxConnectPageSchema,
} from '../schemas/responses/payout-accounts';
import {
  adminDirectRefundSchema,
  adminPurchaseLookupQuerySchema,
  adminPurchaseLookupSchema,
  adminRefundDecisionSchema,
  adminRefundRequestsPageSchema,
  adminRefundsQuerySchema,
  createRefundRequestSchema,
  customerRefundRequestSchema,
  merchantRefundAnswerSchema,
  merchantRefundRequestsSchema,
  refundDecisionResultSchema,
  refundReconciliationSchema,
} from '../schemas/refunds';
import { adminNotificationsPageSchema, notificationsMarkedSchema, unreadCountSchema } from '../schemas/responses/admin-notifications';
import {
  adminAccountsSchema,
  adminCreatedSchema,
  adminMerchantDealsSchema,
  adminMerchantsWithDealsSchema,
  adminMerchantRequestsPageSchema,
  adminOverviewSchema,
  adminPayoutSchema,
  adminPayoutsPageSchema,
  adminRegistrationThreadSchema,
  adminTicketsPageSchema,
  approveResultSchema,
  auditPageSchema,
  dealAppealOutSchema,
  markedReadSchema,
  payoutSummarySchema,
  registrationThreadMessageSchema,
  rejectResultSchema,
  resetResultSchema,
  ticketAssigneesSchema,
  ticketThreadSchema,
  ticketUpdatedSchema,
} from '../schemas/responses/admin';
import {
  adminAuthStatusSchema,
  adminCredentialsAcceptedSchema,
  adminSignedInSchema,
  codeIssuedSchema,
  loginResponseSchema,
  signedInResponseSchema,
  profileResponseSchema,
  resendVerificationResponseSchema,
  sessionResponseSchema,
  verifyEmailResponseSchema,
} from '../schemas/responses/auth';
import { businessPageResponseSchema, merchantBusinessProfileSchema } from '../schemas/responses/business-profile';
import { businessSearchResultSchema } from '../schemas/responses/business-search';
import {
  webhookReceivedSchema,
  cartQuoteSchema,
  checkoutStartedSchema,
  orderStateSchema,
  paymentMethodsResponseSchema,
  paymentPageSchema,
  purchasesPageSchema,
  redemptionLookupSchema,
  removedSchema,
  sandboxSessionSchema,
} from '../schemas/responses/checkout';
import { okSchema } from '../schemas/responses/common';
import {
  customerMessageSentSchema,
  inboxMessageSchema,
  inboxPageSchema,
  sentMessagesPageSchema,
} from '../schemas/responses/customer-messages';
import {
  browseResultSchema,
  dealFacetsSchema,
  dealIdsSchema,
  dealResponseSchema,
  homeDataSchema,
  placeSavedSchema,
  searchSuggestionsSchema,
  voteResultSchema,
} from '../schemas/responses/deals';
import { merchantAnalyticsSchema } from '../schemas/responses/merchant-analytics';
import {
  boostCheckoutSchema,
  merchantDealSchema,
  merchantDealsPageSchema,
  saveMerchantDealResultSchema,
  uploadedImageSchema,
} from '../schemas/responses/merchant-deals';
import {
  merchantBillingSchema,
  merchantChargesPageSchema,
  merchantPayoutsPageSchema,
  merchantReceiptSchema,
  payoutStatementSchema,
} from '../schemas/responses/merchant-money';
import {
  launchChecklistSchema,
  secondFactorReminderSchema,
  merchantOverviewSchema,
  merchantProfileSavedSchema,
  merchantThreadMessageSchema,
  merchantThreadSchema,
  planSwitchedSchema,
  subscriptionStatusSchema,
} from '../schemas/responses/merchants';
import {
  contactTicketOpenedSchema,
  healthSchema,
  mailResponseSchema,
  mailboxPageSchema,
  myTicketThreadSchema,
  myTicketsPageSchema,
  readySchema,
  jobRunSchema,
  testClockSetSchema,
} from '../schemas/responses/support';
import {
  adminReviewsQuerySchema,
  createReviewSchema,
  merchantReviewsQuerySchema,
  moderateReviewSchema,
  reportReviewSchema,
  reviewReplySchema,
  reviewsQuerySchema,
} from '../schemas/reviews';
import {
  adminReviewsPageSchema,
  merchantReviewSchema,
  merchantReviewsPageSchema,
  reviewEligibilitySchema,
  reviewModeratedSchema,
  reviewReportedSchema,
  reviewsPageSchema,
} from '../schemas/responses/reviews';
import {
  followStateSchema,
  notificationPreferencesSchema,
  oneClickBodySchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationPreferencesSchema,
} from '../schemas/notifications';
import { changeGiftRecipientSchema, giftClaimedSchema, giftPreviewSchema, giftTokenSchema } from '../schemas/gifts';
import { contactSchema, feedbackSchema, mailboxQuerySchema, merchantLeadSchema, testClockSchema } from '../schemas/support';

/*
 * The API contract (docs/decisions/0039-domain-events-and-the-api-contract.md): every JSON route of the
 * server, by method and path, with the schemas of its query, body and answer. The server registers each
 * route with these very schemas (apps/server/src/plugins/contract.ts refuses a route that is missing here or
 * declares others), and the web's client (apps/web/src/lib/api-client.ts) takes the path, the parameters
 * and the answer's type from here: a call site names a route, never a type of its own. The web imports
 * only the types, so no schema reaches the browser's bundle.
 *
 * Answers that are not JSON (event streams, the CSV statement, QR images) are links or EventSources in the
 * web, not calls: they are not listed.
 */

/** One route: the schemas of what it takes (the path parameters come from its path) and of its answer. */
export interface ApiRouteDefinition {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export const API = {
  // accounts
  'GET /api/account/profile': { response: profileResponseSchema },
  'PATCH /api/account/profile': { body: updateProfileSchema, response: profileResponseSchema },
  'POST /api/account/password': { body: changePasswordSchema, response: okSchema },
  'GET /api/account/sessions': { response: accountSessionsSchema },
  'DELETE /api/account/sessions/:id': { response: sessionsEndedSchema },
  'POST /api/account/sessions/sign-out-others': { response: sessionsEndedSchema },
  'POST /api/account/email': { body: changeEmailSchema, response: emailChangeRequestedSchema },
  'POST /api/account/email/confirm': { body: emailChangeTokenSchema, response: emailChangedSchema },
  'POST /api/account/email/undo': { body: emailChangeTokenSchema, response: emailChangedSchema },
  'GET /api/account/data-exports': { response: dataExportsSchema },
  'POST /api/account/data-exports': { response: dataExportStartedSchema },
  'GET /api/account/deletion': { response: deletionPreviewSchema },
  'POST /api/account/delete': { body: deleteAccountSchema, response: okSchema },
  'POST /api/admin/accounts/:id/delete': { body: adminDeleteAccountSchema, response: okSchema },
  'GET /api/account/security': { response: securityOverviewSchema },
  'POST /api/account/reauthenticate': { body: reauthenticateSchema, response: reauthenticatedSchema },
  'POST /api/account/passkeys/options': { response: registrationOptionsSchema },
  'POST /api/account/passkeys': { body: addPasskeySchema, response: passkeyAddedSchema },
  'PATCH /api/account/passkeys/:id': { body: renamePasskeySchema, response: passkeyAddedSchema },
  'DELETE /api/account/passkeys/:id': { response: okSchema },
  'POST /api/account/totp/setup': { response: totpSetupSchema },
  'POST /api/account/totp/enable': { body: totpCodeSchema, response: recoveryCodesSchema },
  'POST /api/account/totp/disable': { response: okSchema },
  'POST /api/account/totp/recovery-codes': { response: recoveryCodesSchema },
  'GET /api/admin-auth/status': { response: adminAuthStatusSchema },
  'POST /api/admin-auth/login': { body: adminLoginSchema, response: adminCredentialsAcceptedSchema },
  'POST /api/admin-auth/code/refresh': { response: codeIssuedSchema },
  'POST /api/admin-auth/code': { body: accessCodeSchema, response: adminSignedInSchema },
  'POST /api/admin-auth/totp': { body: adminTotpSchema, response: adminSignedInSchema },
  'POST /api/admin-auth/passkey/options': { response: authenticationOptionsSchema },
  'POST /api/admin-auth/passkey': { body: passkeyAssertionSchema, response: adminSignedInSchema },
  'GET /api/auth/session': { response: sessionResponseSchema },
  'POST /api/auth/signup': { body: signupRequestSchema, response: okSchema },
  'POST /api/auth/login': { body: loginSchema, response: loginResponseSchema },
  'POST /api/auth/login/second-step': { body: secondStepSchema, response: loginResponseSchema },
  'POST /api/auth/passkey/options': { response: authenticationOptionsSchema },
  'POST /api/auth/passkey': { body: passkeyAssertionSchema, response: loginResponseSchema },
  'POST /api/auth/logout': { response: okSchema },
  'POST /api/auth/verify-email': { body: verifyEmailRequestSchema, response: verifyEmailResponseSchema },
  'POST /api/auth/resend-verification': { body: emailOnlySchema, response: resendVerificationResponseSchema },
  'POST /api/auth/forgot-password': { body: emailOnlySchema, response: okSchema },
  'POST /api/auth/reset-password': { body: resetPasswordTokensSchema, response: okSchema },
  // catalog
  'GET /api/businesses': { query: businessSearchQuerySchema, response: businessSearchResultSchema },
  'GET /api/businesses/:slug': { response: businessPageResponseSchema },
  'GET /api/merchant/business-profile': { response: merchantBusinessProfileSchema },
  'PUT /api/merchant/business-profile': { body: updateBusinessProfileSchema, response: merchantBusinessProfileSchema },
  'PUT /api/merchant/address': { body: merchantAddressSchema, response: placeSavedSchema },
  'POST /api/merchant/uploads/business-images': { response: uploadedImageSchema },
  'GET /api/deals': { query: browseQuerySchema, response: browseResultSchema },
  'GET /api/deals/facets': { query: browseQuerySchema, response: dealFacetsSchema },
  'GET /api/search/suggest': { query: suggestQuerySchema, response: searchSuggestionsSchema },
  'GET /api/deals/:id': { response: dealResponseSchema },
  'GET /api/home': { response: homeDataSchema },
  'POST /api/merchant-leads': { body: merchantLeadSchema, response: okSchema },
  // engagement
  'GET /api/favorites': { response: dealIdsSchema },
  'PUT /api/favorites/:dealId': { response: dealIdsSchema },
  'DELETE /api/favorites/:dealId': { response: dealIdsSchema },
  'POST /api/favorites/merge': { body: mergeFavoritesSchema, response: dealIdsSchema },
  'GET /api/votes/mine': { response: dealIdsSchema },
  'POST /api/deals/:id/vote': { response: voteResultSchema },
  'DELETE /api/deals/:id/vote': { response: voteResultSchema },
  // verified reviews (docs/decisions/0064-verified-reviews.md)
  'GET /api/deals/:id/reviews': { query: reviewsQuerySchema, response: reviewsPageSchema },
  'GET /api/businesses/:slug/reviews': { query: reviewsQuerySchema, response: reviewsPageSchema },
  'GET /api/purchases/:id/review': { response: reviewEligibilitySchema },
  'POST /api/purchases/:id/review': { body: createReviewSchema, response: merchantReviewSchema },
  'POST /api/reviews/photos': { response: uploadedImageSchema },
  'POST /api/reviews/:id/report': { body: reportReviewSchema, response: reviewReportedSchema },
  'GET /api/merchant/reviews': { query: merchantReviewsQuerySchema, response: merchantReviewsPageSchema },
  'POST /api/merchant/reviews/:id/reply': { body: reviewReplySchema, response: merchantReviewSchema },
  'GET /api/admin/reviews': { query: adminReviewsQuerySchema, response: adminReviewsPageSchema },
  'POST /api/admin/reviews/:id/hide': { body: moderateReviewSchema, response: reviewModeratedSchema },
  'POST /api/admin/reviews/:id/restore': { body: moderateReviewSchema, response: reviewModeratedSchema },
  // notification preferences and one-click unsubscribe (docs/decisions/0065-notifications.md)
  'GET /api/account/notifications': { response: notificationPreferencesSchema },
  'PUT /api/account/notifications': { body: updateNotificationPreferencesSchema, response: notificationPreferencesSchema },
  'POST /api/unsubscribe': { query: unsubscribeQuerySchema, body: oneClickBodySchema, response: unsubscribeResultSchema },
  'POST /api/unsubscribe/undo': { query: unsubscribeQuerySchema, body: oneClickBodySchema, response: unsubscribeResultSchema },
  'GET /api/businesses/:slug/follow': { response: followStateSchema },
  'PUT /api/businesses/:slug/follow': { response: followStateSchema },
  'DELETE /api/businesses/:slug/follow': { response: followStateSchema },
  // merchant
  'GET /api/admin/merchant-requests': { query: adminRequestsQuerySchema, response: adminMerchantRequestsPageSchema },
  'POST /api/admin/merchant-requests/:id/approve': { body: approveMerchantSchema, response: approveResultSchema },
  'POST /api/admin/merchant-requests/:id/reject': { body: rejectMerchantSchema, response: rejectResultSchema },
  'POST /api/admin/merchant-requests/:id/reset': { response: resetResultSchema },
  'GET /api/admin/merchant-requests/:id/messages': { response: adminRegistrationThreadSchema },
  'POST /api/admin/merchant-requests/:id/messages/read': { response: markedReadSchema },
  'POST /api/admin/merchant-requests/:id/messages': { body: registrationMessageSchema, response: registrationThreadMessageSchema },
  'GET /api/admin/businesses': { query: adminBusinessesQuerySchema, response: adminBusinessesPageSchema },
  'POST /api/admin/businesses/:id/suspend': { body: sanctionSchema, response: adminBusinessResultSchema },
  'POST /api/admin/businesses/:id/reinstate': { response: adminBusinessResultSchema },
  'GET /api/admin/overview': { response: adminOverviewSchema },
  'GET /api/admin/overview/range': { query: chartRangeQuerySchema, response: adminRangeSchema },
  'GET /api/admin/merchants-with-deals': { query: adminMerchantsWithDealsQuerySchema, response: adminMerchantsWithDealsSchema },
  'GET /api/admin/merchants/:id/deals': { query: adminPageQuerySchema, response: adminMerchantDealsSchema },
  'POST /api/admin/deals/:id/appeal/decision': { body: dealAppealDecisionSchema, response: dealAppealOutSchema },
  'POST /api/admin/deals/:id/deactivate': { body: deactivateDealSchema, response: okSchema },
  'GET /api/merchant/boosts/deals/:id': { response: dealBoostStatusSchema },
  'POST /api/merchant/boosts/deals/:id': { body: buyBoostSchema, response: boostCheckoutSchema },
  'GET /api/merchant/boosts/listing': { response: listingBoostStatusSchema },
  'POST /api/merchant/boosts/listing': { body: buyBoostSchema, response: boostCheckoutSchema },
  'POST /api/deals/:id/click': { response: okSchema },
  'GET /api/merchant/analytics': { query: chartRangeQuerySchema, response: merchantAnalyticsSchema },
  'PUT /api/merchant/profile': { body: merchantProfileSchema, response: merchantProfileSavedSchema },
  'POST /api/merchant/plan': { body: switchPlanSchema, response: planSwitchedSchema },
  'POST /api/merchant/subscription/checkout': { response: paymentPageSchema },
  'POST /api/merchant/subscription/check': { response: subscriptionStatusSchema },
  'GET /api/merchant/registration/messages': { response: merchantThreadSchema },
  'POST /api/merchant/registration/messages': { body: registrationMessageSchema, response: merchantThreadMessageSchema },
  'GET /api/merchant/launch-checklist': { response: launchChecklistSchema },
  'GET /api/merchant/second-factor-reminder': { response: secondFactorReminderSchema },
  'GET /api/merchant/deals': { query: merchantDealsQuerySchema, response: merchantDealsPageSchema },
  'GET /api/merchant/deals/:id': { response: merchantDealSchema },
  'POST /api/merchant/deals': { body: createMerchantDealSchema, response: saveMerchantDealResultSchema },
  'PUT /api/merchant/deals/:id': { body: updateMerchantDealSchema, response: saveMerchantDealResultSchema },
  'POST /api/merchant/deals/:id/boost': { body: launchBoostSchema, response: boostCheckoutSchema },
  'POST /api/merchant/deals/:id/pause': { response: merchantDealSchema },
  'POST /api/merchant/deals/:id/resume': { response: merchantDealSchema },
  'DELETE /api/merchant/deals/:id': { response: removedSchema },
  'POST /api/merchant/deals/:id/appeal': { body: dealAppealSchema, response: dealAppealOutSchema },
  'POST /api/merchant/uploads/deal-images': { response: uploadedImageSchema },
  'POST /api/merchants/register': { body: merchantRegistrationSchema, response: okSchema },
  'GET /api/merchant/me': { response: merchantOverviewSchema },
  'GET /api/merchant/staff': { response: staffListSchema },
  'POST /api/merchant/staff': { body: inviteStaffSchema, response: staffMemberResultSchema },
  'PATCH /api/merchant/staff/:id': { body: staffRoleSchema, response: staffMemberResultSchema },
  'DELETE /api/merchant/staff/:id': { response: okSchema },
  'POST /api/staff-invites/preview': { body: staffInviteTokenSchema, response: staffInvitePreviewSchema },
  'POST /api/staff-invites/accept': { body: acceptStaffInviteSchema, response: signedInResponseSchema },
  // money
  'GET /api/merchant/billing': { response: merchantBillingSchema },
  'GET /api/merchant/charges': { query: merchantMoneyPageQuerySchema, response: merchantChargesPageSchema },
  'GET /api/merchant/charges/:id': { response: merchantReceiptSchema },
  'GET /api/merchant/payouts': { query: merchantMoneyPageQuerySchema, response: merchantPayoutsPageSchema },
  'GET /api/merchant/payouts/:id/statement': { query: merchantMoneyPageQuerySchema, response: payoutStatementSchema },
  'GET /api/admin/payouts': { query: adminPayoutsQuerySchema, response: adminPayoutsPageSchema },
  'GET /api/admin/payouts/summary': { response: payoutSummarySchema },
  'POST /api/admin/payouts/:id/mark-paid': { body: payoutReasonSchema, response: adminPayoutSchema },
  'POST /api/admin/payouts/:id/retry': { response: adminPayoutSchema },
  'POST /api/admin/payouts/:id/hold': { body: payoutReasonSchema, response: adminPayoutSchema },
  'POST /api/admin/payouts/:id/release': { response: adminPayoutSchema },
  'GET /api/admin/payouts/reconciliation': { response: payoutReconciliationSchema },
  'GET /api/merchant/payout-account': { response: payoutAccountSchema },
  'POST /api/merchant/payout-account/onboarding': { response: payoutAccountLinkSchema },
  'POST /api/merchant/payout-account/refresh': { response: payoutAccountSchema },
  'POST /api/merchant/payout-account/dashboard': { response: payoutAccountLinkSchema },
  'POST /api/purchases/:id/refund-request': { body: createRefundRequestSchema, response: customerRefundRequestSchema },
  'GET /api/merchant/refund-requests': { response: merchantRefundRequestsSchema },
  'POST /api/merchant/refund-requests/:id/accept': { response: refundDecisionResultSchema },
  'POST /api/merchant/refund-requests/:id/answer': { body: merchantRefundAnswerSchema, response: refundDecisionResultSchema },
  'GET /api/admin/refund-requests': { query: adminRefundsQuerySchema, response: adminRefundRequestsPageSchema },
  'POST /api/admin/refund-requests/:id/decision': { body: adminRefundDecisionSchema, response: refundDecisionResultSchema },
  'GET /api/admin/refunds/reconciliation': { response: refundReconciliationSchema },
  'GET /api/admin/purchases': { query: adminPurchaseLookupQuerySchema, response: adminPurchaseLookupSchema },
  'POST /api/admin/purchases/:id/refund': { body: adminDirectRefundSchema, response: refundDecisionResultSchema },
  'GET /api/sandbox/sessions/:id': { response: sandboxSessionSchema },
  'POST /api/sandbox/sessions/:id/pay': { body: sandboxPaySchema, response: paymentPageSchema },
  'POST /api/sandbox/sessions/:id/pay-saved': { body: sandboxPaySavedSchema, response: paymentPageSchema },
  'GET /api/sandbox/connect/:linkId': { response: sandboxConnectPageSchema },
  'POST /api/sandbox/connect/:linkId/outcome': { body: sandboxOnboardingSchema, response: paymentPageSchema },
  'POST /api/sandbox/connect/:linkId/transfers/:transferId/reverse': { response: sandboxConnectPageSchema },
  // orders
  'POST /api/checkout': { body: createCheckoutSchema, response: checkoutStartedSchema },
  'POST /api/cart/quote': { body: cartQuoteRequestSchema, response: cartQuoteSchema },
  // The provider's signed events (apps/server/src/webhooks): a raw body, checked by its signature.
  'POST /api/webhooks/:provider': { response: webhookReceivedSchema },
  'GET /api/orders/:id': { response: orderStateSchema },
  'GET /api/purchases': { query: purchasesQuerySchema, response: purchasesPageSchema },
  // gifts (docs/decisions/0066-gifts.md)
  'POST /api/gifts/:id/resend': { response: okSchema },
  'PATCH /api/gifts/:id': { body: changeGiftRecipientSchema, response: okSchema },
  'POST /api/gifts/preview': { body: giftTokenSchema, response: giftPreviewSchema },
  'POST /api/gifts/claim': { body: giftTokenSchema, response: giftClaimedSchema },
  'POST /api/merchant/redemptions/lookup': { body: redeemRequestSchema, response: redemptionLookupSchema },
  'POST /api/merchant/redemptions': { body: redeemRequestSchema, response: redemptionLookupSchema },
  'GET /api/merchant/redemptions/today': { query: todaysRedemptionsQuerySchema, response: todaysRedemptionsSchema },
  'GET /api/account/payment-methods': { response: paymentMethodsResponseSchema },
  'GET /api/admin/promo-codes': { response: promoCodesPageSchema },
  'POST /api/admin/promo-codes': { body: createPromoCodeSchema, response: promoCodeResultSchema },
  'POST /api/admin/promo-codes/:id/deactivate': { response: promoCodeResultSchema },
  'GET /api/merchant/promo-codes': { response: promoCodesPageSchema },
  'POST /api/merchant/promo-codes': { body: createPromoCodeSchema, response: promoCodeResultSchema },
  'POST /api/merchant/promo-codes/:id/deactivate': { response: promoCodeResultSchema },
  'DELETE /api/account/payment-methods/:id': { response: removedSchema },
  // platform
  'GET /api/admin/notifications': { query: adminNotificationsQuerySchema, response: adminNotificationsPageSchema },
  'GET /api/admin/notifications/unread-count': { response: unreadCountSchema },
  'POST /api/admin/notifications/read-all': { response: notificationsMarkedSchema },
  'POST /api/admin/notifications/:id/read': { response: notificationsMarkedSchema },
  'GET /api/admin/admins': { response: adminAccountsSchema },
  'POST /api/admin/admins': { body: createAdminSchema, response: adminCreatedSchema },
  'PATCH /api/admin/admins/:id': { body: updateAdminRoleSchema, response: adminCreatedSchema },
  'POST /api/admin/admins/:id/deactivate': { response: adminCreatedSchema },
  'POST /api/admin/admins/:id/reactivate': { response: adminCreatedSchema },
  'GET /api/admin/audit': { query: auditQuerySchema, response: auditPageSchema },
  'GET /api/health': { response: healthSchema },
  'GET /api/ready': { response: readySchema },
  'GET /api/dev/mailbox': { query: mailboxQuerySchema, response: mailboxPageSchema },
  'GET /api/dev/mailbox/:id': { response: mailResponseSchema },
  // Browser journeys' test clock (TEST_CLOCK_CONTROL; never in production).
  'POST /api/dev/clock': { body: testClockSchema, response: testClockSetSchema },
  'POST /api/dev/jobs/:name/run': { response: jobRunSchema },
  // support
  'GET /api/admin/customers': { query: adminCustomersQuerySchema, response: adminCustomersPageSchema },
  // the console's tables (docs/decisions/0069-console-tables.md); their CSV exports are streams, not in the contract
  'GET /api/admin/orders': { query: tableQuerySchema, response: adminOrdersPageSchema },
  'GET /api/admin/tables/customers': { query: tableQuerySchema, response: adminCustomersTablePageSchema },
  'GET /api/admin/tables/merchants': { query: tableQuerySchema, response: adminMerchantsTablePageSchema },
  'GET /api/admin/tables/deals': { query: tableQuerySchema, response: adminDealsTablePageSchema },
  'GET /api/admin/tables/vouchers': { query: tableQuerySchema, response: adminVouchersTablePageSchema },
  'GET /api/admin/tables/refunds': { query: tableQuerySchema, response: adminRefundsTablePageSchema },
  'GET /api/admin/tables/payouts': { query: tableQuerySchema, response: adminPayoutsTablePageSchema },
  'GET /api/merchant/tables/deals': { query: tableQuerySchema, response: merchantDealsTablePageSchema },
  'GET /api/merchant/tables/vouchers': { query: tableQuerySchema, response: merchantVouchersTablePageSchema },
  'GET /api/merchant/tables/redemptions': { query: tableQuerySchema, response: merchantRedemptionsTablePageSchema },
  'GET /api/merchant/tables/refunds': { query: tableQuerySchema, response: merchantRefundsTablePageSchema },
  'GET /api/merchant/tables/refund-requests': { query: tableQuerySchema, response: merchantRefundRequestsTablePageSchema },
  'GET /api/merchant/tables/payouts': { query: tableQuerySchema, response: merchantPayoutsTablePageSchema },
  'GET /api/admin/tables/disputes': { query: tableQuerySchema, response: adminDisputesTablePageSchema },
  'GET /api/admin/tables/tickets': { query: tableQuerySchema, response: adminTicketsTablePageSchema },
  'GET /api/admin/tables/reviews': { query: tableQuerySchema, response: adminReviewsTablePageSchema },
  'GET /api/admin/tables/promo-codes': { query: tableQuerySchema, response: adminPromoCodesTablePageSchema },
  'GET /api/admin/tables/jobs': { query: tableQuerySchema, response: adminJobsTablePageSchema },
  'GET /api/admin/tables/audit': { query: tableQuerySchema, response: adminAuditTablePageSchema },
  'GET /api/merchant/tables/messages': { query: tableQuerySchema, response: merchantMessagesTablePageSchema },
  // the console's record pages and global search (docs/decisions/0072-record-pages-and-search.md)
  'GET /api/admin/customers/:id': { response: customerRecordSchema },
  'GET /api/admin/merchants/:id': { response: merchantRecordSchema },
  'GET /api/admin/orders/:id': { response: orderRecordSchema },
  'GET /api/admin/search': { query: adminSearchQuerySchema, response: adminSearchSchema },
  'POST /api/admin/customers/:id/ban': { body: sanctionSchema, response: adminCustomerResultSchema },
  'POST /api/admin/customers/:id/unban': { response: adminCustomerResultSchema },
  'GET /api/admin/support/tickets': { query: adminTicketsQuerySchema, response: adminTicketsPageSchema },
  'GET /api/admin/support/assignees': { response: ticketAssigneesSchema },
  'PUT /api/admin/support/tickets/:id/assignee': { body: assignTicketSchema, response: ticketUpdatedSchema },
  'POST /api/admin/support/tickets/:id/notes': { body: ticketNoteSchema, response: ticketThreadSchema },
  'GET /api/admin/support/tickets/:id': { response: ticketThreadSchema },
  'PATCH /api/admin/support/tickets/:id/status': { body: ticketStatusSchema, response: ticketUpdatedSchema },
  'POST /api/admin/support/tickets/:id/replies': { body: supportReplySchema, response: ticketThreadSchema },
  'POST /api/customer-messages': { body: sendCustomerMessageSchema, response: customerMessageSentSchema },
  'GET /api/customer-messages': { query: sentMessagesQuerySchema, response: sentMessagesPageSchema },
  'GET /api/merchant/customer-messages': { query: customerMessagesQuerySchema, response: inboxPageSchema },
  'POST /api/merchant/customer-messages/:id/read': { response: inboxMessageSchema },
  'POST /api/merchant/customer-messages/:id/response': { body: respondCustomerMessageSchema, response: inboxMessageSchema },
  'POST /api/feedback': { body: feedbackSchema, response: okSchema },
  'POST /api/support/tickets': { body: contactSchema, response: contactTicketOpenedSchema },
  'GET /api/support/my-tickets': { query: adminPageQuerySchema, response: myTicketsPageSchema },
  'GET /api/support/my-tickets/:id': { response: myTicketThreadSchema },
  'POST /api/support/my-tickets': { body: newTicketSchema, response: myTicketThreadSchema },
  'POST /api/support/my-tickets/:id/messages': { body: ticketMessageSchema, response: myTicketThreadSchema },
} as const satisfies Record<string, ApiRouteDefinition>;

/** A route's name: its method and path, e.g. `GET /api/deals/:id`. */
export type ApiRoute = keyof typeof API;
/** Routes of one method. */
export type ApiRouteOf<M extends string> = Extract<ApiRoute, `${M} ${string}`>;
/** The path of a route name. */
export type ApiPath<K extends ApiRoute> = K extends `${string} ${infer P}` ? P : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** The path parameters of a route (`:id` → `{ id: string }`). */
export type ApiParams<K extends ApiRoute> = { [N in ParamNames<ApiPath<K>>]: string };

type Def<K extends ApiRoute> = (typeof API)[K];
/** What a route answers (the JSON the server serialises through its schema). */
export type ApiResponse<K extends ApiRoute> = z.output<Def<K>['response']>;
/** What a route takes as its JSON body. */
export type ApiBody<K extends ApiRoute> = Def<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** A route's query parameters, by name (sent as text, read by the route's query schema). */
export type ApiQuery<K extends ApiRoute> =
  Def<K> extends { query: infer Q extends z.ZodType } ? { [N in keyof z.output<Q>]?: string | number | boolean | null } : never;
