/**
 * The orders area's public face (docs/architecture.md). Buying: checkout (orders, the provider's payment pages,
 * fulfilment) and purchases (vouchers, redemption codes, redemption). Code outside the area imports only this
 * file (docs/decisions/0038-business-areas.md).
 */
export { checkoutRoutes } from './checkout/checkout.routes';
export { purchasePaid } from './checkout/checkout.events';
export { expireStaleOrders, handleProviderEvent, settleRefunds } from './checkout/checkout.service';
export { purchasesRoutes } from './purchases/purchases.routes';
export { generateRedemptionCode } from './purchases/redemption-code';
export { promoCodesRoutes } from './promo-codes/promo-codes.routes';
export { registerOrdersSubscribers } from './subscribers';
export { giftsRoutes } from './gifts/gifts.routes';
export { deliverDueGifts } from './gifts/gifts.service';
