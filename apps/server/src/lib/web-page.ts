import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responsiveImage, type ImageSlot } from '@localperks/shared';
import { EncodedBody, sendEncoded } from './compression';

/**
 * How the HTML of the web app is delivered (docs/decisions/0015-serving-and-web-performance.md): the
 * entry chunk and stylesheet are announced before the page's data is read (103 Early Hints), the
 * page's LCP image is preloaded, and the HTML is revalidated on every visit (no-cache + ETag).
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface EntryAssets {
  /** The entry module and the chunks Vite already modulepreloads. */
  scripts: string[];
  styles: string[];
}

/** The entry script, its preloaded chunks and the stylesheets Vite wrote into the built index.html. */
export function entryAssets(indexHtml: string): EntryAssets {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<script') && /\stype="module"/.test(tag)) {
      const src = attr(tag, 'src');
      if (src) scripts.push(src);
    } else if (tag.startsWith('<link')) {
      const rel = attr(tag, 'rel');
      const href = attr(tag, 'href');
      if (href && rel === 'modulepreload') scripts.push(href);
      if (href && rel === 'stylesheet') styles.push(href);
    }
  }
  return { scripts, styles };
}

/**
 * Whether a request came through a proxy: it carries a header a proxy adds (X-Forwarded-For, X-Real-IP,
 * Forwarded, Via). 103 Early Hints go to direct clients only: nginx before 1.29 (Debian 12 ships 1.22)
 * takes an upstream's 103 for the final answer, so the page itself became the body of a response
 * without a length, and the client's connection hung until proxy_read_timeout (60 s; seen by
 * `npm run bench:soak` as a p99 of 60,005 ms on deal pages). A proxy that speaks HTTP/2 can send its
 * own early hints (nginx `early_hints`, docs/decisions/0051-early-hints-behind-proxies.md).
 */
export function cameThroughProxy(headers: Record<string, string | string[] | undefined>): boolean {
  return ['x-forwarded-for', 'x-real-ip', 'forwarded', 'via'].some((name) => headers[name] !== undefined);
}

/** `Link` header values for a 103 Early Hints answer: the browser fetches these while the server reads the page's data. */
export function earlyHintLinks(assets: EntryAssets): string[] {
  return [
    ...assets.styles.map((href) => `<${href}>; rel=preload; as=style`),
    ...assets.scripts.map((src) => `<${src}>; rel=modulepreload`),
  ];
}

/**
 * Adds to the head a modulepreload of the entry chunk and a high-priority preload of the page's LCP
 * image, with the same srcset and sizes the page's <img> will ask for (else the browser fetches twice).
 *
 * Order matters on a phone (docs/decisions/0028-first-load-and-hydration.md): the browser requests
 * what the head names in order, and over HTTP/1.1 at most six at a time. The LCP image and the
 * stylesheet (render-blocking) come first, then the scripts, which hydrate a page already painted
 * from the HTML: a script never holds up the image or the stylesheet.
 */
export function injectPreloads(html: string, assets: EntryAssets, lcpImage?: { url: string; slot: ImageSlot } | null): string {
  const first: string[] = [];
  if (lcpImage) {
    const img = responsiveImage(lcpImage.url, lcpImage.slot);
    const best = img.sources[0];
    first.push(
      best
        ? `<link rel="preload" as="image" type="${best.type}" imagesrcset="${esc(best.srcSet)}" imagesizes="${esc(img.sizes ?? '')}" fetchpriority="high" />`
        : `<link rel="preload" as="image" href="${esc(img.src)}" fetchpriority="high" />`,
    );
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  let head = html.slice(0, headEnd);
  // The stylesheets move up with the image, ahead of the first script or module preload.
  const styles = head.match(STYLESHEET_TAG) ?? [];
  head = head.replace(STYLESHEET_TAG, '');
  first.push(...styles);
  const entry = assets.scripts[0];
  const last =
    entry && !head.includes(`rel="modulepreload" crossorigin href="${entry}"`)
      ? `  <link rel="modulepreload" crossorigin href="${esc(entry)}" />\n  `
      : '';
  const firstAsset = head.search(FIRST_SCRIPT_TAG);
  const at = firstAsset < 0 ? head.length : firstAsset;
  // Strings are joined, never used as replacement patterns: `$&`, `$'`… may appear in a URL.
  head = first.length ? head.slice(0, at) + first.join('\n    ') + '\n    ' + head.slice(at) : head;
  return head + last + html.slice(headEnd);
}

const STYLESHEET_TAG = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const FIRST_SCRIPT_TAG = /<script\b|<link\b[^>]*\brel="modulepreload"/;

/**
 * Sends a page's HTML for revalidation on every visit: `no-cache` with a weak ETag of its content (weak:
 * the br and gzip forms of one page share it); a matching If-None-Match gets a bodiless 304.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  reply.header('cache-control', 'no-cache').header('etag', etag).header('vary', 'accept-encoding');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((t) => t.trim() === etag)) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  // @fastify/compress leaves HEAD alone: HEAD gets GET's encoding (and the encoded length) here, as HTTP asks.
  if (request.method === 'HEAD') return sendEncoded(request, reply, new EncodedBody(html));
  return reply.send(html);
}
