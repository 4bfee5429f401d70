import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw } from 'lucide-react';
import {
  CUSTOMER_REFUND_STATUS_LABELS,
  REFUND_MESSAGES_UI as M,
  REFUND_NOTE_MAX,
  REFUND_REASONS,
  REFUND_REASON_LABELS,
  createRefundRequestSchema,
  formatCents,
  paths,
  type Purchase,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Textarea } from '../../../../components/ui/input';
import { errorMessage } from '../../../../lib/api-client';
import { useIsOffline } from '../../../../lib/offline';
import { toast } from '../../../../lib/toast';
import { useRequestRefund } from '../api';
import { formatDate } from '../utils/format';

/**
 * A voucher's refund under the Merchant Refund Policy: its request's status and decision, or the
 * Request refund button while one can be asked for (the server's `canRequestRefund`).
 */
export function RefundSection({ purchase: p }: { purchase: Purchase }) {
  const [isOpen, setIsOpen] = useState(false);
  // Showing the vouchers kept on this device: a refund request needs the server (docs/decisions/0067).
  const isOffline = useIsOffline();
  const id = useId();
  const r = p.refundRequest;
  if (p.refunded) {
    return (
      <div className="mt-3 rounded-lg border border-violet-200 bg-violet-50 p-3 text-sm text-violet-950">
        <p className="font-semibold">Refunded: {formatCents(p.refundCents)} back to your card.</p>
        <p className="mt-0.5">This voucher can no longer be redeemed.</p>
        {r?.decisionText && <p className="mt-1">Decision: {r.decisionText}</p>}
      </div>
    );
  }
  return (
    <>
      {r && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800" data-testid="refund-status">
          <p>
            <span className="font-semibold">Refund request: {CUSTOMER_REFUND_STATUS_LABELS[r.status]}</span>
            <span className="text-slate-600"> · asked {formatDate(r.createdAt)}</span>
          </p>
          <p className="mt-0.5 text-slate-700">{REFUND_REASON_LABELS[r.reason]}</p>
          {r.status === 'merchant_responded' && <p className="mt-1">The merchant responded. Our team will review it and decide.</p>}
          {(r.status === 'requested' || r.status === 'due_for_decision') && (
            <p className="mt-1">The merchant has 5 business days to respond; then our team decides. We e-mail you at each step.</p>
          )}
          {r.decisionText && r.status === 'declined' && <p className="mt-1">Decision: {r.decisionText}</p>}
        </div>
      )}
      {p.canRequestRefund && (
        <div className="mt-3">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setIsOpen(true)}
            disabled={isOffline}
            aria-describedby={isOffline ? `${id}-offline` : undefined}
            aria-label={`Request refund of ${p.dealTitle}`}
          >
            <RotateCcw aria-hidden className="h-4 w-4" /> Request refund
          </Button>
          {isOffline && (
            <p id={`${id}-offline`} className="mt-1 text-sm text-slate-700">
              You are offline. Connect to the internet to request a refund.
            </p>
          )}
          <RefundRequestDialog purchase={p} open={isOpen} onOpenChange={setIsOpen} />
        </div>
      )}
    </>
  );
}

function RefundRequestDialog({
  purchase,
  open,
  onOpenChange,
}: {
  purchase: Purchase;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(createRefundRequestSchema), defaultValues: { note: '' } });
  const reasonError = form.formState.errors.reason?.message;
  const request = useRequestRefund();
  const id = useId();

  const submit = form.handleSubmit(
    (values) =>
      request.mutateAsync({ purchaseId: purchase.id, ...values }).then(
        () => {
          toast.success(M.requestedTitle, { description: M.requestedDescription });
          onOpenChange(false);
        },
        (err: unknown) =>
          toast.error('Error', { description: errorMessage(err, 'The refund request could not be sent. Please try again.') }),
      ),
    // A missing reason shows under the choices; anything else (a note too long) is a toast.
    (errors) => {
      if (!errors.reason) toast.error('Error', { description: errors.note?.message });
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Request a refund"
        description={`${purchase.dealTitle} from ${purchase.merchantName}: ${formatCents(purchase.refundCents)} back to your card if it is refunded.`}
      >
        <form noValidate onSubmit={submit}>
          <fieldset aria-describedby={reasonError ? `${id}-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">Why do you want a refund? (required)</legend>
            <div className="mt-2 space-y-1.5">
              <Controller
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <>
                    {REFUND_REASONS.map((value, i) => (
                      <label
                        key={value}
                        className="flex cursor-pointer items-start gap-2 rounded-md p-1.5 text-sm text-slate-800 hover:bg-slate-50"
                      >
                        <input
                          ref={i === 0 ? field.ref : undefined}
                          type="radio"
                          name={`${id}-reason`}
                          value={value}
                          checked={field.value === value}
                          onChange={() => field.onChange(value)}
                          onBlur={field.onBlur}
                          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                        />
                        {REFUND_REASON_LABELS[value]}
                      </label>
                    ))}
                  </>
                )}
              />
            </div>
            {reasonError && (
              <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                {reasonError}
              </p>
            )}
          </fieldset>
          <label htmlFor={`${id}-note`} className="mt-4 block text-sm font-medium text-slate-800">
            Note for the merchant (optional)
          </label>
          <Textarea id={`${id}-note`} className="mt-1.5" rows={3} maxLength={REFUND_NOTE_MAX} {...form.register('note')} />
          <p className="mt-3 text-xs text-slate-600">
            Under our{' '}
            <a href={paths.merchantRefundPolicy} className="underline hover:text-brand-800">
              Merchant Refund Policy
            </a>{' '}
            the merchant has 5 business days to respond before our team decides. Decisions are final.
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Request refund'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
