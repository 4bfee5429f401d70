import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_APPROVAL_MESSAGES as M,
  REJECTION_REASON_MAX_LENGTH,
  rejectMerchantSchema,
  type AdminMerchantRequest,
  type RejectMerchant,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useRejectMerchant } from './api';

/** Reject Merchant Registration: a required reason, then the merchant is asked to respond. */
export function RejectDialog({
  request,
  open,
  onOpenChange,
}: {
  request: AdminMerchantRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm({ resolver: zodResolver(rejectMerchantSchema), defaultValues: { reason: '' } });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const reject = useRejectMerchant();
  const id = useId();
  const isBlank = reason.trim() === '';

  const submit = ({ reason }: RejectMerchant) =>
    reject.mutateAsync({ id: request.id, reason }).then(
      () => {
        toast.success(M.rejectedTitle, {
          description: `${request.businessName} has been notified. The request remains pending until they respond.`,
        });
        form.reset();
        onOpenChange(false);
      },
      () => toast.error('Error', { description: M.rejectFailed }),
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Reject Merchant Registration"
        description={`${request.businessName} will see this reason and can respond to it.`}
      >
        <form
          onSubmit={form.handleSubmit(submit, (errors) =>
            toast.error(M.rejectionReasonTitle, { description: errors.reason?.message ?? M.rejectionReasonRequired }),
          )}
        >
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Reason for rejection (required):
          </label>
          <Textarea id={id} className="mt-1.5" rows={4} required maxLength={REJECTION_REASON_MAX_LENGTH} {...form.register('reason')} />
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isBlank || reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
