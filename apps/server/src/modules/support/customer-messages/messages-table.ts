import { sql } from 'drizzle-orm';
import { MESSAGE_TABLE_STATUSES } from '@localperks/shared';
import type { TableDefinition } from '../../../lib/data-table';

/*
 * The merchant console's Customer Messages table (issue 32, docs/decisions/0069-console-tables.md): the business's
 * inbox paged, sorted, filtered and searched on the server. Its routes (customer-messages.routes.ts) check the
 * business's messaging access first, as the inbox does, and the source keeps to the signed-in business.
 */

/** Customer messages: what customers wrote to the business (by name), about which deal, and whether it is answered. */
export const merchantMessagesTable: TableDefinition = {
  name: 'messages',
  source: (scope) => sql`
    select c.id, c.created_at as "createdAt", c.subject, c.message, coalesce(u.name, '') as "customerName",
      coalesce(d.title, '') as "dealTitle", c.status, c.response, c.responded_at as "respondedAt"
    from customer_messages c join users u on u.id = c.customer_id left join deals d on d.id = c.deal_id
    where c.merchant_id in (select id from merchants where user_id = ${scope.merchantOwnerId})`,
  columns: [
    { id: 'id', label: 'Message id' },
    { id: 'createdAt', label: 'Received', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'subject', label: 'Subject', isSortable: true },
    { id: 'message', label: 'Message' },
    { id: 'dealTitle', label: 'Deal', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'response', label: 'Response' },
    { id: 'respondedAt', label: 'Responded' },
  ],
  search: ['subject', 'message', 'customerName', 'dealTitle', 'response'],
  status: { column: 'status', values: MESSAGE_TABLE_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};
