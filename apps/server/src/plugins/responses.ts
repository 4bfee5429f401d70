import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every route declares what it answers, in `schema.response`: its success (a 2xx or 3xx status) and
 * its errors ('4xx' and '5xx', the one error shape). Registration fails without them, as it does
 * without `config.access` (plugins/access.ts). The schemas live in packages/shared
 * (schemas/responses/); Fastify serialises every JSON answer through them, so a field not declared
 * there never leaves the server, and the OpenAPI document shows them.
 */
const SUCCESS = /^(2|3)(\d\d|xx)$/;
const ERRORS = ['4xx', '5xx'] as const;

/** Routes of third-party plugins that serve only the API's own documentation (see plugins/access.ts). */
export const UNDECLARED_RESPONSE_PREFIXES = ['/api/docs'];

/** What a route's `schema.response` lacks: `success`, `4xx`, `5xx`; empty when complete. */
export function missingResponses(response: unknown): string[] {
  const statuses = response && typeof response === 'object' ? Object.keys(response) : [];
  return [...(statuses.some((s) => SUCCESS.test(s)) ? [] : ['success (2xx/3xx)']), ...ERRORS.filter((e) => !statuses.includes(e))];
}

export const responsesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (UNDECLARED_RESPONSE_PREFIXES.some((p) => route.url.startsWith(p))) return;
    const missing = missingResponses(route.schema?.response);
    if (missing.length) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare schema.response for ${missing.join(', ')} (packages/shared/src/schemas/responses)`,
      );
    }
  });
});
