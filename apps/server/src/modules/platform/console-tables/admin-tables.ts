import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@localperks/shared';
import type { TableDefinition } from '../../../lib/data-table';

/*
 * The admin console's tables (issue 32, docs/decisions/0069-console-tables.md): each one's rows as SQL, its columns
 * (the CSV's headers), what its search matches, its filters and its sortable columns. Sortable columns are never
 * null here (lib/data-table.ts walks them as a keyset).
 */

/** Orders: one checkout of a customer, with its vouchers, payment and promo code. */
export const adminOrdersTable: TableDefinition = {
  name: 'orders',
  source: () => sql`
    select o.id, o.created_at as "createdAt", o.user_id as "customerId",
      coalesce(u.name, '') as "customerName", u.email as "customerEmail", o.status,
      (select count(*)::int from purchases p where p.order_id = o.id) as vouchers,
      o.total_cents as "totalCents", o.discount_cents as "discountCents", o.promo_code as "promoCode",
      o.provider, o.provider_session_id as "providerSessionId"
    from orders o join users u on u.id = o.user_id`,
  columns: [
    { id: 'id', label: 'Order' },
    { id: 'createdAt', label: 'Created', isSortable: true },
    { id: 'customerName', label: 'Customer', isSortable: true },
    { id: 'customerEmail', label: 'E-mail', isSortable: true },
    { id: 'status', label: 'Status', isSortable: true },
    { id: 'vouchers', label: 'Vouchers', isSortable: true },
    { id: 'totalCents', label: 'Total ($)', isSortable: true, isMoney: true },
    { id: 'discountCents', label: 'Discount ($)', isSortable: true, isMoney: true },
    { id: 'promoCode', label: 'Promo code' },
    { id: 'provider', label: 'Provider' },
    { id: 'providerSessionId', label: 'Provider id' },
    { id: 'customerId', label: 'Customer id' },
  ],
  search: ['id', 'customerName', 'customerEmail', 'promoCode', 'providerSessionId'],
  status: { column: 'status', values: ORDER_STATUSES },
  date: 'createdAt',
  defaultSort: 'createdAt',
};
