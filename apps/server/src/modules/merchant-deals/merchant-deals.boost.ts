import type { FastifyInstance } from 'fastify';
import type { merchants } from '../../db/schema';
import { startMerchantCharge } from '../billing/billing.service';
import { boostPriceCents } from './merchant-deals.service';

/**
 * Opens the payment page for a PerkBoost launch (DESIGN.md 4): the price comes from BOOST_OPTIONS
 * on the server; the billing webhook calls `activateBoostedDeal` once the provider confirms it.
 * The card page returns to the deal's edit page, which shows the outcome.
 */
export async function startBoostPayment(
  app: FastifyInstance,
  opts: { merchant: typeof merchants.$inferSelect; merchantEmail: string; dealId: string; dealTitle: string; boostDays: number },
): Promise<string> {
  const back = `/merchant/deals/${opts.dealId}/edit`;
  const { url } = await startMerchantCharge(
    { db: app.db, provider: app.payments, appUrl: app.config.appUrl },
    {
      merchantId: opts.merchant.id,
      merchantEmail: opts.merchantEmail,
      kind: 'perkboost',
      dealId: opts.dealId,
      boostDays: opts.boostDays,
      amountCents: boostPriceCents(opts.boostDays),
      description: `PerkBoost: ${opts.boostDays} ${opts.boostDays === 1 ? 'day' : 'days'} for “${opts.dealTitle}”`,
      successPath: `${back}?boost=paid`,
      cancelPath: `${back}?boost=cancelled`,
    },
  );
  return url;
}
