import { registerPaidChargeEffect } from '../money';
import { applyPaidBoost } from './boosts/boosts.service';
import { activateBoostedDeal } from './merchant-deals/merchant-deals.service';

/**
 * What the merchant's paid extras buy, registered with billing when the app is built (app.ts): billing
 * sits below the merchant area and applies them without importing it (docs/decisions/0038-business-areas.md).
 */
export function registerMerchantPaidCharges() {
  // Paid for a deal deleted or taken down meanwhile: nothing to boost, the admins refund it.
  const boost = { apply: applyPaidBoost, whenNotApplied: 'a boost of a deal that is no longer live, so nothing was boosted' };
  registerPaidChargeEffect('deal_boost', boost);
  registerPaidChargeEffect('listing_boost', boost);
  // Paid, but the draft is gone (an admin took it down meanwhile): the admins are told to refund it.
  registerPaidChargeEffect('perkboost', {
    apply: async (tx, charge, now) =>
      !(charge.dealId && charge.boostDays) || activateBoostedDeal(tx, { dealId: charge.dealId, boostDays: charge.boostDays, paidAt: now }),
  });
}
