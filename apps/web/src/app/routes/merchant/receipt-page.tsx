import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { ReceiptView } from '../../../features/money/merchant-money/components/receipt-view';
import { paths } from '../../../config/paths';

export default function MerchantReceiptPage() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['merchant']}>
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
        <Link
          to={paths.merchantDashboardTab('billing')}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2 print:hidden"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Billing
        </Link>
        <ReceiptView id={id} />
      </div>
    </RequireRole>
  );
}
