import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { businessSearchQuerySchema, businessSearchResultSchema, errorResponses } from '@localperks/shared';
import { searchBusinesses } from './business-search.service';

export async function businessSearchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/businesses',
    {
      config: { access: 'public' },
      schema: {
        tags: ['businesses'],
        summary: 'Search approved businesses by name or description, in a state and city; boosted listings first',
        querystring: businessSearchQuerySchema,
        response: { 200: businessSearchResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=15');
      return searchBusinesses(app.deps, request.query);
    },
  );
}
