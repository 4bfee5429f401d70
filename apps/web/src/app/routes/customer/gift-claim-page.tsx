import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { GIFT_MESSAGES as M } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

/**
 * /gifts/claim?token=…: the gift e-mail's link (docs/decisions/0066-gifts.md). Anyone with it sees the gift; a visitor
 * signs in or creates an account and comes back here; a customer claims it into My Purchases.
 */
export default function GiftClaimPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const preview = useQuery({
    queryKey: ['gift-preview', token],
    queryFn: () => api.post('/api/gifts/preview', { body: { token } }),
    enabled: token.length >= 20,
    retry: false,
  });
  const claim = useMutation({
    mutationFn: () => api.post('/api/gifts/claim', { body: { token } }),
    onSuccess: () => {
      toast.success(M.claimedTitle, { description: 'Its code and QR are ready to show at the counter.' });
      void qc.invalidateQueries({ queryKey: ['purchases'] });
      void navigate(paths.purchases);
    },
    onError: (err) => toast.error('The gift was not claimed', { description: err.message }),
  });
  const back = `/gifts/claim?token=${encodeURIComponent(token)}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-14">
      <title>Your gift | LocalPerks</title>
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-slate-900">
        <Gift aria-hidden className="h-8 w-8 text-brand-700" /> Your gift
      </h1>
      <div className="mt-6">
        {token.length < 20 ? (
          <Alert variant="destructive" title="This link is incomplete">
            {M.claimInvalid}
          </Alert>
        ) : preview.isPending || isLoading ? (
          <Spinner />
        ) : preview.isError ? (
          <Alert variant="destructive" title="We couldn't open this gift">
            {preview.error.message}
          </Alert>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <p className="text-lg text-slate-900">
              <span className="font-semibold">{preview.data.fromName}</span> sent {preview.data.recipientName}{' '}
              {preview.data.vouchers === 1 ? 'a voucher' : `${preview.data.vouchers} vouchers`} for{' '}
              <span className="font-semibold">{preview.data.dealTitle}</span> at {preview.data.merchantName}.
            </p>
            {preview.data.message && (
              <p className="mt-3 whitespace-pre-line break-words rounded-lg bg-brand-50 p-3 text-slate-900">“{preview.data.message}”</p>
            )}
            {preview.data.claimed ? (
              <Alert className="mt-4" title={M.alreadyClaimed}>
                If it was you, it is in{' '}
                <Link to={paths.purchases} className="font-medium underline">
                  My Purchases
                </Link>
                .
              </Alert>
            ) : !user ? (
              <div className="mt-5 space-y-3">
                <p className="text-slate-800">Sign in or create a free account to add it to your purchases.</p>
                <div className="flex flex-wrap gap-2">
                  <Link to={paths.loginReturningTo(back)} className={buttonClass('primary')}>
                    Sign in to claim
                  </Link>
                  <Link to={`${paths.register}?returnTo=${encodeURIComponent(back)}`} className={buttonClass('secondary')}>
                    Create an account
                  </Link>
                </div>
              </div>
            ) : user.role !== 'customer' ? (
              <Alert className="mt-4" title={M.customersOnly}>
                Sign out and sign in with a customer account to claim it.
              </Alert>
            ) : (
              <Button size="lg" className="mt-5" disabled={claim.isPending} onClick={() => claim.mutate()}>
                {claim.isPending ? 'Claiming...' : 'Add to My Purchases'}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
