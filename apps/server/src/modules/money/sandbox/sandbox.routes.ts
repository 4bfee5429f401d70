import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponses,
  paymentPageSchema,
  sandboxConnectPageSchema,
  sandboxOnboardingSchema,
  sandboxPaySavedSchema,
  sandboxPaySchema,
  sandboxSessionSchema,
} from '@localperks/shared';
import { getSandboxSession, paySandboxSession, paySandboxSessionWithSavedCard } from './sandbox.service';
import { reverseSandboxTransfer, sandboxConnectPage, submitSandboxOutcome } from './sandbox-connect.service';

const params = z.object({ id: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{20,64}$/, 'Unknown payment page.') });
const linkParams = z.object({ linkId: z.string().regex(/^acctlink_sandbox_[A-Za-z0-9_-]{20,64}$/, 'Unknown payout account page.') });

/**
 * The sandbox provider's hosted card page API. Like a provider's checkout page it is reached by
 * its unguessable session id and needs no LocalPerks session.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox payments'];
  r.get(
    '/api/sandbox/sessions/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A sandbox checkout session (what the hosted card page shows)',
        params,
        response: { 200: sandboxSessionSchema, ...errorResponses },
      },
    },
    async (request) => getSandboxSession(app.deps, request.params.id),
  );
  r.post(
    '/api/sandbox/sessions/:id/pay',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pay a sandbox session with a test card',
        params,
        body: sandboxPaySchema,
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => paySandboxSession(app.deps, request.params.id, request.body),
  );
  r.post(
    '/api/sandbox/sessions/:id/pay-saved',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Pay a sandbox session with one of its customer’s saved cards',
        params,
        body: sandboxPaySavedSchema,
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => paySandboxSessionWithSavedCard(app.deps, request.params.id, request.body.paymentMethodId),
  );

  // The sandbox's payout-account pages (onboarding, the account's dashboard), reached by their unguessable link id.
  r.get(
    '/api/sandbox/connect/:linkId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A sandbox payout-account page: hosted onboarding, or the account’s dashboard with its transfers',
        params: linkParams,
        response: { 200: sandboxConnectPageSchema, ...errorResponses },
      },
    },
    async (request) => sandboxConnectPage(app.deps, request.params.linkId),
  );
  r.post(
    '/api/sandbox/connect/:linkId/outcome',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'End onboarding (or change the account from its dashboard): complete, pending verification or restricted',
        params: linkParams,
        body: sandboxOnboardingSchema,
        response: { 200: paymentPageSchema, ...errorResponses },
      },
    },
    async (request) => submitSandboxOutcome(app.deps, request.params.linkId, request.body.outcome),
  );
  r.post(
    '/api/sandbox/connect/:linkId/transfers/:transferId/reverse',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Test control: the platform reverses a transfer to this sandbox account (a signed transfer.reversed follows)',
        params: linkParams.extend({ transferId: z.string().regex(/^tr_sandbox_[A-Za-z0-9_-]{20,64}$/, 'Unknown transfer.') }),
        response: { 200: sandboxConnectPageSchema, ...errorResponses },
      },
    },
    async (request) => reverseSandboxTransfer(app.deps, request.params.linkId, request.params.transferId),
  );
}
