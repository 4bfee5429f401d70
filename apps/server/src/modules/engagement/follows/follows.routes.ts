import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { errorResponses, followStateSchema } from '@localperks/shared';
import { businessFollows, merchants } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { businessIsPublic } from '../../catalog';

/** Following a business from its page: its new deals are e-mailed (docs/decisions/0065-notifications.md). */
export async function followsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['follows'];
  const params = z.object({ slug: z.string().max(200) });
  const businessId = async (slug: string) => {
    const [m] = await app.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(and(eq(merchants.slug, slug.toLowerCase()), businessIsPublic));
    if (!m) throw new AppError('NOT_FOUND', 'This business does not exist.');
    return m.id;
  };
  const state = async (userId: string, merchantId: string) => {
    const [row] = await app.db
      .select({ userId: businessFollows.userId })
      .from(businessFollows)
      .where(and(eq(businessFollows.userId, userId), eq(businessFollows.merchantId, merchantId)));
    return { following: Boolean(row) };
  };

  r.get(
    '/api/businesses/:slug/follow',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Whether the customer follows this business',
        params,
        response: { 200: followStateSchema, ...errorResponses },
      },
    },
    async (request) => state(request.user!.id, await businessId(request.params.slug)),
  );

  r.put(
    '/api/businesses/:slug/follow',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Follow a business: hear of its new deals',
        params,
        response: { 200: followStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = await businessId(request.params.slug);
      await app.db
        .insert(businessFollows)
        .values({ userId: request.user!.id, merchantId, createdAt: app.deps.clock.now() })
        .onConflictDoNothing();
      return state(request.user!.id, merchantId);
    },
  );

  r.delete(
    '/api/businesses/:slug/follow',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'Stop following a business', params, response: { 200: followStateSchema, ...errorResponses } },
    },
    async (request) => {
      const merchantId = await businessId(request.params.slug);
      await app.db
        .delete(businessFollows)
        .where(and(eq(businessFollows.userId, request.user!.id), eq(businessFollows.merchantId, merchantId)));
      return state(request.user!.id, merchantId);
    },
  );
}
