import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build';
import { createDeal, createMerchant } from './factories';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="default" /><title>LocalPerks</title></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');

const t = await build({ serveWeb: true, webDir });

describe('serving the web app', () => {
  it('serves the app shell for client routes with security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('serves hashed assets with a long cache and unknown API paths as JSON 404', async () => {
    const asset = await t.request({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.request({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it('fills title, description and Open Graph tags of a deal page on the server, escaped', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createDeal(t.database.db, merchant.id, {
      title: 'Tacos & <Margaritas>',
      description: 'Two tacos and a drink "on the house".',
      imageUrl: '/images/deals/tacos.svg',
    });
    const res = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(res.body).toContain('<title>Tacos &amp; &lt;Margaritas&gt; | LocalPerks</title>');
    expect(res.body).toContain('<meta property="og:description" content="Two tacos and a drink &quot;on the house&quot;." />');
    expect(res.body).toContain('<meta property="og:image" content="http://localhost:3000/images/deals/tacos.svg" />');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).not.toContain('content="default"');
  });
});
