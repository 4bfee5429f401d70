import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomersTablePageSchema,
  adminDealsTablePageSchema,
  adminMerchantsTablePageSchema,
  adminOrdersPageSchema,
  adminPayoutsTablePageSchema,
  adminRefundsTablePageSchema,
  adminVouchersTablePageSchema,
  errorResponses,
  tableQuerySchema,
} from '@localperks/shared';
import { tableCsv, tablePage, type TableDefinition, type TableScope } from '../../../lib/data-table';
import type { AccessRole } from '../../../plugins/access';
import {
  adminCustomersTable,
  adminDealsTable,
  adminMerchantsTable,
  adminOrdersTable,
  adminPayoutsTable,
  adminRefundsTable,
  adminVouchersTable,
} from './admin-tables';

/** The day of an export in its file name. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The console's tables: a page of rows as JSON and the same rows, with the same filters, as a CSV download streamed
 * from the database (docs/decisions/0069-console-tables.md).
 */
export async function consoleTablesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  const table = (path: string, def: TableDefinition, roles: readonly AccessRole[], pageSchema: z.ZodType, what: string) => {
    const config = { access: 'admin' as const, roles };
    const scope = (request: FastifyRequest): TableScope => ({
      now: app.deps.clock.now(),
      merchantOwnerId: request.user?.merchantOwnerId ?? null,
    });
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
      async (request) => tablePage(app.db, def, scope(request), request.query),
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
        const csv = tableCsv(app.db, def, scope(request), request.query);
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

  // The roles are the sections' (docs/decisions/0062-roles-and-staff.md): customers are support's, businesses and their
  // deals the owner's, payouts finance's; orders, vouchers and refunds every admin's.
  table('/api/admin/orders', adminOrdersTable, ['owner', 'support', 'finance'], adminOrdersPageSchema, 'Orders');
  table('/api/admin/tables/customers', adminCustomersTable, ['owner', 'support'], adminCustomersTablePageSchema, 'Customers');
  table('/api/admin/tables/merchants', adminMerchantsTable, ['owner'], adminMerchantsTablePageSchema, 'Merchants');
  table('/api/admin/tables/deals', adminDealsTable, ['owner'], adminDealsTablePageSchema, 'Deals');
  table('/api/admin/tables/vouchers', adminVouchersTable, ['owner', 'support', 'finance'], adminVouchersTablePageSchema, 'Vouchers');
  table('/api/admin/tables/refunds', adminRefundsTable, ['owner', 'support', 'finance'], adminRefundsTablePageSchema, 'Refunds');
  table('/api/admin/tables/payouts', adminPayoutsTable, ['owner', 'finance'], adminPayoutsTablePageSchema, 'Payouts');
}
