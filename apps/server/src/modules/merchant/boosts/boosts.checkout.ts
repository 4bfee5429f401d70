import { plural, paths } from '@localperks/shared';
import type { Deps } from '../../../lib/deps';
import { startMerchantCharge } from '../../money';
import { boostPriceCents } from '../merchant-deals/merchant-deals.service';
import { boostableDeal, boostableListing } from './boosts.service';

type CheckoutDeps = Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>;

/**
 * Opens the provider's payment page for a boost of a live deal. The price comes from BOOST_OPTIONS
 * on the server; the billing webhook applies it (`applyPaidBoost`) once the provider confirms it.
 * A second request closes the first page (billing's `closeOpenCharges`), so one boost is paid once.
 */
export async function startDealBoost(deps: CheckoutDeps, user: { id: string; email: string }, dealId: string, boostDays: number) {
  const { merchant, deal } = await boostableDeal(deps, user.id, dealId);
  const { url } = await startMerchantCharge(deps, {
    merchantId: merchant.id,
    merchantEmail: user.email,
    kind: 'deal_boost',
    dealId: deal.id,
    boostDays,
    amountCents: boostPriceCents(boostDays),
    description: `PerkBoost: ${plural(boostDays, 'day')} for “${deal.title}”`,
    successPath: paths.merchantBoostReturn('paid'),
    cancelPath: paths.merchantBoostReturn('cancelled'),
  });
  return { checkoutUrl: url };
}

/** The same for the business listing of an Advertise + Messaging merchant. */
export async function startListingBoost(deps: CheckoutDeps, user: { id: string; email: string }, boostDays: number) {
  const merchant = await boostableListing(deps.db, user.id, deps.clock.now());
  const { url } = await startMerchantCharge(deps, {
    merchantId: merchant.id,
    merchantEmail: user.email,
    kind: 'listing_boost',
    boostDays,
    amountCents: boostPriceCents(boostDays),
    description: `PerkBoost: ${plural(boostDays, 'day')} for your listing “${merchant.businessName}”`,
    successPath: `${paths.merchantDashboard}?boost=paid`,
    cancelPath: `${paths.merchantDashboard}?boost=cancelled`,
  });
  return { checkoutUrl: url };
}
