import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { MERCHANT_MONEY_MESSAGES as MM, STATEMENT_LINE_LABELS, formatCents, paths } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { buttonClass } from '../../../../components/ui/button';
import { Pager } from '../../../../components/ui/pager';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { payoutStatementQuery } from '../api';
import { StatusBadge, calendarDay, periodText } from './money-format';

/** A payout's statement: its ledger lines (sales, refunds, deductions, dispute fees), their sums, and the CSV download. */
export function StatementView({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const statement = useQuery(payoutStatementQuery(id, page));
  if (statement.isLoading) return <Spinner label="Loading statement..." />;
  if (statement.isError || !statement.data)
    return (
      <Alert variant="destructive" title={MM.payoutNotFound}>
        {errorMessage(statement.error, 'Please try again.')}
      </Alert>
    );
  const { payout, businessName, lines, totals } = statement.data;
  return (
    <article aria-labelledby="statement-heading" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="statement-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Payout statement
          </h1>
          <p className="text-slate-700">
            {businessName} · {periodText(payout.periodStart, payout.periodEnd)}
          </p>
        </div>
        <a
          href={paths.merchantPayoutStatementCsv(payout.id)}
          download
          className={buttonClass('secondary', 'md', 'inline-flex items-center gap-2')}
        >
          <Download aria-hidden className="h-4 w-4" /> Download CSV
        </a>
      </header>
      <dl className="grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-slate-700">Status</dt>
          <dd className="mt-1">
            <StatusBadge status={payout.status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-700">{payout.paidAt ? 'Paid on' : 'Payout day'}</dt>
          <dd className="font-medium text-slate-900">{payout.paidAt ? formatDate(payout.paidAt) : calendarDay(payout.payoutDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Sales</dt>
          <dd className="font-medium tabular-nums text-slate-900">{payout.totalPurchases}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Gross</dt>
          <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.grossCents)}</dd>
        </div>
        <div>
          <dt className="text-slate-700">Commission</dt>
          <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.commissionCents)}</dd>
        </div>
        {payout.promotionsCents > 0 && (
          <div>
            <dt className="text-slate-700">Promotions (your codes)</dt>
            <dd className="font-medium tabular-nums text-slate-900">
              {formatCents(payout.promotionsCents)}
              <span className="block text-xs font-normal text-slate-600">already taken out of gross</span>
            </dd>
          </div>
        )}
        {payout.refundsCents > 0 && (
          <div>
            <dt className="text-slate-700">Refunds</dt>
            <dd className="font-medium tabular-nums text-slate-900">
              {formatCents(payout.refundsCents)}
              <span className="block text-xs font-normal text-slate-600">
                {formatCents(payout.commissionReversedCents)} commission reversed
              </span>
            </dd>
          </div>
        )}
        {payout.deductionsCents > 0 && (
          <div>
            <dt className="text-slate-700">Deductions</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.deductionsCents)}</dd>
          </div>
        )}
        {payout.disputeFeesCents > 0 && (
          <div>
            <dt className="text-slate-700">Dispute fees</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.disputeFeesCents)}</dd>
          </div>
        )}
        {payout.carriedInCents > 0 && (
          <div>
            <dt className="text-slate-700">Carried in</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.carriedInCents)}</dd>
          </div>
        )}
        {payout.carriedForwardCents > 0 && (
          <div>
            <dt className="text-slate-700">Carried forward</dt>
            <dd className="font-medium tabular-nums text-slate-900">{formatCents(payout.carriedForwardCents)}</dd>
          </div>
        )}
        <div>
          <dt className="text-slate-700">Net</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatCents(payout.netCents)}</dd>
        </div>
      </dl>
      {lines.items.length === 0 ? (
        <p className="text-sm text-slate-700">{MM.noSales}</p>
      ) : (
        <div
          className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
          role="region"
          aria-label="Ledger lines of this payout"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
          tabIndex={0}
        >
          <table className="w-full min-w-[46rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Deal
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Voucher
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Commission
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Net
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.items.map((s) => (
                <tr key={s.id}>
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(s.occurredAt)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{STATEMENT_LINE_LABELS[s.kind]}</td>
                  <td className="min-w-48 break-words px-3 py-2 text-slate-900">{s.dealTitle ?? '—'}</td>
                  <td className="px-3 py-2 font-mono">{s.voucherCode ?? '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.amountCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.commissionCents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.netCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold text-slate-900">
              <tr>
                <th scope="row" colSpan={4} className="px-3 py-2 text-left">
                  Total ({totals.totalPurchases} {totals.totalPurchases === 1 ? 'sale' : 'sales'})
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(totals.grossCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(-totals.commissionCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(totals.netCents)}</td>
              </tr>
              {payout.carriedInCents > 0 && (
                <tr>
                  <th scope="row" colSpan={6} className="px-3 py-2 text-left font-normal">
                    Carried in from the previous payout
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(-payout.carriedInCents)}</td>
                </tr>
              )}
              {payout.carriedForwardCents > 0 && (
                <tr>
                  <th scope="row" colSpan={6} className="px-3 py-2 text-left font-normal">
                    Carried forward to the next payout
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCents(payout.carriedForwardCents)}</td>
                </tr>
              )}
              <tr>
                <th scope="row" colSpan={6} className="px-3 py-2 text-left">
                  Payout
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(payout.netCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <Pager page={page} total={lines.total} pageSize={lines.pageSize} onPage={setPage} label="Statement pages" size="sm" />
    </article>
  );
}
