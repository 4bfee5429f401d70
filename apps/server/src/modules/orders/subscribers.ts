import type { Deps } from '../../lib/deps';
import { dealWithdrawn } from '../catalog';
import { purchasePaid } from './checkout/checkout.events';
import { deliverDueGifts } from './gifts/gifts.service';
import { closeCheckoutPagesForDeals, saveOrderCard, sendPurchaseConfirmation, settleRefunds } from './checkout/checkout.service';

/**
 * What the orders area does when something happens (lib/domain-events.ts), registered when the app is built
 * (app.ts). Each runs once per event, after the publisher's transaction committed.
 */
export function registerOrdersSubscribers(deps: Deps) {
  const events = deps.domainEvents;
  // A paid order: the customer's confirmation, the refund of lines whose deal was withdrawn meanwhile
  // (recorded with the payment, sent to the provider now; the job retries a failure), the card kept.
  events.subscribe(purchasePaid, 'orders.confirmation-mail', ({ orderId }) => sendPurchaseConfirmation(deps, orderId));
  events.subscribe(purchasePaid, 'orders.withdrawn-line-refunds', ({ orderId }) => settleRefunds(deps, { orderId }));
  events.subscribe(purchasePaid, 'orders.saved-card', ({ orderId }) => saveOrderCard(deps, orderId));
  // A gift chosen for today goes out right after the payment; later days by the gift-delivery job (docs/decisions/0066-gifts.md).
  events.subscribe(purchasePaid, 'orders.gifts-today', ({ orderId }) => deliverDueGifts(deps, { orderId }));
  // A deal off sale: its open payment pages are closed at the provider, so they can no longer be paid
  // (one paid meanwhile is refunded by its fulfilment).
  events.subscribe(dealWithdrawn, 'orders.close-payment-pages', ({ dealIds }) => closeCheckoutPagesForDeals(deps, dealIds));
}
