import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, payoutJobRunSchema, payoutJobTestClockSchema } from '@localperks/shared';
import { AppError } from '../../../lib/errors';
import { isLoopbackRequest } from '../../../lib/loopback';
import { runPayoutJob } from './payouts.service';

/**
 * The payout job on a test clock (docs/decisions/0056-payout-accounts-and-transfers.md), as Stripe's test clocks
 * let a tester move time: one run of the scheduled `payout-close` job with the time set to `at`, so a period closes
 * and is transferred without waiting for its end. Outside production with the sandbox provider only, and for
 * clients on this machine only (like the development mailbox); to others it does not exist.
 */
export async function devPayoutJobRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/dev/payout-job',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Run the payout job (close finished periods, transfer what is due) with the clock at `at` (test clock)',
        body: payoutJobTestClockSchema,
        response: { 200: payoutJobRunSchema, ...errorResponses },
      },
    },
    async (request) => {
      const at = new Date(request.body.at);
      return runPayoutJob({ ...app.deps, log: request.log, clock: { now: () => new Date(at) } });
    },
  );
}
