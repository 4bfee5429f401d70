import { describe, expect, it } from 'vitest';
import { injectHead } from './html-head';

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
