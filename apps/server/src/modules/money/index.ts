/**
 * The money area's public face (docs/architecture.md). Money: the ledger, what merchants pay (billing:
 * subscriptions, boosts, PerkBoost launches), refunds, disputes, payouts and the merchant's statements, the
 * sandbox payment provider. Code outside the area imports only this file
 * (docs/decisions/0038-business-areas.md).
 */
export {
  RENEWAL_GRACE_MS,
  closeOpenCharges,
  expireStaleCharges,
  handleBillingEvent,
  hasPaidSubscription,
  isMerchantChargeEvent,
  registerChargeKind,
  setSubscriptionRenewal,
  startMerchantCharge,
  withMessagingFacts,
} from './billing/billing.service';
export { handleDisputeEvent, merchantsFlaggedForDisputes } from './disputes/disputes.service';
export { merchantBalance, periodTotals, postChargePaid, postChargeRefund, postRefund, postSales } from './ledger/ledger.service';
export { merchantMoneyRoutes } from './merchant-money/merchant-money.routes';
export { payoutAccountRoutes } from './payout-accounts/payout-accounts.routes';
export { handleAccountEvent } from './payout-accounts/payout-accounts.service';
export { payoutsRoutes } from './payouts/payouts.routes';
export { closePayoutPeriods, overdueSql, payoutSummary, runPayoutJob } from './payouts/payouts.service';
export { handleTransferEvent, settlePayouts, transferDuePayouts } from './payouts/transfers.service';
export { refundsRoutes } from './refunds/refunds.routes';
export {
  adminDecideRefund,
  adminPurchasesOfOrder,
  handleRefundEvent,
  latestRequests,
  normalizeRedemptionCode,
  markOverdueRefundRequests,
  merchantAcceptRefund,
  merchantAnswerRefund,
  requestRefund,
  settleVoucherRefunds,
  voucherRefundCents,
} from './refunds/refunds.service';
export { sandboxRoutes } from './sandbox/sandbox.routes';
export { deliverSandboxConnectEvents } from './sandbox/sandbox-connect.service';
export {
  deliverCompletedWebhook,
  deliverSandboxRefundEvents,
  redeliverSandboxWebhooks,
  runSandboxSubscriptions,
} from './sandbox/sandbox.service';
