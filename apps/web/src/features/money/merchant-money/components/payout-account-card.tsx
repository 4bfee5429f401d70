import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import {
  PAYOUT_ACCOUNT_MESSAGES as PM,
  PAYOUT_ACCOUNT_STATUS_LABELS,
  formatCents,
  plural,
  type PayoutAccount,
  type PayoutAccountStatus,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { Badge } from '../../../../components/ui/status-badge';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { payoutAccountQuery, usePayoutProviderPage, useRefreshPayoutAccount } from '../api';

const TONE: Record<PayoutAccountStatus, 'slate' | 'amber' | 'green' | 'red'> = {
  not_started: 'slate',
  pending: 'amber',
  active: 'green',
  restricted: 'red',
};

/** Who holds the account, in the merchant's words (in a sentence, and starting one). */
const providerName = (a: PayoutAccount) => (a.provider === 'stripe' ? 'Stripe' : 'the sandbox (test mode)');
const providerSubject = (a: PayoutAccount) => (a.provider === 'stripe' ? 'Stripe' : 'The sandbox');
const dashboardLabel = (a: PayoutAccount) =>
  a.provider === 'stripe' ? 'Open your Stripe Express dashboard' : 'Open your sandbox payout dashboard';

/**
 * Back from the provider's pages (`?account=return|refresh`): the account is read fresh (its event may still be on
 * its way) and the parameter leaves the address.
 */
function useProviderReturn() {
  const [params, setParams] = useSearchParams();
  const back = params.get('account');
  const { mutate: refreshAccount } = useRefreshPayoutAccount();
  const handled = useRef(false);
  useEffect(() => {
    if (!back || handled.current) return;
    handled.current = true;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('account');
        return next;
      },
      { replace: true },
    );
    if (back === 'refresh') {
      toast.warning('The setup link has expired', { description: 'Press Continue setup to get a new one.' });
      return;
    }
    refreshAccount(undefined, {
      onSuccess: (a) =>
        toast.success('Payout account updated', {
          description: `Your payout account is ${PAYOUT_ACCOUNT_STATUS_LABELS[a.status].toLowerCase()}.`,
        }),
    });
  }, [back, refreshAccount, setParams]);
}

/** "Set up payouts" (docs/decisions/0056-payout-accounts-and-transfers.md): the payout account, its state and what to do next. */
export function PayoutAccountCard() {
  const account = useQuery(payoutAccountQuery);
  const onboarding = usePayoutProviderPage('onboarding');
  const dashboard = usePayoutProviderPage('dashboard');
  useProviderReturn();
  const a = account.data;
  const failed = onboarding.error ?? dashboard.error;
  const busy = onboarding.isPending || dashboard.isPending || onboarding.isSuccess || dashboard.isSuccess;
  return (
    <section aria-labelledby="payout-account-heading">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
            <Landmark aria-hidden className="h-5 w-5 text-brand-700" />
            <span id="payout-account-heading">Payout account</span>
            {a && <Badge tone={TONE[a.status]}>{PAYOUT_ACCOUNT_STATUS_LABELS[a.status]}</Badge>}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-700">
          {account.isLoading ? (
            <Spinner label="Loading your payout account..." />
          ) : account.isError || !a ? (
            <Alert variant="destructive" title={PM.loadFailed}>
              {errorMessage(account.error, 'Please try again.')}
            </Alert>
          ) : (
            <>
              {a.status === 'not_started' && (
                <p>
                  Set up payouts to receive the money from your sales. {providerSubject(a)} checks who you are and where to send it; each
                  payout is then transferred to your account on its payout date.
                </p>
              )}
              {a.status === 'pending' && (
                <p>{providerSubject(a)} is verifying your details. Your payouts are transferred once your account is active.</p>
              )}
              {a.status === 'active' && <p>Each payout is transferred to your account at {providerName(a)} on its payout date.</p>}
              {a.status === 'restricted' && (
                <Alert variant="destructive" title={`${providerSubject(a)} needs more from you before it can pay you`}>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {a.requirements.map((r) => (
                      <li key={r.field}>{r.label}</li>
                    ))}
                  </ul>
                </Alert>
              )}
              {a.waiting.payouts > 0 && a.status !== 'active' && (
                <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
                  {plural(a.waiting.payouts, 'payout')} ({formatCents(a.waiting.netCents)}) waiting for your payout account. Nothing is
                  lost: they are transferred as soon as it is active.
                </p>
              )}
              {failed && <Alert variant="destructive">{errorMessage(failed, PM.linkFailed)}</Alert>}
              <div className="flex flex-wrap gap-2">
                {a.status !== 'active' && (
                  <Button onClick={() => onboarding.mutate()} disabled={busy}>
                    {onboarding.isPending || onboarding.isSuccess
                      ? 'Opening...'
                      : a.status === 'restricted'
                        ? 'Update your details'
                        : a.hasDashboard
                          ? 'Continue setup'
                          : 'Set up payouts'}
                  </Button>
                )}
                {a.hasDashboard && a.status !== 'not_started' && (
                  <Button variant="secondary" onClick={() => dashboard.mutate()} disabled={busy}>
                    {dashboard.isPending || dashboard.isSuccess ? 'Opening...' : dashboardLabel(a)}
                  </Button>
                )}
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
