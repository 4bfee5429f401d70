import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { BrowseResult, DealResponse, MerchantDeal } from '@localperks/shared';
import { api } from './api-client';

/**
 * The client takes each call's path, parameters and answer type from the API contract
 * (packages/shared/src/api/contract.ts): a call site names a route and gets its type. The type checks
 * below are compiled by `npm run typecheck`; the runtime ones build the address the server expects.
 */
describe('api client', () => {
  it('types each call by its route in the contract', () => {
    expectTypeOf(api.get<'/api/deals/:id'>).returns.resolves.toEqualTypeOf<DealResponse>();
    expectTypeOf(api.get<'/api/deals'>).returns.resolves.toEqualTypeOf<BrowseResult>();
    expectTypeOf(api.post<'/api/merchant/deals/:id/pause'>).returns.resolves.toEqualTypeOf<MerchantDeal>();
    const never = () => {
      // @ts-expect-error: not a route of the contract
      void api.get('/api/deals/:id/nope', { params: { id: 'x' } });
      // @ts-expect-error: the route has a path parameter
      void api.get('/api/deals/:id');
      // @ts-expect-error: the body is the route's, checked against its schema
      void api.post('/api/checkout', { body: { items: 'x' } });
      // @ts-expect-error: a query parameter the route does not read
      void api.get('/api/deals', { query: { colour: 'red' } });
    };
    expect(never).toBeTypeOf('function');
  });

  it('fills the path parameters (encoded) and the query into the address', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"deal":null}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await api.get('/api/deals/:id', { params: { id: 'a/b' } });
      await api.get('/api/deals', { query: { search: 'tacos & more', page: 2, city: undefined } });
      await api.post('/api/merchant/deals/:id/pause', { params: { id: 'd1' } });
      expect(fetch.mock.calls.map(([url, init]) => [init.method, url, init.body])).toEqual([
        ['GET', '/api/deals/a%2Fb', undefined],
        ['GET', '/api/deals?search=tacos+%26+more&page=2', undefined],
        ['POST', '/api/merchant/deals/d1/pause', '{}'],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
