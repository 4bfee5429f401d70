import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { MERCHANT_MONEY_MESSAGES as MM, formatCents } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { formatDate, formatDateTime, formatPeriod } from '../../../../lib/format';
import { merchantReceiptQuery } from '../api';

/** A paid charge's receipt, laid out to print on one page. */
export function ReceiptView({ id }: { id: string }) {
  const receipt = useQuery(merchantReceiptQuery(id));
  if (receipt.isLoading) return <Spinner label="Loading receipt..." />;
  if (receipt.isError || !receipt.data)
    return (
      <Alert variant="destructive" title={MM.chargeNotFound}>
        {errorMessage(receipt.error, 'Please try again.')}
      </Alert>
    );
  const { charge, receiptNumber, billedTo } = receipt.data;
  return (
    <article
      aria-labelledby="receipt-heading"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-6 print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="font-bold text-brand-800">LocalPerks</p>
          <h1 id="receipt-heading" className="text-2xl font-bold text-slate-900">
            Receipt
          </h1>
          <p className="text-sm text-slate-700">No. {receiptNumber}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden className="h-4 w-4" /> Print
        </Button>
      </header>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">Billed to</dt>
          <dd className="text-slate-900">
            {billedTo.businessName}
            <br />
            {billedTo.email}
            <br />
            {billedTo.city}, {billedTo.state}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Paid</dt>
          <dd className="text-slate-900">{formatDateTime(charge.paidAt!)}</dd>
        </div>
      </dl>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <td className="py-3 pr-4 text-slate-900">
              {charge.description}
              {charge.periodStart && charge.periodEnd ? (
                <span className="block text-slate-600">Period: {formatPeriod(charge.periodStart, charge.periodEnd)}</span>
              ) : (
                charge.periodEnd && <span className="block text-slate-600">Paid through {formatDate(charge.periodEnd)}</span>
              )}
            </td>
            <td className="py-3 text-right tabular-nums text-slate-900">{formatCents(charge.amountCents)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-3 pr-4 text-right font-semibold text-slate-900">
              Total paid
            </th>
            <td className="py-3 text-right text-lg font-bold tabular-nums text-slate-900">{formatCents(charge.amountCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-slate-600">
        Paid by card through our payment provider. Questions about a charge: contact LocalPerks support.
      </p>
    </article>
  );
}
