import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { CustomerRecord } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { adminSection } from '../../layout/console-sections';
import { Facts, RecordPage, RecordSection, money, orderLink, state, tableAt, when } from './record-parts';

type Rows<K extends keyof CustomerRecord> = CustomerRecord[K] extends { rows: (infer R)[] } ? R : never;

/** /admin/customers/:id: a customer's profile and history, for owners and support (docs/decisions/0072). */
export default function CustomerRecordPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'record', 'customer', id],
    queryFn: () => api.get('/api/admin/customers/:id', { params: { id } }),
  });
  const customers = adminSection('customers');
  return (
    <RecordPage kind="Customer" back={{ to: customers.path, label: customers.label }} query={query}>
      {() => {
        const r = query.data!;
        const c = r.customer;
        const email = c.email;
        return {
          title: c.name || c.email,
          badge: state(c.status),
          body: (
            <>
              <Facts
                items={[
                  ['E-mail', c.email],
                  ['Phone', c.phoneNumber ?? '—'],
                  ['Joined', when(c.createdAt)],
                  ['E-mail confirmed', when(c.emailVerifiedAt)],
                  ...(c.banReason ? [['Ban reason', c.banReason] as [string, string]] : []),
                  ['Customer id', <span className="font-mono text-xs">{c.id}</span>],
                ]}
              />
              <RecordSection<Rows<'orders'>>
                id="orders"
                title="Orders"
                section={r.orders}
                rowKey={(o) => o.id}
                table={{ to: tableAt(adminSection('orders').path, email), label: 'All their orders' }}
                empty="No order yet."
                columns={[
                  {
                    header: 'Order',
                    cell: (o) => orderLink(o.id),
                  },
                  { header: 'Created', cell: (o) => when(o.createdAt) },
                  { header: 'Status', cell: (o) => state(o.status) },
                  { header: 'Vouchers', cell: (o) => o.vouchers },
                  { header: 'Total', cell: (o) => money(o.totalCents) },
                ]}
              />
              <RecordSection<Rows<'vouchers'>>
                id="vouchers"
                title="Vouchers"
                section={r.vouchers}
                rowKey={(v) => v.id}
                table={{ to: tableAt(adminSection('vouchers').path, email), label: 'All their vouchers' }}
                empty="No voucher yet."
                columns={[
                  {
                    header: 'Code',
                    cell: (v) => orderLink(v.orderId, v.code),
                  },
                  { header: 'Deal', cell: (v) => `${v.dealTitle} · ${v.merchantName}` },
                  { header: 'State', cell: (v) => state(v.status) },
                  { header: 'Price', cell: (v) => money(v.priceCents) },
                  { header: 'Bought', cell: (v) => when(v.purchasedAt) },
                  { header: 'Valid until', cell: (v) => when(v.expirationDate) },
                ]}
              />
              <RecordSection<Rows<'refunds'>>
                id="refunds"
                title="Refunds"
                section={r.refunds}
                rowKey={(x) => x.id}
                table={{ to: tableAt(adminSection('refunds').path, email), label: 'All their refunds' }}
                empty="No refund."
                columns={[
                  { header: 'Deal', cell: (x) => x.dealTitle },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Reason', cell: (x) => x.reason.replaceAll('_', ' ') },
                  { header: 'Created', cell: (x) => when(x.createdAt) },
                ]}
              />
              <RecordSection<Rows<'tickets'>>
                id="tickets"
                title="Support tickets"
                section={r.tickets}
                rowKey={(x) => x.id}
                empty="No support ticket."
                columns={[
                  { header: 'Subject', cell: (x) => x.subject },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Opened', cell: (x) => when(x.createdAt) },
                  { header: 'Updated', cell: (x) => when(x.updatedAt) },
                ]}
              />
              <RecordSection<Rows<'messages'>>
                id="messages"
                title="Messages to businesses"
                section={r.messages}
                rowKey={(x) => x.id}
                empty="No message to a business."
                columns={[
                  { header: 'Business', cell: (x) => x.merchantName },
                  { header: 'Subject', cell: (x) => x.subject },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Sent', cell: (x) => when(x.createdAt) },
                  { header: 'Answered', cell: (x) => when(x.respondedAt) },
                ]}
              />
              <RecordSection<Rows<'reviews'>>
                id="reviews"
                title="Reviews"
                section={r.reviews}
                rowKey={(x) => x.id}
                empty="No review."
                columns={[
                  { header: 'Deal', cell: (x) => `${x.dealTitle} · ${x.merchantName}` },
                  { header: 'Rating', cell: (x) => `${x.rating} / 5` },
                  { header: 'Title', cell: (x) => x.title ?? '—' },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Written', cell: (x) => when(x.createdAt) },
                ]}
              />
              <RecordSection<Rows<'signIns'>>
                id="sign-ins"
                title="Sign-in history"
                section={r.signIns}
                rowKey={(x) => x.id}
                empty="No sign-in yet."
                columns={[
                  { header: 'When', cell: (x) => when(x.createdAt) },
                  { header: 'Result', cell: (x) => (x.succeeded ? 'Signed in' : 'Wrong password') },
                  { header: 'IP address', cell: (x) => <span className="font-mono text-xs">{x.ip}</span> },
                ]}
              />
              <RecordSection<Rows<'sessions'>>
                id="sessions"
                title="Signed-in devices"
                section={r.sessions}
                rowKey={(x) => `${x.createdAt}-${x.lastSeenAt}-${x.ip ?? ''}`}
                empty="Not signed in anywhere."
                columns={[
                  { header: 'Device', cell: (x) => `${x.browser} on ${x.os}` },
                  { header: 'Signed in', cell: (x) => when(x.createdAt) },
                  { header: 'Last seen', cell: (x) => when(x.lastSeenAt) },
                  { header: 'IP address', cell: (x) => <span className="font-mono text-xs">{x.ip ?? '—'}</span> },
                ]}
              />
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
