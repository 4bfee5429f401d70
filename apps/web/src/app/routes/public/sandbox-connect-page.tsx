import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import {
  PAYOUT_ACCOUNT_STATUS_LABELS,
  SANDBOX_ONBOARDING_OUTCOMES,
  formatCents,
  paths,
  sandboxOnboardingSchema,
  type SandboxConnectPage,
  type SandboxOnboarding,
  type SandboxOnboardingOutcome,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/status-badge';
import { sandboxConnectQuery, useSandboxOutcome, useSandboxReverse } from '../../../features/money/sandbox-payments/api';
import { SandboxShell } from '../../../features/money/sandbox-payments/sandbox-shell';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';

/** What each way of ending onboarding does, as Stripe Connect's test mode lets a tester choose. */
const OUTCOME_TEXT: Record<SandboxOnboardingOutcome, { label: string; hint: string }> = {
  complete: { label: 'Verified', hint: 'The details are checked at once: the account is active and receives transfers.' },
  pending: { label: 'Pending verification', hint: 'The details are submitted and stay under review: no transfers yet.' },
  restricted: {
    label: 'More information needed',
    hint: 'The account comes back restricted: a photo of an identity document is asked for.',
  },
};

function AccountFacts({ page }: { page: SandboxConnectPage }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
      <dt className="font-medium text-slate-900">Business</dt>
      <dd>{page.businessName}</dd>
      <dt className="font-medium text-slate-900">E-mail</dt>
      <dd className="break-all">{page.email}</dd>
      <dt className="font-medium text-slate-900">Account</dt>
      <dd className="break-all font-mono">{page.accountId}</dd>
    </dl>
  );
}

/** The sandbox's hosted onboarding: the tester chooses how it ends, then goes back to LocalPerks. */
function Onboarding({ linkId, page }: { linkId: string; page: SandboxConnectPage }) {
  const form = useForm<SandboxOnboarding>({ resolver: zodResolver(sandboxOnboardingSchema), defaultValues: { outcome: 'complete' } });
  const submit = useSandboxOutcome(linkId);
  const busy = submit.isPending || submit.isSuccess;
  return (
    <section aria-labelledby="onboarding-heading" className="mx-auto max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm">
      <div>
        <h1 id="onboarding-heading" className="text-xl font-bold text-slate-900">
          Set up payouts for {page.businessName}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          LocalPerks pays your sales into this account. In test mode nothing real is collected: choose how verification ends.
        </p>
      </div>
      <AccountFacts page={page} />
      <form
        onSubmit={form.handleSubmit(({ outcome }) => submit.mutate(outcome, { onSuccess: ({ url }) => window.location.assign(url) }))}
        className="space-y-4"
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">How should verification end?</legend>
          {SANDBOX_ONBOARDING_OUTCOMES.map((o) => (
            <label
              key={o}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-indigo-700 has-[:checked]:bg-indigo-50"
            >
              <input type="radio" value={o} className="mt-1 h-4 w-4 accent-indigo-700" disabled={busy} {...form.register('outcome')} />
              <span>
                <span className="block font-medium text-slate-900">{OUTCOME_TEXT[o].label}</span>
                <span className="block text-sm text-slate-700">{OUTCOME_TEXT[o].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {submit.error && <Alert variant="destructive">{errorMessage(submit.error, 'The details could not be sent. Try again.')}</Alert>}
        <Button type="submit" size="lg" className="w-full bg-indigo-700 hover:bg-indigo-800" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit and return to LocalPerks'}
        </Button>
      </form>
      <p className="text-center text-sm">
        <a href={page.returnUrl} className="font-medium text-slate-800 underline">
          Return to LocalPerks without finishing
        </a>
      </p>
    </section>
  );
}

/** The account's dashboard (what Stripe's Express dashboard is): its state, the transfers it received, and test controls. */
function Dashboard({ linkId, page }: { linkId: string; page: SandboxConnectPage }) {
  const change = useSandboxOutcome(linkId);
  const reverse = useSandboxReverse(linkId);
  const failed = change.error ?? reverse.error;
  return (
    <div className="space-y-6">
      <section aria-labelledby="dashboard-heading" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="dashboard-heading" className="text-xl font-bold text-slate-900">
            Payout dashboard
          </h1>
          <Badge tone={page.status === 'active' ? 'green' : page.status === 'restricted' ? 'red' : 'amber'}>
            {PAYOUT_ACCOUNT_STATUS_LABELS[page.status]}
          </Badge>
        </div>
        <AccountFacts page={page} />
        {page.requirements.length > 0 && (
          <Alert variant="destructive" title="Needed before payouts resume">
            <ul className="mt-1 list-disc pl-5">
              {page.requirements.map((r) => (
                <li key={r.field}>{r.label}</li>
              ))}
            </ul>
          </Alert>
        )}
        <p>
          <a href={page.returnUrl} className="font-medium text-indigo-800 underline">
            Back to LocalPerks
          </a>
        </p>
      </section>
      <section aria-labelledby="transfers-heading" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="transfers-heading" className="text-lg font-semibold text-slate-900">
          Transfers received
        </h2>
        {page.transfers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No transfers yet. LocalPerks sends each payout here on its payout date.</p>
        ) : (
          <ul aria-label="Transfers received" className="mt-2 divide-y divide-slate-200">
            {page.transfers.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{formatCents(t.amountCents)}</span>
                  <span className="block break-all font-mono text-xs text-slate-700">{t.id}</span>
                  <span className="block text-xs text-slate-700">
                    {formatDate(t.createdAt)}
                    {t.reversedCents > 0 && ` · ${formatCents(t.reversedCents)} reversed`}
                  </span>
                </span>
                {t.reversedCents === 0 && (
                  <Button size="sm" variant="secondary" onClick={() => reverse.mutate(t.id)} disabled={reverse.isPending}>
                    Test: reverse<span className="sr-only"> the transfer {t.id}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="controls-heading" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="controls-heading" className="text-lg font-semibold text-slate-900">
          Test controls
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          What the provider would do on its own: each change is sent to LocalPerks as a signed event.
        </p>
        {failed && (
          <Alert variant="destructive" className="mt-3">
            {errorMessage(failed, 'The change could not be made. Try again.')}
          </Alert>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {page.status !== 'active' && (
            <Button size="sm" onClick={() => change.mutate('complete')} disabled={change.isPending}>
              Finish verification
            </Button>
          )}
          {page.status !== 'restricted' && (
            <Button size="sm" variant="secondary" onClick={() => change.mutate('restricted')} disabled={change.isPending}>
              Ask for more information
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}

/** The sandbox provider's payout-account pages (docs/decisions/0056-payout-accounts-and-transfers.md): what Stripe Connect's are with Stripe. */
export default function SandboxConnectPage() {
  const { linkId = '' } = useParams();
  const page = useQuery(sandboxConnectQuery(linkId));
  const title = <title>Payouts for LocalPerks | Sandbox Payouts</title>;
  if (page.isPending)
    return (
      <SandboxShell icon={Landmark} name="Sandbox Payouts">
        {title}
        <Spinner label="Loading..." />
      </SandboxShell>
    );
  if (page.isError || !page.data)
    return (
      <SandboxShell icon={Landmark} name="Sandbox Payouts">
        {title}
        <h1 className="text-xl font-bold text-slate-900">This link has expired</h1>
        <p className="mt-2 text-slate-700">{errorMessage(page.error, 'This link is not valid.')}</p>
        <p className="mt-4">
          <a href={paths.merchantPayouts} className="font-medium text-indigo-800 underline">
            Back to your Payouts page on LocalPerks
          </a>
        </p>
      </SandboxShell>
    );
  return (
    <SandboxShell icon={Landmark} name="Sandbox Payouts">
      {title}
      {page.data.kind === 'onboarding' ? <Onboarding linkId={linkId} page={page.data} /> : <Dashboard linkId={linkId} page={page.data} />}
    </SandboxShell>
  );
}
