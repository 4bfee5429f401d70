import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build';
import { createDeal, createMerchant } from './factories';
import { loadWebServerEntry } from './web-server-entry';

/*
 * What a server-rendered page spares a phone before and right after its first paint
 * (docs/decisions/0030-tbt.md): its stylesheet comes inline, and a visitor without a session cookie
 * is known to be signed out (the browser neither asks for the session nor re-renders every card when
 * the answer arrives). With a cookie the browser asks, as before; the app shell keeps its <link>.
 */

const CSS = '.lp-test{color:#123456}';
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
const index = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  index.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/app-test1.css">\n</head>'),
);
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'assets', 'app-test1.css'), CSS);
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

describe('the stylesheet of a server-rendered page', () => {
  it('comes inline in the head of a server-rendered page, in place of its <link>', async () => {
    const res = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<style>${CSS}</style>`);
    expect(head).not.toContain('rel="stylesheet"');
  });

  it('stays a <link> in the app shell of a signed-in area', async () => {
    const res = await t.request({ method: 'GET', url: '/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/app-test1.css">');
    expect(res.body).not.toContain(CSS);
  });
});

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
