import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrdersPageSchema, errorResponses, tableQuerySchema } from '@localperks/shared';
import { tableCsv, tablePage, type TableDefinition } from '../../../lib/data-table';
import type { AccessRole } from '../../../plugins/access';
import { adminOrdersTable } from './admin-tables';

/** The day of an export in its file name. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The console's tables: a page of rows as JSON and the same rows, with the same filters, as a CSV download streamed
 * from the database (docs/decisions/0069-console-tables.md).
 */
export async function consoleTablesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  const table = (
    path: string,
    def: TableDefinition,
    roles: readonly AccessRole[],
    pageSchema: typeof adminOrdersPageSchema,
    what: string,
  ) => {
    const config = { access: 'admin' as const, roles };
    r.get(
      path,
      {
        config,
        schema: {
          tags,
          summary: `${what}: a page, sorted, filtered and searched on the server`,
          querystring: tableQuerySchema,
          response: { 200: pageSchema, ...errorResponses },
        },
      },
      async (request) => tablePage(app.db, def, undefined, request.query),
    );
    r.get(
      `${path}/export.csv`,
      {
        config,
        schema: {
          tags,
          summary: `${what} with the page's filters and sort, every row, as CSV (streamed; formula-like cells escaped)`,
          querystring: tableQuerySchema,
          response: { 200: z.string().describe('text/csv'), ...errorResponses },
        },
      },
      async (request, reply) => {
        const csv = tableCsv(app.db, def, undefined, request.query);
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="localperks-${def.name}-${today(app.deps.clock.now())}.csv"`)
            .header('cache-control', 'no-store')
            // A stream: Fastify sends it as it comes (the schema's string describes the body, docs/decisions/0069).
            .send(csv as unknown as string)
        );
      },
    );
  };

  table('/api/admin/orders', adminOrdersTable, ['owner', 'support', 'finance'], adminOrdersPageSchema, 'Orders');
}
