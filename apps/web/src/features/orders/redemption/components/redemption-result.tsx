import { forwardRef } from 'react';
import { AlertTriangle, CheckCircle2, Ticket, XCircle } from 'lucide-react';
import { PAID_VALUE_MESSAGES, REDEEM_MESSAGES, formatCents, type RedemptionLookup } from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/cn';
import { formatDate, formatDateTime } from '../utils/format';

const statusLabel: Record<RedemptionLookup['status'], string> = {
  redeemable: 'Not redeemed yet',
  redeemed: 'Redeemed',
  expired: 'Expired',
  refunded: 'Refunded',
};

function Details({ lookup }: { lookup: RedemptionLookup }) {
  const rows: [string, string][] = [
    ['Deal', lookup.optionTitle ? `${lookup.dealTitle} — ${lookup.optionTitle}` : lookup.dealTitle],
    ['Customer', lookup.customerName],
    ['Price paid', formatCents(lookup.paidCents)],
    ['Purchased', formatDate(lookup.purchaseDate)],
    ['Valid until', formatDate(lookup.expirationDate)],
    ['Code', lookup.redemptionCode],
    [
      'Status',
      lookup.redemptionDate ? `${statusLabel[lookup.status]} on ${formatDateTime(lookup.redemptionDate)}` : statusLabel[lookup.status],
    ],
  ];
  return (
    <dl className="divide-y divide-slate-200 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[7rem_minmax(0,1fr)] gap-3 py-2.5 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <dt className="text-slate-600">{term}</dt>
          <dd
            className={cn(
              'break-words font-medium text-slate-900',
              term === 'Code' && 'font-mono tracking-wider',
              term === 'Deal' && 'text-base font-semibold',
            )}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const tone = {
  ready: { box: 'border-emerald-300 bg-emerald-50', head: 'text-emerald-900', icon: Ticket },
  done: { box: 'border-emerald-400 bg-emerald-50', head: 'text-emerald-900', icon: CheckCircle2 },
  warn: { box: 'border-amber-300 bg-amber-50', head: 'text-amber-950', icon: AlertTriangle },
  stop: { box: 'border-red-300 bg-red-50', head: 'text-red-900', icon: XCircle },
} as const;

/**
 * A looked-up code: its status in words, the purchase's details, and Redeem while it can be
 * redeemed. After redeeming (`isJustRedeemed`) it becomes the "Voucher Redeemed" confirmation.
 * The heading takes focus when the panel changes, so keyboard users land on the outcome.
 */
export const RedemptionResult = forwardRef<
  HTMLHeadingElement,
  { lookup: RedemptionLookup; isJustRedeemed: boolean; isRedeeming: boolean; onRedeem: () => void; onReset: () => void }
>(({ lookup, isJustRedeemed, isRedeeming, onRedeem, onReset }, headingRef) => {
  const view =
    lookup.status === 'redeemable'
      ? {
          t: tone.ready,
          title: 'Ready to redeem',
          text: 'Check the deal with the customer, then redeem it. A code can be redeemed only once.',
        }
      : lookup.status === 'redeemed' && isJustRedeemed
        ? {
            t: tone.done,
            title: REDEEM_MESSAGES.redeemedTitle,
            text: `Redeemed ${lookup.redemptionDate ? formatDateTime(lookup.redemptionDate) : 'just now'}. Hand over the deal.`,
          }
        : lookup.status === 'redeemed'
          ? {
              t: tone.stop,
              title: 'Already redeemed',
              text: `${REDEEM_MESSAGES.alreadyRedeemed}${lookup.redemptionDate ? ` It was redeemed on ${formatDateTime(lookup.redemptionDate)}.` : ''}`,
            }
          : lookup.status === 'refunded'
            ? { t: tone.stop, title: 'Refunded', text: REDEEM_MESSAGES.refunded }
            : {
                // Past "valid until" the voucher is still worth what was paid (docs/decisions/0047).
                t: tone.warn,
                title: PAID_VALUE_MESSAGES.merchant(formatCents(lookup.paidCents)),
                text: `The promotional value ended on ${formatDate(lookup.expirationDate)}. The customer paid ${formatCents(lookup.paidCents)}: redeem it for that amount.`,
              };
  const Icon = view.t.icon;
  return (
    <section aria-labelledby="redemption-result-title" className={cn('rounded-xl border-2 p-4 sm:p-6', view.t.box)}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden className={cn('mt-0.5 h-7 w-7 shrink-0', view.t.head)} />
        <div className="min-w-0">
          <h2
            id="redemption-result-title"
            ref={headingRef}
            tabIndex={-1}
            className={cn('text-xl font-bold outline-none sm:text-2xl', view.t.head)}
          >
            {view.title}
          </h2>
          <p className="mt-1 text-sm text-slate-800">{view.text}</p>
        </div>
      </div>
      <div className="mt-4 rounded-lg bg-white px-4 py-1">
        <Details lookup={lookup} />
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {(lookup.status === 'redeemable' || lookup.status === 'expired') && (
          <Button size="lg" onClick={onRedeem} disabled={isRedeeming} className="sm:min-w-48">
            <CheckCircle2 aria-hidden className="h-5 w-5" />{' '}
            {isRedeeming ? 'Redeeming...' : lookup.status === 'expired' ? `Redeem for ${formatCents(lookup.paidCents)}` : 'Redeem'}
          </Button>
        )}
        <Button size="lg" variant="secondary" onClick={onReset}>
          {lookup.status === 'redeemable' || lookup.status === 'expired' ? 'Cancel' : 'Redeem another voucher'}
        </Button>
      </div>
    </section>
  );
});
RedemptionResult.displayName = 'RedemptionResult';
