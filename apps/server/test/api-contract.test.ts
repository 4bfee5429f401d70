import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, browseQuerySchema, browseResultSchema, dealResponseSchema, errorResponses } from '@localperks/shared';
import Fastify from 'fastify';
import { contractMismatch, contractPlugin } from '../src/plugins/contract';
import { build } from './build';

// With the browser journeys' test clock, so that its two development routes are registered too (never in production).
const t = await build({ env: { TEST_CLOCK_CONTROL: 'true' } });

/**
 * The server registers its routes from the API contract the web's client is typed from
 * (packages/shared/src/api/contract.ts, plugins/contract.ts): neither side can drift from it.
 */
describe('the API contract', () => {
  it('lists every route the server registers, and the server registers every route it lists', () => {
    const registered = new Set(t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(API).filter((route) => !registered.has(route))).toEqual([]);
    // Every JSON route under /api/ is checked against the contract when it is registered (streams and files are not calls).
    const unlisted = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !(route in API));
    expect(unlisted.sort()).toEqual([
      'GET /api/account/data-exports/:id/download',
      'GET /api/admin/orders/export.csv',
      'GET /api/admin/tables/audit/export.csv',
      'GET /api/admin/tables/customers/export.csv',
      'GET /api/admin/tables/deals/export.csv',
      'GET /api/admin/tables/disputes/export.csv',
      'GET /api/admin/tables/jobs/export.csv',
      'GET /api/admin/tables/merchants/export.csv',
      'GET /api/admin/tables/payouts/export.csv',
      'GET /api/admin/tables/promo-codes/export.csv',
      'GET /api/admin/tables/refunds/export.csv',
      'GET /api/admin/tables/reviews/export.csv',
      'GET /api/admin/tables/tickets/export.csv',
      'GET /api/admin/tables/vouchers/export.csv',
      'GET /api/events',
      'GET /api/events/messages',
      'GET /api/merchant/payouts/:id/statement.csv',
      'GET /api/merchant/tables/deals/export.csv',
      'GET /api/merchant/tables/messages/export.csv',
      'GET /api/merchant/tables/payouts/export.csv',
      'GET /api/merchant/tables/redemptions/export.csv',
      'GET /api/merchant/tables/refund-requests/export.csv',
      'GET /api/merchant/tables/refunds/export.csv',
      'GET /api/merchant/tables/vouchers/export.csv',
      'GET /api/purchases/:id/qr.svg',
    ]);
  });

  it('refuses a JSON route that is not in the contract, or declares other schemas than its own', () => {
    const response = { 200: dealResponseSchema, ...errorResponses };
    expect(contractMismatch('GET', '/api/deals/:id', { response })).toEqual([]);
    expect(contractMismatch('GET', '/api/deals/:id/unlisted', { response })).toEqual([
      "is not in the API contract: add 'GET /api/deals/:id/unlisted' to packages/shared/src/api/contract.ts",
    ]);
    // A schema written again at the route, even an equal one, is not the contract's.
    expect(contractMismatch('GET', '/api/deals/:id', { response: { 200: dealResponseSchema.extend({}), ...errorResponses } })).toEqual([
      'its success response is not the contract’s',
    ]);
    expect(contractMismatch('GET', '/api/deals', { response: { 200: browseResultSchema, ...errorResponses } })).toEqual([
      'its querystring schema is not the contract’s',
    ]);
    expect(contractMismatch('GET', '/api/deals', { querystring: browseQuerySchema, response: { 200: browseResultSchema } })).toEqual([]);
    // Streams and files are links, not calls of the client.
    expect(contractMismatch('GET', '/api/other.csv', { response: { 200: z.string().describe('text/csv') } })).toEqual([]);
  });

  it('stops an app from registering a route against the contract', async () => {
    const app = Fastify();
    await app.register(contractPlugin);
    expect(() =>
      app.get('/api/deals/:id/unlisted', { schema: { response: { 200: dealResponseSchema, ...errorResponses } } }, async () => ({})),
    ).toThrow(/is not in the API contract/);
    await app.close();
  });
});
