import { Briefcase } from 'lucide-react';

/**
 * Title Merchant Dashboard, the Business badge and the business name (docs/product/merchant-admin-spec.md §2); its
 * Logout is in the console's top bar, on every section (app/layout/console-layout.tsx).
 */
export function DashboardHeader({ businessName }: { businessName?: string }) {
  return (
    <header className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Merchant Dashboard</h1>
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
          <Briefcase aria-hidden className="h-3.5 w-3.5" /> Business
        </span>
      </div>
      {businessName && <p className="mt-1 break-words text-lg text-slate-700">{businessName}</p>}
    </header>
  );
}
