import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths, type MerchantRecord } from '@localperks/shared';
import { api } from '../../../lib/api-client';
import { useAdminRole } from '../../../lib/session';
import { adminMayOpen, adminSection } from '../../layout/console-sections';
import { Facts, RecordPage, RecordSection, money, orderLink, state, tableAt, when, words } from './record-parts';

type Rows<K extends keyof MerchantRecord> = NonNullable<MerchantRecord[K]> extends { rows: (infer R)[] } ? R : never;

const PLAN_LABELS: Record<string, string> = {
  advertise_only: 'Advertise only',
  advertise_messaging: 'Advertise + messaging',
  deals_messaging: 'Deals + messaging',
};

/** /admin/merchants/:id: a business's plan, money and history, for owners and finance (docs/decisions/0072). */
export default function MerchantRecordPage() {
  const { id = '' } = useParams();
  const role = useAdminRole();
  const query = useQuery({
    queryKey: ['admin', 'record', 'merchant', id],
    queryFn: () => api.get('/api/admin/merchants/:id', { params: { id } }),
  });
  const businesses = adminSection('businesses');
  return (
    <RecordPage
      kind="Business"
      back={adminMayOpen('businesses', role) ? { to: businesses.path, label: businesses.label } : null}
      query={query}
    >
      {() => {
        const r = query.data!;
        const m = r.merchant;
        const name = m.businessName;
        const table = (section: 'deals' | 'vouchers' | 'refunds' | 'payouts', label: string) =>
          adminMayOpen(section, role) ? { to: tableAt(adminSection(section).path, name), label } : undefined;
        return {
          title: name,
          badge: state(m.status),
          body: (
            <>
              <Facts
                items={[
                  ['Owner', `${m.ownerName ? `${m.ownerName} · ` : ''}${m.ownerEmail}`],
                  ['City', `${m.city}, ${m.state}`],
                  ['Plan', `${PLAN_LABELS[m.plan] ?? words(m.plan)}${m.hasSubscription ? ' (subscribed)' : ''}`],
                  ['Commission', `${m.commissionRate}%`],
                  [
                    'Sold',
                    <>
                      {r.sales.total} vouchers, {money(r.sales.grossCents)} gross
                    </>,
                  ],
                  ['Joined', when(m.createdAt)],
                  [
                    'Public page',
                    <Link to={paths.business(m.slug)} className="text-brand-800 underline underline-offset-2">
                      {paths.business(m.slug)}
                    </Link>,
                  ],
                  ...(m.suspensionReason ? [['Suspended because', m.suspensionReason] as [string, string]] : []),
                  ['Merchant id', <span className="font-mono text-xs">{m.id}</span>],
                ]}
              />
              <RecordSection<Rows<'billing'>>
                id="billing"
                title="Plan and billing"
                section={r.billing}
                rowKey={(x) => x.id}
                empty="No charge: the business pays nothing but its commission."
                columns={[
                  { header: 'Charge', cell: (x) => words(x.kind) },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Created', cell: (x) => when(x.createdAt) },
                  { header: 'Paid', cell: (x) => when(x.paidAt) },
                  { header: 'Period ends', cell: (x) => when(x.currentPeriodEnd) },
                ]}
              />
              <RecordSection<Rows<'deals'>>
                id="deals"
                title="Deals"
                section={r.deals}
                rowKey={(x) => x.id}
                table={table('deals', 'All its deals')}
                empty="No deal yet."
                columns={[
                  {
                    header: 'Deal',
                    cell: (x) => (
                      <Link to={paths.deal(x.id)} className="text-brand-800 underline underline-offset-2">
                        {x.title}
                      </Link>
                    ),
                  },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Price', cell: (x) => money(x.dealPriceCents) },
                  { header: 'Created', cell: (x) => when(x.createdAt) },
                  { header: 'Sale ends', cell: (x) => when(x.expirationDate) },
                ]}
              />
              <RecordSection<Rows<'sales'>>
                id="sales"
                title="Sales"
                section={r.sales}
                rowKey={(x) => x.id}
                table={table('vouchers', 'All its vouchers')}
                empty="Nothing sold yet."
                columns={[
                  {
                    header: 'Code',
                    cell: (x) => orderLink(x.orderId, x.code),
                  },
                  { header: 'Deal', cell: (x) => x.dealTitle },
                  { header: 'Customer', cell: (x) => x.customerName || '—' },
                  { header: 'State', cell: (x) => state(x.status) },
                  { header: 'Price', cell: (x) => money(x.priceCents) },
                  { header: 'Bought', cell: (x) => when(x.purchasedAt) },
                ]}
              />
              <RecordSection<Rows<'refunds'>>
                id="refunds"
                title="Refunds"
                section={r.refunds}
                rowKey={(x) => x.id}
                table={table('refunds', 'All its refunds')}
                empty="No refund."
                columns={[
                  {
                    header: 'Order',
                    cell: (x) => orderLink(x.orderId),
                  },
                  { header: 'Deal', cell: (x) => x.dealTitle },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Created', cell: (x) => when(x.createdAt) },
                ]}
              />
              <RecordSection<Rows<'disputes'>>
                id="disputes"
                title="Disputes"
                section={r.disputes}
                rowKey={(x) => x.id}
                empty="No chargeback."
                columns={[
                  {
                    header: 'Order',
                    cell: (x) => orderLink(x.orderId),
                  },
                  { header: 'Amount', cell: (x) => money(x.amountCents) },
                  { header: 'Reason', cell: (x) => (x.reason ? words(x.reason) : '—') },
                  { header: 'Status', cell: (x) => state(x.status) },
                  { header: 'Opened', cell: (x) => when(x.openedAt) },
                ]}
              />
              <RecordSection<Rows<'payouts'>>
                id="payouts"
                title="Payouts"
                section={r.payouts}
                rowKey={(x) => x.id}
                table={table('payouts', 'All its payouts')}
                empty="No payout yet."
                columns={[
                  { header: 'Payout date', cell: (x) => x.payoutDate },
                  { header: 'Period', cell: (x) => `${x.periodStart} – ${x.periodEnd}` },
                  { header: 'Net', cell: (x) => money(x.netCents) },
                  { header: 'State', cell: (x) => state(x.state) },
                ]}
              />
              <RecordSection<Rows<'messages'>>
                id="messages"
                title="Messages with admins"
                section={r.messages}
                rowKey={(x) => x.id}
                empty="No message about its registration."
                hidden="The registration thread is for owners."
                columns={[
                  { header: 'From', cell: (x) => (x.senderType === 'admin' ? 'LocalPerks' : 'The business') },
                  { header: 'Message', cell: (x) => <span className="whitespace-pre-line">{x.message}</span> },
                  { header: 'Sent', cell: (x) => when(x.createdAt) },
                ]}
              />
              <RecordSection<Rows<'audit'>>
                id="audit"
                title="Audit entries"
                section={r.audit}
                rowKey={(x) => x.id}
                empty="No admin action on this business yet."
                hidden="The audit trail is for owners."
                columns={[
                  { header: 'When', cell: (x) => when(x.createdAt) },
                  { header: 'Action', cell: (x) => <span className="font-mono text-xs">{x.action}</span> },
                  { header: 'On', cell: (x) => words(x.entityType) },
                  { header: 'By', cell: (x) => x.actorName ?? '—' },
                ]}
              />
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
