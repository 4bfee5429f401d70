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
  merchantRedemptionsTablePageSchema,
  merchantRefundsTablePageSchema,
  merchantVouchersTablePageSchema,
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
import {
  merchantDealsTable,
  merchantPayoutsTable,
  merchantRedemptionsTable,
  merchantRefundsTable,
  merchantVouchersTable,
} from './merchant-tables';

/** The day of an export in its file name. */
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The console's tables: a page of rows as JSON and the same rows, with the same filters, as a CSV download streamed
 * from the database (docs/decisions/0069-console-tables.md).
 */
export async function consoleTablesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const table = (
    path: string,
    def: TableDefinition,
    access: 'admin' | 'merchant',
    roles: readonly AccessRole[],
    pageSchema: z.ZodType,
    what: string,
  ) => {
    const config = { access, roles };
    const tags = [access];
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
  table('/api/admin/orders', adminOrdersTable, 'admin', ['owner', 'support', 'finance'], adminOrdersPageSchema, 'Orders');
  table('/api/admin/tables/customers', adminCustomersTable, 'admin', ['owner', 'support'], adminCustomersTablePageSchema, 'Customers');
  table('/api/admin/tables/merchants', adminMerchantsTable, 'admin', ['owner'], adminMerchantsTablePageSchema, 'Merchants');
  table('/api/admin/tables/deals', adminDealsTable, 'admin', ['owner'], adminDealsTablePageSchema, 'Deals');
  table(
    '/api/admin/tables/vouchers',
    adminVouchersTable,
    'admin',
    ['owner', 'support', 'finance'],
    adminVouchersTablePageSchema,
    'Vouchers',
  );
  table('/api/admin/tables/refunds', adminRefundsTable, 'admin', ['owner', 'support', 'finance'], adminRefundsTablePageSchema, 'Refunds');
  table('/api/admin/tables/payouts', adminPayoutsTable, 'admin', ['owner', 'finance'], adminPayoutsTablePageSchema, 'Payouts');

  // A merchant's tables, of their business only (merchant-tables.ts): payouts are the owner's, the rest the
  // managers' too (docs/decisions/0062-roles-and-staff.md).
  const managers = ['owner', 'manager'] as const;
  table('/api/merchant/tables/deals', merchantDealsTable, 'merchant', managers, adminDealsTablePageSchema, 'The business’s deals');
  table('/api/merchant/tables/vouchers', merchantVouchersTable, 'merchant', managers, merchantVouchersTablePageSchema, 'Vouchers sold');
  table(
    '/api/merchant/tables/redemptions',
    merchantRedemptionsTable,
    'merchant',
    managers,
    merchantRedemptionsTablePageSchema,
    'Redemptions',
  );
  table(
    '/api/merchant/tables/refunds',
    merchantRefundsTable,
    'merchant',
    managers,
    merchantRefundsTablePageSchema,
    'The business’s refunds',
  );
  table('/api/merchant/tables/payouts', merchantPayoutsTable, 'merchant', ['owner'], adminPayoutsTablePageSchema, 'The business’s payouts');
}
