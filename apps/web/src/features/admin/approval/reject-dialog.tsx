import { useId, useState } from 'react';
import {
  ADMIN_APPROVAL_MESSAGES as M,
  REJECTION_REASON_MAX_LENGTH,
  rejectMerchantSchema,
  type AdminMerchantRequest,
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
  const [reason, setReason] = useState('');
  const reject = useRejectMerchant();
  const id = useId();
  const isBlank = reason.trim() === '';

  const submit = () => {
    const parsed = rejectMerchantSchema.safeParse({ reason });
    if (!parsed.success) {
      toast.error(M.rejectionReasonTitle, { description: parsed.error.issues[0]?.message ?? M.rejectionReasonRequired });
      return;
    }
    reject.mutateAsync({ id: request.id, reason: parsed.data.reason }).then(
      () => {
        toast.success(M.rejectedTitle, {
          description: `${request.businessName} has been notified. The request remains pending until they respond.`,
        });
        setReason('');
        onOpenChange(false);
      },
      () => toast.error('Error', { description: M.rejectFailed }),
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Reject Merchant Registration"
        description={`${request.businessName} will see this reason and can respond to it.`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Reason for rejection (required):
          </label>
          <Textarea
            id={id}
            className="mt-1.5"
            rows={4}
            required
            maxLength={REJECTION_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
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
