import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
  it('leaves other text alone and escapes an ampersand only once per pass', () => {
    expect(escapeHtml('Café “Menu” — 50% off')).toBe('Café “Menu” — 50% off');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
