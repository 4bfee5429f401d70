import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsTrigger } from '../../../components/ui/tabs';
import { useAdminRole, useSession } from '../../../lib/session';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_ROLE_LABELS, type AdminRole } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { useLogoutAction } from '../../../lib/use-logout-action';
import { adminOverviewQuery } from '../../../features/merchant/admin-overview/api';
import { RequireAdmin } from '../../../features/accounts/admin-auth/require-admin';
import { NotificationBell } from '../../../features/platform/admin-notifications/notification-bell';

const OverviewTab = lazy(() => import('../../../features/merchant/admin-overview/overview-tab'));
const ApprovalTab = lazy(() => import('../../../features/merchant/admin-merchants/approval-tab'));
const PayoutsTab = lazy(() => import('../../../features/money/payouts/payouts-tab'));
const SupportTab = lazy(() => import('../../../features/support/admin-support/support-tab'));
const SettingsTab = lazy(() => import('../../../features/platform/admin-settings/settings-tab'));
const RefundsTab = lazy(() => import('../../../features/money/refunds/components/admin-refunds-tab'));
const PromoCodesTab = lazy(() => import('../../../features/orders/promo-codes/promo-codes-tab'));

const BusinessesTab = lazy(() => import('../../../features/merchant/admin-merchants/businesses-tab'));
const CustomersTab = lazy(() => import('../../../features/support/admin-customers/customers-tab'));
const ReviewsTab = lazy(() => import('../../../features/engagement/reviews/components/admin-reviews-tab'));

/**
 * The sections, and the admin roles whose work they are (docs/decisions/0062-roles-and-staff.md): the server refuses
 * the rest on every route; the page leaves them out and says so when one is asked for by its address.
 */
const TABS = [
  ['overview', 'Overview', ['owner', 'finance']],
  ['approval', 'Merchant Approval', ['owner']],
  ['businesses', 'Businesses', ['owner']],
  ['customers', 'Customers', ['owner', 'support']],
  ['payouts', 'Payout Management', ['owner', 'finance']],
  ['refunds', 'Refunds', ['owner', 'support', 'finance']],
  ['promo-codes', 'Promo Codes', ['owner', 'finance']],
  ['support', 'Customer Support', ['owner', 'support']],
  ['reviews', 'Reviews', ['owner', 'support']],
  ['settings', 'Settings', ['owner']],
] as const satisfies readonly (readonly [string, string, readonly AdminRole[]])[];
type Tab = (typeof TABS)[number][0];

const allows = (tab: Tab, role: AdminRole | null) =>
  Boolean(role && (TABS.find(([v]) => v === tab)![2] as readonly AdminRole[]).includes(role));

/**
 * The open tab lives in the address (`?tab=support`), so each tab can be linked to. Without one, the role's first
 * section; `refused` is a known section the role does not have.
 */
function useDashboardTab(role: AdminRole | null): { tab: Tab; refused: Tab | null; setTab: (t: string) => void } {
  const [params, setParams] = useSearchParams();
  const asked = TABS.find(([v]) => v === params.get('tab'))?.[0];
  const home = TABS.find(([v]) => allows(v, role))?.[0] ?? 'overview';
  const setTab = (next: string) =>
    setParams(
      (cur) => {
        const u = new URLSearchParams(cur);
        if (next === home) u.delete('tab');
        else u.set('tab', next);
        return u;
      },
      { replace: true },
    );
  if (asked && !allows(asked, role)) return { tab: home, refused: asked, setTab };
  return { tab: asked ?? home, refused: null, setTab };
}

/** A section asked for by its address that the admin's role does not include: said plainly, with the way back. */
function NotForYourRole({ tab, role, onBack }: { tab: Tab; role: AdminRole | null; onBack: () => void }) {
  const label = TABS.find(([v]) => v === tab)![1];
  return (
    <Alert className="mt-6" variant="destructive" title={`${label} is not available to you`}>
      <p>
        {role ? `Your admin role (${ADMIN_ROLE_LABELS[role]})` : 'Your admin account'} does not include {label}. Ask an owner if you need
        it.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onBack}>
        Back to your dashboard
      </Button>
    </Alert>
  );
}

function Dashboard() {
  const { user } = useSession();
  const role = useAdminRole();
  const { logOut } = useLogoutAction();
  const { tab, refused, setTab } = useDashboardTab(role);
  // The pending count of the Merchant Approval badge comes with the overview figures (owners approve).
  const overview = useQuery({ ...adminOverviewQuery, enabled: allows('approval', role) });
  const pending = overview.data?.pendingApprovals ?? 0;
  const tabs = TABS.filter(([v]) => allows(v, role));
  const panel = (value: Tab, content: ReactNode) => allows(value, role) && <TabsContent value={value}>{content}</TabsContent>;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>Admin Dashboard | LocalPerks</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-800">Welcome back, {user?.name ?? 'Admin'}</p>
          <p className="text-sm text-slate-600">{role ? `${ADMIN_ROLE_LABELS[role]} · ` : ''}Manage merchants, deals, and payouts.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NotificationBell />
          <Button variant="secondary" onClick={logOut}>
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </Button>
        </div>
      </div>
      {refused && <NotForYourRole tab={refused} role={role} onBack={() => setTab(tab)} />}
      {tabs.length === 0 ? (
        <Alert className="mt-6" title="No sections yet">
          Your admin account has no role yet. Ask an owner to give you one.
        </Alert>
      ) : (
        <Tabs value={tab} onValueChange={setTab} className="mt-6">
          <TabsPrimitive.List aria-label="Admin sections" className="flex w-full flex-wrap gap-1 rounded-lg bg-slate-200 p-1">
            {tabs.map(([value, label]) => (
              <TabsTrigger key={value} value={value} className="inline-flex flex-auto items-center justify-center gap-2 whitespace-nowrap">
                {label}
                {value === 'approval' && pending > 0 && (
                  <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                    {pending}
                    <span className="sr-only"> pending</span>
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsPrimitive.List>
          <Suspense fallback={<Spinner />}>
            {panel('overview', <OverviewTab />)}
            {panel('approval', <ApprovalTab />)}
            {panel('businesses', <BusinessesTab />)}
            {panel('customers', <CustomersTab />)}
            {panel('payouts', <PayoutsTab />)}
            {panel('refunds', <RefundsTab />)}
            {panel('promo-codes', <PromoCodesTab scope="admin" />)}
            {panel('support', <SupportTab />)}
            {panel('reviews', <ReviewsTab />)}
            {panel('settings', <SettingsTab />)}
          </Suspense>
        </Tabs>
      )}
    </div>
  );
}

/** /admin/dashboard: admins who passed the access-code step (docs/product/merchant-admin-spec.md §2). */
export default function AdminDashboardPage() {
  return (
    <RequireAdmin>
      <Dashboard />
    </RequireAdmin>
  );
}
