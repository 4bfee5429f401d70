import { BOOST_MESSAGES, plural } from '@localperks/shared';
import { registerChargeKind } from '../money';
import { applyPaidBoost } from './boosts/boosts.service';
import { activateBoostedDeal } from './merchant-deals/merchant-deals.service';

const days = (n: number | null) => (n ? plural(n, 'day') : null);
/** "7 days for “Two tacos”", or as much of it as is known. */
const forDeal = (c: { boostDays: number | null; dealTitle: string | null }) =>
  [days(c.boostDays), c.dealTitle ? `for “${c.dealTitle}”` : null].filter(Boolean).join(' ');
const line = (what: string, detail: string | null) => [what, detail].filter(Boolean).join(': ');

/**
 * The merchant's paid extras, registered with billing when the app is built (app.ts): what each is called,
 * what it names and what it buys. Billing sits below the merchant area and charges for them without
 * importing it (docs/decisions/0038-business-areas.md).
 */
export function registerMerchantPaidCharges() {
  // Paid for a deal deleted or taken down meanwhile: nothing to boost, the admins refund it.
  const boost = { apply: applyPaidBoost, whenNotApplied: 'a boost of a deal that is no longer live, so nothing was boosted' };
  const boostMessages = { pageOpen: BOOST_MESSAGES.paymentOpen, alreadyPaid: BOOST_MESSAGES.alreadyPaid };
  registerChargeKind('deal_boost', {
    ...boost,
    describe: (c) => line('Deal boost', forDeal(c)),
    needs: { deal: true, boostDays: true },
    messages: { ...boostMessages, incomplete: 'A PerkBoost charge needs its deal and boost duration.' },
  });
  registerChargeKind('listing_boost', {
    ...boost,
    describe: (c) => line('Business listing boost', days(c.boostDays)),
    needs: { deal: false, boostDays: true },
    messages: { ...boostMessages, incomplete: 'A listing boost needs its duration.' },
  });
  registerChargeKind('perkboost', {
    describe: (c) => line('PerkBoost', forDeal(c)),
    needs: { deal: true, boostDays: true },
    messages: {
      pageOpen: 'A payment page for this is already open. Finish or cancel it, then try again.',
      alreadyPaid: 'This PerkBoost launch is already paid. The deal goes live as soon as the payment is confirmed.',
      incomplete: 'A PerkBoost charge needs its deal and boost duration.',
    },
    // Paid, but the draft is gone (an admin took it down meanwhile): the admins are told to refund it.
    apply: async (tx, charge, now) =>
      !(charge.dealId && charge.boostDays) || activateBoostedDeal(tx, { dealId: charge.dealId, boostDays: charge.boostDays, paidAt: now }),
  });
}
