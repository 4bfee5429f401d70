import type { merchants } from '../../../db/schema';
import { and, eq } from 'drizzle-orm';
import { plural, paths } from '@localperks/shared';
import { deals } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { closeOpenCharges, startMerchantCharge } from '../../money';
import { boostPriceCents, merchantForUser } from './merchant-deals.service';

/**
 * Opens the payment page for a PerkBoost launch (docs/product/design.md §4): the price comes from BOOST_OPTIONS
 * on the server; the billing webhook calls `activateBoostedDeal` once the provider confirms it.
 * The card page returns to the deal's edit page, which shows the outcome.
 */
export async function startBoostPayment(
  deps: Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>,
  opts: { merchant: typeof merchants.$inferSelect; merchantEmail: string; dealId: string; dealTitle: string; boostDays: number },
): Promise<string> {
  const back = paths.merchantDealEdit(opts.dealId);
  const { url } = await startMerchantCharge(deps, {
    merchantId: opts.merchant.id,
    merchantEmail: opts.merchantEmail,
    kind: 'perkboost',
    dealId: opts.dealId,
    boostDays: opts.boostDays,
    amountCents: boostPriceCents(opts.boostDays),
    description: `PerkBoost: ${plural(opts.boostDays, 'day')} for “${opts.dealTitle}”`,
    successPath: `${back}?boost=paid`,
    cancelPath: `${back}?boost=cancelled`,
  });
  return url;
}

/**
 * Before a PerkBoost draft of the caller is deleted: its open payment pages are closed at the
 * provider; one that was paid meanwhile stops the deletion (409), as the launch is then going live.
 */
export async function closeBoostPayments(deps: Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>, userId: string, dealId: string) {
  const m = await merchantForUser(deps.db, userId);
  const [draft] = await deps.db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.merchantId, m.id), eq(deals.type, 'perkboost'), eq(deals.status, 'draft')));
  if (!draft) return;
  await closeOpenCharges(deps, { merchantId: m.id, kind: 'perkboost', dealId });
}
