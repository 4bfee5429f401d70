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
export { payoutsRoutes } from './payouts/payouts.routes';
export { closePayoutPeriods, payoutSummary } from './payouts/payouts.service';
export { refundsRoutes } from './refunds/refunds.routes';
export {
  handleRefundEvent,
  latestRequests,
  markOverdueRefundRequests,
  settleVoucherRefunds,
  voucherRefundCents,
} from './refunds/refunds.service';
export { sandboxRoutes } from './sandbox/sandbox.routes';
export {
  deliverCompletedWebhook,
  deliverSandboxRefundEvents,
  redeliverSandboxWebhooks,
  runSandboxSubscriptions,
} from './sandbox/sandbox.service';
