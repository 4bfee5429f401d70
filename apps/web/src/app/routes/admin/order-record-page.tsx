import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { mayOpenRecord, paths, type OrderRecord } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { useAdminRole } from '../../../lib/session';
import { PurchaseItem } from '../../../features/money/refunds/components/admin-refunds-tab';
import { adminSection } from '../../layout/console-sections';
import { Facts, MiniTable, RecordPage, RecordSection, money, state, tableAt, when, words } from './record-parts';

const whole = <Row,>(rows: Row[] | null) => rows && { rows, total: rows.length };

/**
 * /admin/orders/:id: an order's lines, payment and provider ids, vouchers (each refunded from here, with the refund
 * flow's confirmation, by owners and finance), refunds, disputes and ledger entries (docs/decisions/0072).
 */
export default function OrderRecordPage() {
  const { id = '' } = useParams();
  const role = useAdminRole();
  const query = useQuery({
    queryKey: ['admin', 'record', 'order', id],
    queryFn: () => api.get('/api/admin/orders/:id', { params: { id } }),
  });
  const orders = adminSection('orders');
  const mayRefund = role === 'owner' || role === 'finance';
  return (
    <RecordPage kind="Order" back={{ to: orders.path, label: orders.label }} query={query}>
      {() => {
        const r = query.data!;
        const o = r.order;
        const customer = mayOpenRecord('customer', role) ? (
          <Link to={paths.adminCustomer(o.customerId)} className="text-brand-800 underline underline-offset-2">
            {o.customerName || o.customerEmail}
          </Link>
        ) : (
          o.customerName || o.customerEmail
        );
        const merchants = new Map(r.lines.map((l) => [l.merchantId, l.merchantName]));
        return {
          title: `Order ${o.id.slice(0, 8)}`,
          badge: state(o.status),
          body: (
            <>
              <Facts
                items={[
                  [
                    'Customer',
                    <>
                      {customer} <span className="block break-all text-xs text-slate-600">{o.customerEmail}</span>
                    </>,
                  ],
                  [
                    merchants.size === 1 ? 'Business' : 'Businesses',
                    [...merchants].map(([mid, name], i) => (
                      <span key={mid}>
                        {i > 0 && ', '}
                        {mayOpenRecord('merchant', role) ? (
                          <Link to={paths.adminMerchant(mid)} className="text-brand-800 underline underline-offset-2">
                            {name}
                          </Link>
                        ) : (
                          name
                        )}
                      </span>
                    )),
                  ],
                  ['Created', when(o.createdAt)],
                  ['Paid', when(o.paidAt)],
                  ['Subtotal', money(o.subtotalCents)],
                  [
                    'Discount',
                    <>
                      {money(o.discountCents)}
                      {o.promoCode && ` (code ${o.promoCode})`}
                    </>,
                  ],
                  ['Tax', money(o.taxCents)],
                  ['Total', <strong>{money(o.totalCents)}</strong>],
                  ['Payment provider', words(o.provider)],
                  ['Provider session id', <span className="break-all font-mono text-xs">{o.providerSessionId ?? '—'}</span>],
                  ['Order id', <span className="break-all font-mono text-xs">{o.id}</span>],
                ]}
              />
              <section aria-labelledby="record-lines">
                <h2 id="record-lines" className="mb-2 text-lg font-semibold text-slate-900">
                  Lines
                </h2>
                <MiniTable<OrderRecord['lines'][number]>
                  label="Lines"
                  rows={r.lines}
                  rowKey={(l) => l.id}
                  columns={[
                    {
                      header: 'Deal',
                      cell: (l) => (
                        <Link to={paths.deal(l.dealId)} className="text-brand-800 underline underline-offset-2">
                          {l.title}
                        </Link>
                      ),
                    },
                    { header: 'Option', cell: (l) => l.optionTitle ?? '—' },
                    { header: 'Business', cell: (l) => l.merchantName },
                    { header: 'Unit price', cell: (l) => money(l.unitPriceCents) },
                    { header: 'Quantity', cell: (l) => l.quantity },
                    { header: 'Discount', cell: (l) => money(l.discountCents) },
                  ]}
                />
              </section>
              <RecordSection
                id="vouchers"
                title="Vouchers"
                section={whole(r.vouchers)}
                table={{ to: tableAt(adminSection('vouchers').path, o.id), label: 'In the vouchers table' }}
                empty="No voucher: the order was not paid."
              >
                <ul className="space-y-2" aria-label="Vouchers of this order">
                  {r.vouchers.map((p) => (
                    <PurchaseItem key={p.id} p={p} mayRefund={mayRefund} onRefunded={() => void query.refetch()} />
                  ))}
                </ul>
              </RecordSection>
              <RecordSection<OrderRecord['refunds'][number]>
                id="refunds"
                title="Refunds"
                section={whole(r.refunds)}
                rowKey={(x) => x.id}
                table={{ to: tableAt(adminSection('refunds').path, o.id), label: 'In the refunds table' }}
                empty="Nothing refunded."
                columns={[
                  { header: 'Deal', cell: (x) => x.dealTitle },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Reason', cell: (x) => words(x.reason) },
                  {
                    header: 'Provider refund id',
                    cell: (x) => <span className="break-all font-mono text-xs">{x.providerRefundId ?? '—'}</span>,
                  },
                  { header: 'Created', cell: (x) => when(x.createdAt) },
                ]}
              />
              <RecordSection<OrderRecord['disputes'][number]>
                id="disputes"
                title="Disputes"
                section={whole(r.disputes)}
                rowKey={(x) => x.id}
                empty="No chargeback."
                columns={[
                  {
                    header: 'Provider dispute id',
                    cell: (x) => <span className="break-all font-mono text-xs">{x.providerDisputeId}</span>,
                  },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Reason', cell: (x) => (x.reason ? words(x.reason) : '—') },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Opened', cell: (x) => when(x.openedAt) },
                ]}
              />
              <RecordSection<NonNullable<OrderRecord['ledger']>[number]>
                id="ledger"
                title="Ledger entries"
                section={whole(r.ledger)}
                rowKey={(x) => x.id}
                empty="No ledger entry: nothing was paid."
                hidden="The ledger is for owners and finance."
                columns={[
                  { header: 'When', cell: (x) => when(x.occurredAt) },
                  { header: 'Kind', cell: (x) => words(x.kind) },
                  { header: 'Business', cell: (x) => x.merchantName },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                ]}
              />
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
