import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { deals, favorites } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { visibleNow } from '../../catalog';
import { dealIdsSchema, errorResponses, mergeFavoritesSchema } from '@localperks/shared';

export async function favoritesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['favorites'];
  const ids = async (userId: string) =>
    (
      await app.db
        .select({ dealId: favorites.dealId })
        .from(favorites)
        .where(eq(favorites.userId, userId))
        .orderBy(desc(favorites.createdAt))
    ).map((f) => f.dealId);

  r.get(
    '/api/favorites',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'The customer’s favourite deal ids', response: { 200: dealIdsSchema, ...errorResponses } },
    },
    async (request) => ({ dealIds: await ids(request.user!.id) }),
  );

  r.put(
    '/api/favorites/:dealId',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Add a favourite',
        params: z.object({ dealId: z.uuid() }),
        response: { 200: dealIdsSchema, ...errorResponses },
      },
    },
    async (request) => {
      // Only a deal customers can see (the public listing's rule): drafts, paused and taken-down deals
      // are as unknown here as a made-up id.
      const [deal] = await app.db
        .select({ id: deals.id })
        .from(deals)
        .where(and(eq(deals.id, request.params.dealId), visibleNow(app.deps.clock.now())));
      if (!deal) throw new AppError('NOT_FOUND', 'This deal does not exist.');
      await app.db.insert(favorites).values({ userId: request.user!.id, dealId: deal.id }).onConflictDoNothing();
      return { dealIds: await ids(request.user!.id) };
    },
  );

  r.delete(
    '/api/favorites/:dealId',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Remove a favourite',
        params: z.object({ dealId: z.uuid() }),
        response: { 200: dealIdsSchema, ...errorResponses },
      },
    },
    async (request) => {
      await app.db.delete(favorites).where(and(eq(favorites.userId, request.user!.id), eq(favorites.dealId, request.params.dealId)));
      return { dealIds: await ids(request.user!.id) };
    },
  );

  /**
   * Merges the browser's favourites into the account at sign-in. Ids of deals customers cannot see
   * (unknown, or no longer listed since they were saved) are ignored rather than failing the sign-in.
   */
  r.post(
    '/api/favorites/merge',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Merge browser favourites into the account',
        body: mergeFavoritesSchema,
        response: { 200: dealIdsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const wanted = [...new Set(request.body.dealIds)];
      if (wanted.length) {
        const existing = await app.db
          .select({ id: deals.id })
          .from(deals)
          .where(and(inArray(deals.id, wanted), visibleNow(app.deps.clock.now())));
        if (existing.length)
          await app.db
            .insert(favorites)
            .values(existing.map((d) => ({ userId: request.user!.id, dealId: d.id })))
            .onConflictDoNothing();
      }
      return { dealIds: await ids(request.user!.id) };
    },
  );
}
