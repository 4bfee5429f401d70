import { describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import { tableQuerySchema } from '@localperks/shared';
import { DataTable, renderTemplate } from './data-table';

/*
 * The console's one table (docs/decisions/0069-console-tables.md) keeps what a row holds: a section that rebuilds its
 * columns on a render (its row actions passed anew) must not remount the rows' actions, and a refresh that fails must
 * not take the rows (and a row's open dialog) off the screen.
 */

interface Row {
  id: string;
  name: string;
}

/** A row action that holds state (as the Deals button holds its dialog open). */
function RowAction({ id }: { id: string }) {
  return createElement('button', { type: 'button' }, `Act on ${id}`);
}

/** The actions column as a section builds it: a new cell function on every call, as on every render. */
const actionsColumn = (): ColumnDef<Row> => ({ id: 'actions', cell: ({ row }) => createElement(RowAction, { id: row.original.id }) });

const context = { row: { original: { id: 'r1', name: 'One' } } } as unknown as CellContext<Row, unknown>;

describe('the console table', () => {
  it('renders a rebuilt column’s cell as the component it returns, so React keeps that component (and its state) across renders', () => {
    const first = renderTemplate(actionsColumn().cell, context) as ReactElement;
    const second = renderTemplate(actionsColumn().cell, context) as ReactElement;
    // Mounted as components, the two cell functions would be two component types: every render would unmount the row's actions.
    expect(first.type).toBe(RowAction);
    expect(second.type).toBe(first.type);
    expect(renderTemplate('Actions', context)).toBe('Actions');
  });

  const render = (rows: Row[] | undefined, error: string | null) =>
    renderToStaticMarkup(
      createElement(DataTable<Row>, {
        label: 'Things',
        columns: [{ id: 'name', header: 'Name', cell: ({ row }) => row.original.name }, actionsColumn()],
        rows,
        total: rows?.length ?? 0,
        isLoading: false,
        error,
        onRetry: () => {},
        query: tableQuerySchema.parse({}),
        onQuery: () => {},
        searchLabel: 'Search things',
        none: 'No things yet.',
      }),
    );

  it('keeps its rows on screen when a refresh fails, and says so above them', () => {
    const html = render([{ id: 'r1', name: 'Skates' }], 'Too many requests.');
    expect(html).toContain('The table could not be refreshed. Too many requests.');
    expect(html).toContain('Skates');
    expect(html).toContain('Act on r1');
  });

  it('says it could not be loaded when it has no rows to keep', () => {
    const html = render(undefined, 'Server error.');
    expect(html).toContain('The table could not be loaded. Server error.');
    expect(html).not.toContain('<table');
  });
});
