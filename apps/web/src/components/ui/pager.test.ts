import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Pager } from './pager';

/*
 * The console's pager under a capped total (docs/decisions/0074-console-tables-at-scale.md): a big table is counted up
 * to 1,000 rows, so its last page is a lower bound ("40+") and Next stays while more rows follow.
 */

const render = (props: { page: number; total: number; isTotalCapped?: boolean }) =>
  renderToStaticMarkup(createElement(Pager, { pageSize: 25, onPage: () => {}, label: 'Orders pages', ...props }));

/** The Next button's markup. */
const next = (html: string) => /<button[^>]*>Next<\/button>/.exec(html)?.[0] ?? '';

describe('the pager', () => {
  it('shows a capped total as a lower bound and keeps Next on its last counted page', () => {
    const html = render({ page: 40, total: 1_000, isTotalCapped: true });
    expect(html).toContain('Page 40 of 40+');
    expect(next(html)).not.toMatch(/ disabled=""/);
  });

  it('ends at an exact total', () => {
    const html = render({ page: 3, total: 60 });
    expect(html).toContain('Page 3 of 3<');
    expect(next(html)).toMatch(/ disabled=""/);
  });
});
