import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session';
import { useLogoutAction } from '../../../lib/use-logout-action';
import { useAdminOverview } from '../../../features/merchant/admin-overview/api';
import { RequireAdmin } from '../../../features/accounts/admin-auth/require-admin';
import { NotificationBell } from '../../../features/platform/admin-notifications/notification-bell';

const OverviewTab = lazy(() => import('../../../features/merchant/admin-overview/overview-tab'));
const ApprovalTab = lazy(() => import('../../../features/merchant/admin-merchants/approval-tab'));
const PayoutsTab = lazy(() => import('../../../features/money/payouts/payouts-tab'));
const SupportTab = lazy(() => import('../../../features/support/admin-support/support-tab'));
const SettingsTab = lazy(() => import('../../../features/platform/admin-settings/settings-tab'));
const RefundsTab = lazy(() => import('../../../features/money/refunds/components/admin-refunds-tab'));
const PromoCodesTab = lazy(() => import('../../../features/orders/promo-codes/promo-codes-tab'));

const TABS = [
  ['overview', 'Overview'],
  ['approval', 'Merchant Approval'],
  ['payouts', 'Payout Management'],
  ['refunds', 'Refunds'],
  ['promo-codes', 'Promo Codes'],
  ['support', 'Customer Support'],
  ['settings', 'Settings'],
] as const;
type Tab = (typeof TABS)[number][0];

/** The open tab lives in the address (`?tab=support`), so each tab can be linked to. */
function useDashboardTab(): [Tab, (t: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find(([v]) => v === asked)?.[0] ?? 'overview';
  const setTab = (next: string) =>
    setParams(
      (cur) => {
        const u = new URLSearchParams(cur);
        if (next === 'overview') u.delete('tab');
        else u.set('tab', next);
        return u;
      },
      { replace: true },
    );
  return [tab, setTab];
}

function Dashboard() {
  const { user } = useSession();
  const { logOut } = useLogoutAction();
  const [tab, setTab] = useDashboardTab();
  // The pending count of the Merchant Approval badge comes with the overview figures.
  const overview = useAdminOverview();
  const pending = overview.data?.pendingApprovals ?? 0;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>Admin Dashboard | LocalPerks</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-800">Welcome back, {user?.name ?? 'Admin'}</p>
          <p className="text-sm text-slate-600">Manage merchants, deals, and payouts.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <NotificationBell />
          <Button variant="secondary" onClick={logOut}>
            <LogOut aria-hidden className="h-4 w-4" /> Logout
          </Button>
        </div>
      </div>
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        <TabsPrimitive.List aria-label="Admin sections" className="flex w-full flex-wrap gap-1 rounded-lg bg-slate-200 p-1">
          {TABS.map(([value, label]) => (
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
          <TabsContent value="overview">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="approval">
            <ApprovalTab />
          </TabsContent>
          <TabsContent value="payouts">
            <PayoutsTab />
          </TabsContent>
          <TabsContent value="refunds">
            <RefundsTab />
          </TabsContent>
          <TabsContent value="promo-codes">
            <PromoCodesTab scope="admin" />
          </TabsContent>
          <TabsContent value="support">
            <SupportTab />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab />
          </TabsContent>
        </Suspense>
      </Tabs>
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
