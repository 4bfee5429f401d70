import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLE_LABELS, type AdminRole } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminRole, useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { ADMIN_SECTIONS, adminMayOpen, adminSection, sectionFromTab, type AdminSectionId } from '../../layout/console-sections';

const OverviewTab = lazy(() => import('../../../features/merchant/admin-overview/overview-tab'));
const ApprovalTab = lazy(() => import('../../../features/merchant/admin-merchants/approval-tab'));
const PayoutsTab = lazy(() => import('../../../features/money/payouts/payouts-tab'));
const SupportTab = lazy(() => import('../../../features/support/admin-support/support-tab'));
const SettingsTab = lazy(() => import('../../../features/platform/admin-settings/settings-tab'));
const RefundsTab = lazy(() => import('../../../features/money/refunds/components/admin-refunds-tab'));
const PromoCodesTab = lazy(() => import('../../../features/orders/promo-codes/promo-codes-tab'));
const BusinessesTab = lazy(() => import('../../../features/merchant/admin-merchants/businesses-tab'));
const OrdersTable = lazy(() => import('../../../features/orders/admin-orders/orders-table'));
const CustomersTab = lazy(() => import('../../../features/support/admin-customers/customers-tab'));
const ReviewsTab = lazy(() => import('../../../features/engagement/reviews/components/admin-reviews-tab'));
const tables = () => import('../../../features/platform/console-tables/admin-tables');
const CustomersTable = lazy(() => tables().then((m) => ({ default: m.AdminCustomersTable })));
const MerchantsTable = lazy(() => tables().then((m) => ({ default: m.AdminMerchantsTable })));
const DealsTable = lazy(() => tables().then((m) => ({ default: m.AdminDealsTable })));
const VouchersTable = lazy(() => tables().then((m) => ({ default: m.AdminVouchersTable })));
const RefundsTable = lazy(() => tables().then((m) => ({ default: m.AdminRefundsTable })));
const PayoutsTable = lazy(() => tables().then((m) => ({ default: m.AdminPayoutsTable })));
const recordTables = () => import('../../../features/platform/console-tables/admin-record-tables');
const DisputesTable = lazy(() => recordTables().then((m) => ({ default: m.AdminDisputesTable })));
const TicketsTable = lazy(() => recordTables().then((m) => ({ default: m.AdminTicketsTable })));
const ReviewsTable = lazy(() => recordTables().then((m) => ({ default: m.AdminReviewsTable })));
const PromoCodesTable = lazy(() => recordTables().then((m) => ({ default: m.AdminPromoCodesTable })));
const JobsTable = lazy(() => recordTables().then((m) => ({ default: m.AdminJobsTable })));
const AuditTable = lazy(() => recordTables().then((m) => ({ default: m.AdminAuditTable })));
const MerchantDealsButton = lazy(() =>
  import('../../../features/merchant/admin-overview/merchants-with-deals').then((m) => ({ default: m.MerchantDealsButton })),
);
const DeactivatePromoCode = lazy(() =>
  import('../../../features/orders/promo-codes/promo-codes-tab').then((m) => ({ default: m.DeactivatePromoCode })),
);

/** Refreshes a console table (its query key is its path, docs/decisions/0069-console-tables.md) after a row's action. */
function useRefreshTable(name: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: [`/api/admin/tables/${name}`] });
}

/** Businesses: the console's Merchants table is the list, each business's deals, page, messages and suspension in its row. */
function AdminBusinesses() {
  const refresh = useRefreshTable('merchants');
  return (
    <BusinessesTab
      onChanged={refresh}
      more={(b) => <MerchantDealsButton merchantId={b.id} businessName={b.businessName} onChanged={refresh} />}
      table={(actions) => <MerchantsTable actions={actions} />}
    />
  );
}

/** Customers: the console's Customers table is the list, each customer's ban or unban in their row. */
function AdminCustomers() {
  return <CustomersTab onChanged={useRefreshTable('customers')} table={(actions) => <CustomersTable actions={actions} />} />;
}

/** Refunds: the console's Refunds table is the list of refunds and requests, each request's decision in its row. */
function AdminRefunds() {
  return <RefundsTab onChanged={useRefreshTable('refunds')} table={(actions) => <RefundsTable actions={actions} />} />;
}

/** Payout Management: its summary and reconciliation, and the console's payouts table as All Payouts, each payout's actions in its row. */
function AdminPayouts() {
  return <PayoutsTab tableKey={['/api/admin/tables/payouts']} table={(actions) => <PayoutsTable actions={actions} />} />;
}

/** Promo codes: the create form, and the console's table as the list, each code's deactivation in its row. */
function AdminPromoCodes() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['/api/admin/tables/promo-codes'] });
  return (
    <PromoCodesTab
      scope="admin"
      onCreated={refresh}
      list={
        <PromoCodesTable
          actions={(r) =>
            r.status === 'deactivated' ? null : <DeactivatePromoCode id={r.id} code={r.code} scope="admin" onDone={refresh} />
          }
        />
      }
    />
  );
}

/** Reviews: the console's table is the moderation list (filter "Reported" for the queue), each row's actions in it. */
function AdminReviews() {
  const qc = useQueryClient();
  return (
    <ReviewsTab
      table={(actions) => <ReviewsTable actions={actions} />}
      onDecided={() => void qc.invalidateQueries({ queryKey: ['/api/admin/tables/reviews'] })}
    />
  );
}

/** Each section's content (the console's navigation and router come from console-sections.ts). */
const CONTENT: Record<AdminSectionId, () => ReactNode> = {
  overview: () => <OverviewTab />,
  approval: () => <ApprovalTab />,
  businesses: () => <AdminBusinesses />,
  customers: () => <AdminCustomers />,
  deals: () => <DealsTable />,
  orders: () => <OrdersTable />,
  vouchers: () => <VouchersTable />,
  payouts: () => <AdminPayouts />,
  refunds: () => <AdminRefunds />,
  disputes: () => <DisputesTable />,
  'promo-codes': () => <AdminPromoCodes />,
  support: () => <SupportTab table={(open) => <TicketsTable onOpen={open} />} />,
  reviews: () => <AdminReviews />,
  jobs: () => <JobsTable />,
  audit: () => <AuditTable />,
  settings: () => <SettingsTab />,
};

/** A section asked for by its address that the admin's role does not include: said plainly, with the way back. */
function NotForYourRole({ id, role }: { id: AdminSectionId; role: AdminRole | null }) {
  const navigate = useNavigate();
  const { label } = adminSection(id);
  return (
    <Alert className="mt-6" variant="destructive" title={`${label} is not available to you`}>
      <p>
        {role ? `Your admin role (${ADMIN_ROLE_LABELS[role]})` : 'Your admin account'} does not include {label}. Ask an owner if you need
        it.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={() => void navigate(paths.adminDashboard)}>
        Back to your dashboard
      </Button>
    </Alert>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">{children}</div>;
}

function Section({ id }: { id: AdminSectionId }) {
  const role = useAdminRole();
  if (!adminMayOpen(id, role)) return <NotForYourRole id={id} role={role} />;
  return <Suspense fallback={<Spinner />}>{CONTENT[id]()}</Suspense>;
}

/** An admin section at its own address (`/admin/payouts`…), in the console layout. */
export function AdminSectionPage({ id }: { id: AdminSectionId }) {
  const { label } = adminSection(id);
  return (
    <Page>
      <title>{`${label} | Admin | LocalPerks`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{label}</h1>
      <div className="mt-4">
        <Section id={id} />
      </div>
    </Page>
  );
}

/** The role's sections as links: the home of a role without the Overview (support). */
function YourSections({ role }: { role: AdminRole | null }) {
  const mine = ADMIN_SECTIONS.filter((s) => s.id !== 'overview' && adminMayOpen(s.id, role));
  if (mine.length === 0)
    return (
      <Alert className="mt-6" title="No sections yet">
        Your admin account has no role yet. Ask an owner to give you one.
      </Alert>
    );
  return (
    <section aria-labelledby="your-sections" className="mt-6">
      <h2 id="your-sections" className="text-lg font-semibold text-slate-900">
        Your sections
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {mine.map((s) => (
          <li key={s.id}>
            <Link
              to={s.path}
              className="flex min-h-16 items-center rounded-lg border border-slate-200 bg-white p-4 font-medium text-brand-900 underline underline-offset-2 hover:bg-brand-50"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/dashboard, the console's home: the spec's header (welcome line, subtitle, Logout) and the Overview for the
 * roles that have it. The dashboard's older `?tab=` addresses go to the section's own.
 */
export default function AdminDashboardPage() {
  const { user } = useSession();
  const role = useAdminRole();
  const { search } = useLocation();
  const moved = sectionFromTab(ADMIN_SECTIONS, search);
  if (moved) return <Navigate to={moved} replace />;
  return (
    <Page>
      <title>Admin Dashboard | LocalPerks</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-slate-800">Welcome back, {user?.name ?? 'Admin'}</p>
          <p className="text-sm text-slate-600">{role ? `${ADMIN_ROLE_LABELS[role]} · ` : ''}Manage merchants, deals, and payouts.</p>
        </div>
      </div>
      {adminMayOpen('overview', role) ? (
        <div className="mt-6">
          <Suspense fallback={<Spinner />}>
            <OverviewTab />
          </Suspense>
        </div>
      ) : (
        <YourSections role={role} />
      )}
    </Page>
  );
}
