import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API, type ApiRouteDefinition } from '@localperks/shared';
import { UNDECLARED_RESPONSE_PREFIXES } from './responses';

/**
 * The server registers its routes from the API contract (packages/shared/src/api/contract.ts,
 * docs/decisions/0039-domain-events-and-the-api-contract.md), the one the web's client is typed from:
 * every JSON route under /api/ must be listed there by method and path, and declare exactly the contract's
 * query, body and success schemas (the same objects). Registration fails otherwise, so the two sides cannot
 * drift. Answers that are not JSON (a described `z.string()`: streams, CSV, SVG) are not calls of the web's
 * client and are left out.
 */

/** Routes a test adds to its own app to try the plugins (response-schemas.test.ts): not the product's API. */
const TEST_ROUTE_PREFIX = '/api/test/';
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const SUCCESS = /^(2|3)\d\d$/;

const contract: Readonly<Record<string, ApiRouteDefinition>> = API;

/** What is wrong with a route against the contract; empty when it matches (or is not a JSON route of the API). */
export function contractMismatch(method: string, url: string, schema: Record<string, unknown> | undefined): string[] {
  if (!METHODS.has(method) || !url.startsWith('/api/') || url.startsWith(TEST_ROUTE_PREFIX)) return [];
  if (UNDECLARED_RESPONSE_PREFIXES.some((p) => url.startsWith(p))) return [];
  const responses = (schema?.response ?? {}) as Record<string, unknown>;
  const success = Object.entries(responses).find(([status]) => SUCCESS.test(status))?.[1];
  if (success instanceof z.ZodString) return [];
  const entry = contract[`${method} ${url}`];
  if (!entry) return [`is not in the API contract: add '${method} ${url}' to packages/shared/src/api/contract.ts`];
  const wrong: string[] = [];
  if (success !== entry.response) wrong.push('its success response is not the contract’s');
  if (schema?.body !== entry.body) wrong.push('its body schema is not the contract’s');
  if (schema?.querystring !== entry.query) wrong.push('its querystring schema is not the contract’s');
  return wrong;
}

export const contractPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const wrong = contractMismatch(method, route.url, route.schema as Record<string, unknown> | undefined);
      if (wrong.length) throw new Error(`Route ${method} ${route.url}: ${wrong.join('; ')} (packages/shared/src/api/contract.ts)`);
    }
  });
});
