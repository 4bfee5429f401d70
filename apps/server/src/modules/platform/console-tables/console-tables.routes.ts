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
  adminAuditTablePageSchema,
  adminDisputesTablePageSchema,
  adminJobsTablePageSchema,
  adminPromoCodesTablePageSchema,
  adminReviewsTablePageSchema,
  adminTicketsTablePageSchema,
  errorResponses,
  merchantDealsTablePageSchema,
  merchantPayoutsTablePageSchema,
  merchantRedemptionsTablePageSchema,
  merchantRefundsTablePageSchema,
  merchantVouchersTablePageSchema,
  tableQuerySchema,
} from '@localperks/shared';
import { sql } from 'drizzle-orm';
import { tableCsv, tablePage, type TableDefinition, type TableScope } from '../../../lib/data-table';
import { sqlRows } from '../../../lib/sql-rows';
import { JOB_QUEUE_SCHEMA } from '../../../jobs/queue';
import type { Access, AccessRole } from '../../../plugins/access';
import {
  adminCustomersTable,
  adminDealsTable,
  adminMerchantsTable,
  adminOrdersTable,
  adminPayoutsTable,
  adminRefundsTable,
  adminVouchersTable,
  adminAuditTable,
  adminDisputesTable,
  adminJobsTable,
  adminPromoCodesTable,
  adminReviewsTable,
  adminTicketsTable,
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

/** One console table's routes: who may read it, its page's schema and what it is (the routes' summaries). */
export interface ConsoleTableRoutes {
  path: string;
  /**
   * The table, or the table as the request may read it: the jobs table as the database holds it (its queue
   * started or not), the messages table once the business's messaging access is checked (throwing refuses).
   */
  definition: TableDefinition | ((request: FastifyRequest) => Promise<TableDefinition>);
  access: Extract<Access, 'admin' | 'merchant' | 'approved-merchant'>;
  roles: readonly AccessRole[];
  pageSchema: z.ZodType;
  what: string;
}

/**
 * A console table's routes: a page of rows as JSON and the same rows, with the same filters, as a CSV download
 * streamed from the database (docs/decisions/0069-console-tables.md). Areas above this one register theirs with it.
 */
export function consoleTable(app: FastifyInstance, { path, definition, access, roles, pageSchema, what }: ConsoleTableRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access, roles };
  const tags = [access === 'admin' ? 'admin' : 'merchant'];
  const tableOf = async (request: FastifyRequest) => (typeof definition === 'function' ? definition(request) : definition);
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
    async (request) => tablePage(app.db, await tableOf(request), scope(request), request.query),
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
      const def = await tableOf(request);
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
}

/** The console's tables of the areas below this one and of this one (the job queue, the audit trail). */
export async function consoleTablesRoutes(app: FastifyInstance) {
  const table = (
    path: string,
    definition: ConsoleTableRoutes['definition'],
    access: 'admin' | 'merchant',
    roles: readonly AccessRole[],
    pageSchema: z.ZodType,
    what: string,
  ) => consoleTable(app, { path, definition, access, roles, pageSchema, what });

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
  // Disputes are money's (owners and finance); tickets and reviews support's; promo codes finance's; the job queue and
  // the audit trail the owners' alone (console-sections.ts on the web names the same roles).
  table('/api/admin/tables/disputes', adminDisputesTable, 'admin', ['owner', 'finance'], adminDisputesTablePageSchema, 'Disputes');
  table('/api/admin/tables/tickets', adminTicketsTable, 'admin', ['owner', 'support'], adminTicketsTablePageSchema, 'Support tickets');
  table('/api/admin/tables/reviews', adminReviewsTable, 'admin', ['owner', 'support'], adminReviewsTablePageSchema, 'Reviews');
  table(
    '/api/admin/tables/promo-codes',
    adminPromoCodesTable,
    'admin',
    ['owner', 'finance'],
    adminPromoCodesTablePageSchema,
    'Promo codes',
  );
  // The queue's tables exist once the job queue has started on this database (jobs/queue.ts); before, no runs.
  const jobsTable = async () => {
    const [row] = await sqlRows<{ ok: boolean }>(app.db, sql`select to_regclass(${`${JOB_QUEUE_SCHEMA}.archive`}) is not null as ok`);
    return adminJobsTable(Boolean(row?.ok));
  };
  table('/api/admin/tables/jobs', jobsTable, 'admin', ['owner'], adminJobsTablePageSchema, 'Background job runs');
  table('/api/admin/tables/audit', adminAuditTable, 'admin', ['owner'], adminAuditTablePageSchema, 'The audit trail');

  // A merchant's tables, of their business only (merchant-tables.ts): payouts are the owner's, the rest the
  // managers' too (docs/decisions/0062-roles-and-staff.md).
  const managers = ['owner', 'manager'] as const;
  table('/api/merchant/tables/deals', merchantDealsTable, 'merchant', managers, merchantDealsTablePageSchema, 'The business’s deals');
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
  table(
    '/api/merchant/tables/payouts',
    merchantPayoutsTable,
    'merchant',
    ['owner'],
    merchantPayoutsTablePageSchema,
    'The business’s payouts',
  );
}
