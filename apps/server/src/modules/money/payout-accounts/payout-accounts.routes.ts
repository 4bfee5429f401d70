import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, payoutAccountLinkSchema, payoutAccountSchema } from '@localperks/shared';
import { dashboardLink, getPayoutAccount, refreshPayoutAccount, startOnboarding } from './payout-accounts.service';

/**
 * The merchant's payout account (docs/decisions/0056-payout-accounts-and-transfers.md): its state, the way to the
 * provider's hosted onboarding, and to the account's dashboard at the provider. Setting one up is for approved
 * merchants; the state is readable by any merchant (the Payouts page says why it cannot be set up yet).
 */
export async function payoutAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payout account'];

  r.get(
    '/api/merchant/payout-account',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'The payout account: not started, pending verification, active or restricted (with what the provider asks for)',
        response: { 200: payoutAccountSchema, ...errorResponses },
      },
    },
    async (request) => getPayoutAccount(app.deps, request.user!.id),
  );

  r.post(
    '/api/merchant/payout-account/onboarding',
    {
      config: { access: 'approved-merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Set up payouts: the account at the provider (made once) and a single-use link to its hosted onboarding',
        response: { 200: payoutAccountLinkSchema, ...errorResponses },
      },
    },
    async (request) => startOnboarding({ ...app.deps, log: request.log }, request.user!.id),
  );

  r.post(
    '/api/merchant/payout-account/refresh',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'Back from onboarding: the account as the provider sees it now',
        response: { 200: payoutAccountSchema, ...errorResponses },
      },
    },
    async (request) => refreshPayoutAccount({ ...app.deps, log: request.log }, request.user!.id),
  );

  r.post(
    '/api/merchant/payout-account/dashboard',
    {
      config: { access: 'merchant', roles: ['owner'] },
      schema: {
        tags,
        summary: 'A single-use link to the account’s dashboard at the provider (Stripe Express, or the sandbox’s)',
        response: { 200: payoutAccountLinkSchema, ...errorResponses },
      },
    },
    async (request) => dashboardLink({ ...app.deps, log: request.log }, request.user!.id),
  );
}
