import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, webhookReceivedSchema } from '@localperks/shared';
import type { Deps } from '../lib/deps';
import { AppError } from '../lib/errors';
import { findUnstorableText } from '../plugins/input';
import type { ProviderEvent } from '../payments/provider';
import {
  handleAccountEvent,
  handleBillingEvent,
  handleDisputeEvent,
  handleRefundEvent,
  handleTransferEvent,
  isMerchantChargeEvent,
} from '../modules/money';
import { handleProviderEvent } from '../modules/orders';

/*
 * The payment provider's webhooks (docs/decisions/0039-domain-events-and-the-api-contract.md): one entry
 * point above the areas. It checks the provider's signature once, through the payment-provider interface
 * (payments/), which turns each provider's events into the same `ProviderEvent`; then the event goes to the
 * one area that owns its kind. No area tries events meant for another, and none knows which provider sent it.
 */

/** Handles a verified event; true when it changed something (`fulfilled` in the answer). */
type EventHandler = (deps: Deps, event: ProviderEvent) => Promise<boolean>;

/** Orders and charges both have checkout pages: a charge's goes to billing (money), an order's to checkout (orders). */
const checkoutEvent: EventHandler = async (deps, event) =>
  (await isMerchantChargeEvent(deps, event))
    ? (await handleBillingEvent(deps, event)).applied
    : (await handleProviderEvent(deps, event)).fulfilled;

/** Which area handles each kind of provider event. */
const HANDLERS: Record<ProviderEvent['type'], EventHandler> = {
  // A customer's order (orders: fulfilment) or a merchant's charge (money: billing).
  'checkout.paid': checkoutEvent,
  'checkout.expired': checkoutEvent,
  // Recorded as seen by whichever would own it, so a redelivery is recognised.
  ignored: checkoutEvent,
  // The messaging subscription (money: billing).
  'subscription.renewed': async (deps, event) => (await handleBillingEvent(deps, event)).applied,
  'subscription.ended': async (deps, event) => (await handleBillingEvent(deps, event)).applied,
  // Chargebacks (money: disputes, docs/decisions/0018-one-ledger.md).
  'dispute.created': async (deps, event) => (await handleDisputeEvent(deps, event)).applied,
  'dispute.closed': async (deps, event) => (await handleDisputeEvent(deps, event)).applied,
  // A voucher's refund confirmed by the provider (money: refunds, docs/decisions/0019-refund-flow.md).
  'charge.refunded': async (deps, event) => (await handleRefundEvent(deps, event)).applied > 0,
  // Merchants' payout accounts and the transfers to them (money: payouts, docs/decisions/0056-payout-accounts-and-transfers.md).
  'account.updated': async (deps, event) => (await handleAccountEvent(deps, event)).applied,
  'transfer.reversed': async (deps, event) => (await handleTransferEvent(deps, event)).applied,
};

export async function webhooksRoutes(app: FastifyInstance) {
  // Signatures are computed over the exact bytes received, so this scope keeps the raw body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/webhooks/:provider',
    {
      config: { access: 'public' },
      schema: {
        tags: ['webhooks'],
        summary:
          'Signed payment provider events (checkout completed / expired, subscription renewed / ended, dispute opened / closed, charge refunded, payout account updated, transfer reversed)',
        params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
        response: { 200: webhookReceivedSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.provider !== app.payments.name)
        throw new AppError('NOT_FOUND', `The ${request.params.provider} provider is not in use.`);
      if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_SIGNATURE', 'Invalid webhook signature');
      const event = await app.payments.verifyWebhook(request.body, request.headers);
      // The raw body skipped the input rule every parsed body gets (plugins/input.ts): apply it to what was read.
      if (findUnstorableText(event)) throw new AppError('BAD_REQUEST', 'The webhook event contains characters that cannot be stored.');
      const fulfilled = await HANDLERS[event.type]({ ...app.deps, log: request.log }, event);
      return { received: true as const, fulfilled };
    },
  );
}
