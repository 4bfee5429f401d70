import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatPrice, mayOpenRecord, paths, type AdminOrderRow } from '@localperks/shared';
import { ServerTable } from '../../../components/ui/data-table';
import { Badge, capitalise } from '../../../components/ui/status-badge';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAdminRole } from '../../../lib/session';

/*
 * The admins' Orders (issue 32, docs/decisions/0069-console-tables.md): every checkout, paged, sorted, filtered
 * by status and date and searched on the server (GET /api/admin/orders), exported as CSV with the same filters.
 */

/** The customer's name and e-mail, a link to their page for the roles that open it (owners and support). */
function Customer({ row }: { row: AdminOrderRow }) {
  const role = useAdminRole();
  const who = (
    <>
      {row.customerName && <span className="block font-medium">{row.customerName}</span>}
      <span className="block break-all text-xs text-slate-600">{row.customerEmail}</span>
    </>
  );
  return mayOpenRecord('customer', role) ? (
    <Link to={paths.adminCustomer(row.customerId)} className="block text-brand-900 underline underline-offset-2">
      {who}
    </Link>
  ) : (
    who
  );
}

const STATUS_TONES = { paid: 'green', open: 'amber', canceled: 'slate', expired: 'slate' } as const;

const columns: ColumnDef<AdminOrderRow>[] = [
  {
    id: 'id',
    header: 'Order',
    enableSorting: false,
    // The order's page (docs/decisions/0072-record-pages-and-search.md): every admin opens it.
    cell: ({ row }) => (
      <Link to={paths.adminOrder(row.original.id)} className="font-mono text-xs text-brand-900 underline underline-offset-2">
        {row.original.id.slice(0, 8)}
      </Link>
    ),
  },
  {
    id: 'createdAt',
    header: 'Created',
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
  },
  {
    id: 'customerName',
    header: 'Customer',
    cell: ({ row }) => <Customer row={row.original} />,
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <Badge tone={STATUS_TONES[row.original.status]}>{capitalise(row.original.status)}</Badge>,
  },
  { id: 'vouchers', header: 'Vouchers', cell: ({ row }) => row.original.vouchers },
  {
    id: 'totalCents',
    header: 'Total',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {formatPrice(row.original.totalCents)}
        {row.original.promoCode && <span className="block text-xs text-slate-600">Code {row.original.promoCode}</span>}
      </span>
    ),
  },
];

const STATUSES = { paid: 'Paid', open: 'Open', canceled: 'Canceled', expired: 'Expired' };

export default function AdminOrdersTable() {
  return (
    <ServerTable
      label="Orders"
      path="/api/admin/orders"
      load={(query) => api.get('/api/admin/orders', { query })}
      columns={columns}
      statuses={STATUSES}
      hasDates
      searchLabel="Search orders"
      searchHint="Order id, customer, e-mail, promo code"
      none="No order yet."
    />
  );
}
