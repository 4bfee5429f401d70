import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, jobRunSchema, testClockSchema, testClockSetSchema } from '@localperks/shared';
import { AppError } from '../lib/errors';
import { isLoopbackRequest } from '../lib/loopback';
import { JOBS } from './index';

/**
 * Browser journeys' hold on time (TEST_CLOCK_CONTROL, never in production): move the app's clock, and
 * run one scheduled job now with the app's dependencies, exactly as the job queue runs it. Only from
 * this machine, like the development mailbox.
 */
export function testClockRoutes(clock: { setOffset(ms: number): void }) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onlyHere = async (request: { raw: unknown } & Parameters<typeof isLoopbackRequest>[0]) => {
      if (!isLoopbackRequest(request)) throw new AppError('NOT_FOUND', 'Not found.');
    };
    r.post(
      '/api/dev/clock',
      {
        config: { access: 'public' },
        preHandler: onlyHere,
        schema: {
          tags: ['development'],
          summary: 'Move the app clock by an offset (browser journeys only; never in production)',
          body: testClockSchema,
          response: { 200: testClockSetSchema, ...errorResponses },
        },
      },
      async (request) => {
        clock.setOffset(request.body.offsetMs);
        return { now: app.deps.clock.now().toISOString() };
      },
    );
    r.post(
      '/api/dev/jobs/:name/run',
      {
        config: { access: 'public' },
        preHandler: onlyHere,
        schema: {
          tags: ['development'],
          summary: 'Run one scheduled job now, as the job queue does (browser journeys only; never in production)',
          params: z.object({ name: z.string().max(60) }),
          response: { 200: jobRunSchema, ...errorResponses },
        },
      },
      async (request) => {
        const job = JOBS.find((j) => j.name === request.params.name);
        if (!job) throw new AppError('NOT_FOUND', 'No such job.');
        return { result: (await job.run(app.deps)) ?? null };
      },
    );
  };
}
