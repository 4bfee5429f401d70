import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, Receipt } from 'lucide-react';
import { MERCHANT_MONEY_MESSAGES as MM, formatCents, paths, type MerchantBilling } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate, formatPeriod } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { merchantBillingQuery, merchantChargesQuery, useCancelPlan } from '../api';
import { StatusBadge } from './money-format';

function subscriptionText(b: MerchantBilling): string {
  const s = b.subscription;
  if (s.state === 'active') return `Active: renews on ${formatDate(s.renewsOn!)} at ${formatCents(s.amountCents ?? 0)} a month.`;
  if (s.state === 'canceled') return `Canceled: messaging stays on until ${formatDate(s.paidThrough!)}; it will not renew.`;
  if (s.state === 'payment_required') return 'Payment required: complete the $15/month payment in Switch Plans to activate messaging.';
  return b.plan.commissionRate > 0
    ? `No subscription: you pay ${b.plan.commissionRate}% commission on each sale.`
    : 'No subscription: this plan is free.';
}

function PlanCard({ billing }: { billing: MerchantBilling }) {
  const [isOpen, setIsOpen] = useState(false);
  const cancel = useCancelPlan();
  const b = billing;
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setIsOpen(false);
        toast.success(MM.canceledTitle, { description: 'You are now on the free Advertise Only plan.' });
      },
      onError: (err) => toast.error(MM.cancelFailed, { description: errorMessage(err, MM.cancelFailed) }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <CreditCard aria-hidden className="h-5 w-5 text-brand-700" /> Current plan
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-700">Plan</dt>
            <dd className="text-base font-semibold text-slate-900">{b.plan.name}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Price</dt>
            <dd className="text-slate-900">
              {b.plan.priceCentsPerMonth ? `${formatCents(b.plan.priceCentsPerMonth)}/month` : 'Free'} · {b.plan.commissionRate}% commission
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Paid so far</dt>
            <dd className="text-slate-900">
              {formatCents(b.totals.paidCents)} in {b.totals.paidCharges} {b.totals.paidCharges === 1 ? 'charge' : 'charges'}
            </dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="font-medium text-slate-700">Subscription</dt>
            <dd className="text-slate-900">{subscriptionText(b)}</dd>
          </div>
        </dl>
        {b.canCancel && (
          <Button variant="secondary" size="sm" onClick={() => setIsOpen(true)}>
            {b.subscription.state === 'active' ? 'Cancel subscription' : 'Cancel plan'}
          </Button>
        )}
      </CardContent>
      <Dialog open={isOpen} onOpenChange={(open) => !cancel.isPending && setIsOpen(open)}>
        {isOpen && (
          <DialogContent title={MM.cancelTitle} description="You move to the free Advertise Only plan.">
            <div className="space-y-4 text-sm text-slate-700">
              {b.subscription.state === 'active' ? (
                <p>
                  Your {formatCents(b.subscription.amountCents ?? 0)}/month subscription will not renew. You have paid through{' '}
                  {formatDate(b.subscription.paidThrough!)}.
                </p>
              ) : (
                <p>Deal creation and customer messaging stop with the {b.plan.name} plan.</p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <DialogClose asChild>
                  <Button variant="secondary" disabled={cancel.isPending}>
                    Keep my plan
                  </Button>
                </DialogClose>
                <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
                  {cancel.isPending ? 'Canceling...' : 'Yes, cancel'}
                </Button>
              </div>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function Charges() {
  const [page, setPage] = useState(1);
  const charges = useQuery(merchantChargesQuery(page));
  if (charges.isLoading) return <Spinner label="Loading charges..." />;
  if (charges.isError || !charges.data)
    return (
      <Alert variant="destructive" title={MM.billingLoadFailed}>
        {errorMessage(charges.error, 'Please try again.')}
      </Alert>
    );
  const { items, total, pageSize } = charges.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Receipt aria-hidden className="h-5 w-5 text-brand-700" /> Charges
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {items.length === 0 ? (
          <p className="text-sm text-slate-700">{MM.noCharges}</p>
        ) : (
          <ul aria-label="Charges" className="divide-y divide-slate-200">
            {items.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="break-words font-medium text-slate-900">{c.description}</p>
                  {c.periodStart && c.periodEnd && (
                    <p className="text-sm font-medium text-slate-800">{formatPeriod(c.periodStart, c.periodEnd)}</p>
                  )}
                  <p className="text-sm text-slate-600">
                    {c.paidAt ? `Paid ${formatDate(c.paidAt)}` : `Started ${formatDate(c.createdAt)}`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums text-slate-900">{formatCents(c.amountCents)}</span>
                  <StatusBadge status={c.status === 'paid' ? 'paid' : 'pending'} />
                  {c.status === 'paid' && (
                    <Link
                      to={paths.merchantReceipt(c.id)}
                      className="inline-flex min-h-11 items-center text-sm font-medium text-brand-800 underline underline-offset-2"
                    >
                      Receipt
                      <span className="sr-only">
                        {' '}
                        for {c.description}
                        {c.periodStart && c.periodEnd ? `, ${formatPeriod(c.periodStart, c.periodEnd)}` : ''}
                      </span>
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} total={total} pageSize={pageSize} onPage={setPage} label="Charge pages" size="sm" />
      </CardContent>
    </Card>
  );
}

/** The Billing tab: plan, subscription and every charge, with receipts. */
export default function BillingTab() {
  const billing = useQuery(merchantBillingQuery);
  return (
    <section aria-labelledby="billing-heading" className="space-y-6">
      <div>
        {/* The section's name for its region; the console page's h1 already shows it. */}
        <h2 id="billing-heading" className="sr-only">
          Billing
        </h2>
        <p className="text-sm text-slate-600">
          What you pay LocalPerks: each month of your plan’s subscription and each PerkBoost, with a receipt for each payment.
        </p>
      </div>
      {billing.isLoading ? (
        <Spinner label="Loading billing..." />
      ) : billing.isError || !billing.data ? (
        <Alert variant="destructive" title={MM.billingLoadFailed}>
          {errorMessage(billing.error, 'Please try again.')}
        </Alert>
      ) : (
        <PlanCard billing={billing.data} />
      )}
      <Charges />
    </section>
  );
}
