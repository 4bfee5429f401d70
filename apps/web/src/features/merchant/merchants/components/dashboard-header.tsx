import { Briefcase, LogOut } from 'lucide-react';
import { Button } from '../../../../components/ui/button';
import { useLogoutAction } from '../../../../lib/use-logout-action';

/** Title Merchant Dashboard, the Business badge, the business name and Logout (docs/product/merchant-admin-spec.md §2). */
export function DashboardHeader({ businessName }: { businessName?: string }) {
  const { logOut, isPending } = useLogoutAction();
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Merchant Dashboard</h1>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
            <Briefcase aria-hidden className="h-3.5 w-3.5" /> Business
          </span>
        </div>
        {businessName && <p className="mt-1 break-words text-lg text-slate-700">{businessName}</p>}
      </div>
      <Button variant="secondary" disabled={isPending} onClick={logOut}>
        <LogOut aria-hidden className="h-4 w-4" /> {isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </header>
  );
}
