import type { Deps } from '../../lib/deps';
import { dealWithdrawn } from '../catalog';
import { sendBoostRefunds } from './merchant-deals/deal-removal.service';

/**
 * What the merchant area does when something happens (lib/domain-events.ts), registered when the app is
 * built (app.ts). Each runs once per event, after the publisher's transaction committed.
 */
export function registerMerchantSubscribers(deps: Deps) {
  // A deal off sale: the boost refunds its take-down recorded (deal-removal.service refundUnusedBoosts, in
  // the take-down's transaction) go to the provider now; a deal paused or deleted by its merchant has none.
  // A failure waits for the event's retry and the refund job.
  deps.domainEvents.subscribe(dealWithdrawn, 'merchant.boost-refunds', ({ dealIds }) => sendBoostRefunds(deps, { dealIds }));
}
