import { RotateCcw } from 'lucide-react';
import { REFUND_MESSAGES, STOCK_MESSAGES, formatCents, type PurchaseRefund } from '@localperks/shared';

/**
 * Lines of the customer's orders that were refunded instead of sold: the deal was withdrawn
 * (paused, deleted, taken down or expired) before the payment completed, so no voucher was issued.
 */
export function RefundNotices({ refunds }: { refunds: PurchaseRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Refunds" className="mb-4 space-y-2">
      {refunds.map((r) => (
        <li key={r.id} className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950">
          <RotateCcw aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {r.reason === 'sold_out'
              ? STOCK_MESSAGES.soldOutRefunded(r.dealTitle, formatCents(r.amountCents))
              : r.status === 'refunded'
                ? REFUND_MESSAGES.withdrawnRefunded(r, formatCents(r.amountCents))
                : REFUND_MESSAGES.withdrawnPending(r, formatCents(r.amountCents))}
          </span>
        </li>
      ))}
    </ul>
  );
}
