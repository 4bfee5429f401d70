import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { StatementView } from '../../../features/money/merchant-money/components/statement-view';
import { paths } from '../../../config/paths';

export default function MerchantStatementPage() {
  const { id = '' } = useParams();
  return (
    <RequireRole roles={['merchant']}>
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
        <Link
          to={paths.merchantPayouts}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Payouts
        </Link>
        <StatementView id={id} />
      </div>
    </RequireRole>
  );
}
