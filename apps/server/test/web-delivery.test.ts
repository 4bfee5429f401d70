import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { build } from './build';
import { createDeal, createMerchant } from './factories';

// A built web app as Vite writes it: the entry module and stylesheet in the head, .br/.gz beside the assets.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-delivery-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.mkdirSync(path.join(webDir, 'images'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  `<!doctype html><html><head><title>LocalPerks</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def456.css">
  </head><body><div id="root"></div><noscript>${'LocalPerks needs JavaScript. '.repeat(60)}</noscript></body></html>`,
);
const js = `export const deals = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, title: "Deal number ${i}" }`).join(',')}];`;
fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), js);
fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
fs.writeFileSync(path.join(webDir, 'assets', 'index-def456.css'), 'body{margin:0}');
fs.writeFileSync(path.join(webDir, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = await build({ serveWeb: true, webDir });

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

const vary = (headers: Record<string, string | string[] | number | undefined>) =>
  [headers.vary ?? ''].flat().join(',').toLowerCase().split(/,\s*/);

describe('compression', () => {
  it('compresses HTML pages with brotli or gzip as the browser accepts, with Vary: Accept-Encoding', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.request({ method: 'GET', url: '/login', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(vary(res.headers)).toContain('accept-encoding');
      expect(decode(encoding, res.rawPayload)).toContain('<div id="root">');
    }
    const plain = await t.request({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('answers HEAD on an HTML page with the headers GET has: its Content-Encoding, type and Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const get = await t.request({ method: 'GET', url: '/login', headers: { 'accept-encoding': accept } });
      const head = await t.request({ method: 'HEAD', url: '/login', headers: { 'accept-encoding': accept } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe(get.headers['content-encoding']);
      expect(head.headers['content-encoding']).toBe(encoding);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(vary(head.headers)).toContain('accept-encoding');
      // The length, when given, is the encoded body's, as GET would send it.
      if (head.headers['content-length'] !== undefined) expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
      expect(head.rawPayload.length).toBe(0);
    }
    const plain = await t.request({ method: 'HEAD', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the precompressed file of a built script, not a fresh compression', async () => {
    const br = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(vary(br.headers)).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(webDir, 'assets', 'index-abc123.js.br')))).toBe(true);
    const gz = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz')))).toBe(true);
    const plain = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('compresses JSON answers of the API, the micro-cached listings included', async () => {
    const { merchant } = await createMerchant(t.database.db);
    for (let i = 0; i < 6; i++) await createDeal(t.database.db, merchant.id, { title: `Compressible deal ${i}` });
    for (const url of ['/api/deals', '/api/home']) {
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await t.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(vary(res.headers)).toContain('accept-encoding');
        expect(res.headers['content-type']).toContain('application/json');
        expect(decode(encoding, res.rawPayload)).toContain('Compressible deal');
      }
    }
    const deal = await createDeal(t.database.db, merchant.id, { description: 'A long description. '.repeat(80) });
    const one = await t.request({ method: 'GET', url: `/api/deals/${deal.id}`, headers: { 'accept-encoding': 'br' } });
    expect(one.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', one.rawPayload)).deal.id).toBe(deal.id);
  });
});

describe('cache headers', () => {
  it('marks hashed assets immutable for a year, in every encoding, and other files for an hour', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await t.request({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // No .br beside this one: the plain file, with the same header.
    const css = await t.request({ method: 'GET', url: '/assets/index-def456.css', headers: { 'accept-encoding': 'br' } });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await t.request({ method: 'GET', url: '/images/logo.svg' });
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has pages revalidated on every visit: no-cache with an ETag, 304 when unchanged', async () => {
    const first = await t.request({ method: 'GET', url: '/about' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.request({ method: 'GET', url: '/about', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.request({ method: 'GET', url: '/contact', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });
});

describe('early hints and preloads', () => {
  it('preloads the entry chunk, and the page’s main image at high priority', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createDeal(t.database.db, merchant.id, { imageUrl: '/images/deals/tacos.svg' });
    const page = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js" />');
    expect(page.body).toContain('<link rel="preload" as="image" href="/images/deals/tacos.svg" fetchpriority="high" />');
    // A raster image is preloaded as the best <picture> source the page will pick, same srcset and sizes.
    const photo = await createDeal(t.database.db, merchant.id, { imageUrl: '/images/deals/park.jpg' });
    const photoPage = await t.request({ method: 'GET', url: `/deals/${photo.id}` });
    expect(photoPage.body).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="\/images\/deals\/park-400\.avif 400w, [^"]*" imagesizes="[^"]+" fetchpriority="high" \/>/,
    );
  });

  it('names the LCP image first in the head, then the stylesheet, then the scripts', async () => {
    const { merchant } = await createMerchant(t.database.db);
    const deal = await createDeal(t.database.db, merchant.id, { imageUrl: '/images/deals/tacos.svg' });
    const page = await t.request({ method: 'GET', url: `/deals/${deal.id}` });
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const image = head.indexOf('<link rel="preload" as="image" href="/images/deals/tacos.svg" fetchpriority="high" />');
    const style = head.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-def456.css">');
    const script = head.search(/<script\b|<link\b[^>]*rel="modulepreload"/);
    expect(image).toBeGreaterThan(0);
    expect(style).toBeGreaterThan(image);
    expect(script).toBeGreaterThan(style);
    // The stylesheet is moved, not copied.
    expect(head.split('rel="stylesheet"')).toHaveLength(2);
  });

  it('answers 103 Early Hints with the entry chunk and stylesheet before the page, over HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => t.app.server.close());
    const port = (t.app.server.address() as AddressInfo).port;
    const hints: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${address}/deals`, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('information', (info) => {
        if (info.statusCode === 103) hints.push(String(info.headers.link));
      });
      req.on('error', reject);
    });
    expect(status).toBe(200);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toContain('</assets/index-abc123.js>; rel=modulepreload');
    expect(hints[0]).toContain('</assets/index-def456.css>; rel=preload; as=style');

    // Through a proxy (it names the client), no 103: nginx 1.22 took it for the answer and the page's
    // connection hung for 60 s. The page itself is the same.
    for (const proxyHeader of [{ 'x-forwarded-for': '203.0.113.9' }, { via: '1.1 nginx' }, { forwarded: 'for=203.0.113.9' }]) {
      const proxied: number[] = [];
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.get(`${address}/deals`, { headers: proxyHeader }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve(`${res.statusCode} ${text}`));
        });
        req.on('information', (info) => proxied.push(info.statusCode));
        req.on('error', reject);
      });
      expect(proxied, JSON.stringify(proxyHeader)).toEqual([]);
      expect(body).toMatch(/^200 <!doctype html>/i);
    }

    // Server-Sent Events stay uncompressed whatever the browser accepts (a compressor would buffer them).
    const sse = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ port, host: '127.0.0.1', path: '/api/events', headers: { 'accept-encoding': 'br, gzip' } }, resolve).on('error', reject),
    );
    expect(sse.headers['content-type']).toBe('text/event-stream');
    expect(sse.headers['content-encoding']).toBeUndefined();
    sse.destroy();
  });
});
