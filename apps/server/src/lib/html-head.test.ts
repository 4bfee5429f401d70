import { describe, expect, it } from 'vitest';
import type { DealDetail } from '@localperks/shared';
import { headForDeal, injectHead } from './html-head';

const SHELL =
  '<html><head><meta name="description" content="default" /><title>LocalPerks</title></head><body><div id="root"></div></body></html>';
const PATTERNS = ['$&', '$`', "$'", '$1', '$$', '$<name>'];

describe('html-head helpers insert text as it is', () => {
  it.each(PATTERNS)('injectHead never expands %s', (p) => {
    const html = injectHead(SHELL, { title: `A ${p} B`, description: `C ${p} D`, url: `http://x/${p}` });
    const escaped = p.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;');
    expect(html).toContain(`<title>A ${escaped} B</title>`);
    expect(html).toContain(`<meta name="description" content="C ${escaped} D" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.startsWith('<html><head>')).toBe(true);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });
});

describe('a deal page’s preview image', () => {
  const deal = (imageUrl: string) => ({ id: 'd1', title: 'T', description: 'D', imageUrl }) as DealDetail;
  it('is on this site for a stored path, and the CDN’s own URL with S3_PUBLIC_URL', () => {
    expect(headForDeal(deal('/uploads/deals/a.webp'), 'https://lp.example').image).toBe('https://lp.example/uploads/deals/a.webp');
    expect(headForDeal(deal('https://cdn.example/deals/a.webp'), 'https://lp.example').image).toBe('https://cdn.example/deals/a.webp');
  });
});
