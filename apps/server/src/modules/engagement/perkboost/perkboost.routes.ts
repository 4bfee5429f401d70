import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DealChannelEvent } from '@localperks/shared';
import { cancelVote, castVote, sendUnlockEmails, votedDealIds } from './perkboost.service';
import { DEAL_EVENTS_CHANNEL } from '../../../lib/events';
import { streamLiveEvents } from '../../../lib/sse';
import { dealIdsSchema, errorResponses, voteResultSchema } from '@localperks/shared';

const params = z.object({ id: z.uuid({ error: 'This deal does not exist.' }) });

export async function perkboostRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['perkboost'];

  r.get(
    '/api/votes/mine',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Ids of the crowd-vote deals the customer voted for', response: { 200: dealIdsSchema, ...errorResponses } },
    },
    async (request) => ({
      dealIds: await votedDealIds(app.deps, request.user!.id),
    }),
  );

  r.post(
    '/api/deals/:id/vote',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Vote for a crowd-vote deal (once per customer)',
        params,
        response: { 200: voteResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await castVote(app.deps, request.user!.id, request.params.id);
      if (result.unlocked) await sendUnlockEmails(app.deps, result.unlocked);
      return {
        currentVotes: result.currentVotes,
        votesRequired: result.votesRequired,
        status: result.status,
        unlocked: Boolean(result.unlocked),
      };
    },
  );

  r.delete(
    '/api/deals/:id/vote',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Cancel a vote while the deal is still pending',
        params,
        response: { 200: voteResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await cancelVote(app.deps, request.user!.id, request.params.id);
      return { ...result, unlocked: false };
    },
  );

  /** Live vote counts and unlocks over Server-Sent Events; `deals` narrows the stream to some ids. */
  r.get(
    '/api/events',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Server-Sent Events: vote counts and unlocks',
        querystring: z.object({ deals: z.string().max(4000).optional() }),
        response: { 200: z.string().describe('text/event-stream: `deal` events with vote counts and unlocks'), ...errorResponses },
      },
    },
    (request, reply) => {
      const wanted = request.query.deals ? new Set(request.query.deals.split(',').filter(Boolean)) : null;
      streamLiveEvents<DealChannelEvent>(request, reply, {
        eventName: 'deal',
        subscribe: (listener) => app.events.subscribe(listener),
        replay: (afterId) => app.events.replay(DEAL_EVENTS_CHANNEL, afterId),
        // Boost events only tell the server instances to drop their browse caches.
        filter: (e) => e.type === 'votes' && (!wanted || wanted.has(e.dealId)),
      });
    },
  );
}
