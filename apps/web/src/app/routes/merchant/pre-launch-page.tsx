import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { LaunchChecklistView } from '../../../features/merchant/merchants/components/launch-checklist';
import { paths } from '../../../config/paths';

export default function MerchantPreLaunchPage() {
  return (
    <RequireRole roles={['merchant']}>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <Link
          to={paths.merchantDashboard}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Merchant Dashboard
        </Link>
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Launch Checklist</h1>
          <p className="mt-1 text-slate-700">Everything between your registration and your first sale, step by step.</p>
        </div>
        <LaunchChecklistView />
      </div>
    </RequireRole>
  );
}
