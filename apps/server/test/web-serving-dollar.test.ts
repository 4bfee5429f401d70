import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build';
import { createMerchantSession } from './factories';
import { dealInput } from './uploads';
import { loadWebServerEntry } from './web-server-entry';

/**
 * `String.replace` expands `$&`, `` $` ``, `$'` and `$1` in a replacement string: a deal titled with
 * them once made /deals render the app root five times and raw JSON under the footer.
 */
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" /><title>LocalPerks</title></head><body><div id="root"></div><footer>end</footer></body></html>',
);

const t = await build({ serveWeb: true, webDir, serverEntry: await loadWebServerEntry() });
const TITLE = "$& $` $' $1 $$";
const escapedTitle = '$&amp; $` $&#39; $1 $$';

/** The queries the page was rendered from (the hydration state), by the second part of their key. */
const ssrData = (html: string, kind: string) => {
  const blocks = [...html.matchAll(/<script type="application\/json" id="lp-ssr-state">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  const { queries } = JSON.parse(blocks[0]![1]!) as { queries: { queries: { queryKey: unknown[]; state: { data: any } }[] } };
  return queries.queries.find((q) => q.queryKey[1] === kind)!.state.data;
};

describe('deal text with replacement patterns', () => {
  it('is inserted as it is in /deals and /deals/:id: one app root, the title escaped in the head and intact in the data', async () => {
    const m = await createMerchantSession(t);
    const created = await t.request({
      method: 'POST',
      url: '/api/merchant/deals',
      cookie: m.cookie,
      payload: dealInput({ title: TITLE, description: `Dinner for two, ${TITLE} and nothing else.` }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().deal.id as string;

    const page = await t.request({ method: 'GET', url: `/deals/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.body.match(/<\/body>/g)).toHaveLength(1);
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).toContain(`<title>${escapedTitle} | LocalPerks</title>`);
    expect(page.body).toContain(`<meta property="og:title" content="${escapedTitle} | LocalPerks" />`);
    expect(page.body).toContain(`<meta name="description" content="Dinner for two, ${escapedTitle} and nothing else." />`);
    expect(page.body.indexOf('id="lp-ssr-state"')).toBeLessThan(page.body.indexOf('</body>'));
    expect(ssrData(page.body, 'detail').deal.title).toBe(TITLE);
    // In the page React rendered, escaped as React escapes text.
    expect(page.body).toContain('sm:text-3xl">$&amp; $` $&#x27; $1 $$</h1>');

    const browse = await t.request({ method: 'GET', url: '/deals' });
    expect(browse.statusCode).toBe(200);
    expect(browse.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(browse.body.match(/<\/body>/g)).toHaveLength(1);
    expect(browse.body.endsWith('</body></html>')).toBe(true);
    const titles = (ssrData(browse.body, 'browse').pages[0].deals as { title: string }[]).map((d) => d.title);
    expect(titles).toContain(TITLE);
  });
});
