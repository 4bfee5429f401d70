import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build';
import { createDeal, createMerchant } from './factories';
import { loadWebServerEntry } from './web-server-entry';

/*
 * A visitor without a session cookie is signed out, and the server-rendered page says so in the state
 * the browser hydrates from: the browser does not ask for the session, and no card re-renders when the
 * answer arrives (docs/decisions/0030-tbt.md). With a cookie the browser asks, as before.
 */

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.copyFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), path.join(webDir, 'index.html'));
const t = await build({ serveWeb: true, webDir, serverEntry: await loadWebServerEntry() });

const { merchant } = await createMerchant(t.database.db, { businessName: 'Session Bakery' });
const deal = await createDeal(t.database.db, merchant.id, { title: 'Sourdough Class' });

/** The queries the page hydrates from, by key. */
const hydratedQueries = (html: string) => {
  const m = /<script type="application\/json" id="lp-ssr-state">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the page carries its hydration state').not.toBeNull();
  const state = JSON.parse(m![1]!) as { queries: { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] } };
  return state.queries.queries;
};

describe('the session in a server-rendered page', () => {
  it.each(['/', '/deals', `/deals/${deal.id}`])('%s without a session cookie carries "signed out"', async (url) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const session = hydratedQueries(res.body).find((q) => q.queryKey[0] === 'session');
    expect(session?.queryKey).toEqual(['session']);
    expect(session?.state).toMatchObject({ status: 'success', data: null });
  });

  it('with a session cookie the page leaves the session to the browser', async () => {
    const res = await t.request({ method: 'GET', url: '/', headers: { cookie: 'lp_session=some-token' } });
    expect(res.statusCode).toBe(200);
    expect(hydratedQueries(res.body).map((q) => q.queryKey[0])).not.toContain('session');
  });
});
