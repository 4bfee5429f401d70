import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { LOCATIONS, PRODUCT_NAME } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { merchantDealsQuery } from '../../../features/merchant/merchant-deals/api';
import { DealForm } from '../../../features/merchant/merchant-deals/components/deal-form';
import { merchantMeQuery } from '../../../features/merchant/merchants/api';

function NewDeal() {
  const access = useQuery(merchantDealsQuery('all', 1));
  const me = useQuery(merchantMeQuery);
  const m = me.data?.merchant;
  const home = m && LOCATIONS.find((l) => l.city === m.city && l.state === m.state);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <title>{`Create Deal | ${PRODUCT_NAME}`}</title>
      <Link
        to={`${paths.merchantDashboard}?tab=deals`}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Back to dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Create Deal</h1>
      <p className="mt-1 text-slate-700">
        Your deal is live on LocalPerks as soon as you create it, or once paid when you launch it as PerkBoost.
      </p>
      <div className="mt-6">
        {access.isLoading || me.isLoading ? (
          <Spinner />
        ) : access.data && !access.data.canCreateDeals ? (
          <Alert title="Deal creation is not available yet">{access.data.reason}</Alert>
        ) : (
          <Card className="p-5 sm:p-8">
            <DealForm defaultLocation={home ? `${home.city}|${home.state}` : undefined} />
          </Card>
        )}
      </div>
    </div>
  );
}

/** /merchant/deals/new: approved merchants on Deals + Messaging create a deal (the server checks it again). */
export default function DealNewPage() {
  return (
    <RequireRole roles={['merchant']}>
      <NewDeal />
    </RequireRole>
  );
}
