import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CUSTOMER_MESSAGE_MESSAGES as M,
  customerMessageFormSchema,
  type CustomerMessageForm,
  CUSTOMER_MESSAGE_MAX_LENGTH,
  CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useSendCustomerMessage } from '../api';

export interface MessageMerchantTarget {
  merchantName: string;
  dealId?: string;
  purchaseId?: string;
  /** Written from a business page: no deal or purchase. */
  businessSlug?: string;
  defaultSubject: string;
}

/** A customer writes to a merchant about a deal, one of their purchases, or from its business page (loaded on first use). */
export default function MessageMerchantDialog({
  target,
  open,
  onOpenChange,
}: {
  target: MessageMerchantTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendCustomerMessage();
  const form = useForm({
    resolver: zodResolver(customerMessageFormSchema),
    defaultValues: { subject: target.defaultSubject, message: '' },
  });
  const { errors } = form.formState;

  const submit = (values: CustomerMessageForm) =>
    send.mutate(
      {
        ...values,
        dealId: target.purchaseId ? undefined : target.dealId,
        purchaseId: target.purchaseId,
        businessSlug: target.purchaseId || target.dealId ? undefined : target.businessSlug,
      },
      {
        onSuccess: () => {
          toast.success(M.sentTitle, { description: M.sentDescription });
          form.setValue('message', '');
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields && (err.fields.subject || err.fields.message)) {
            for (const name of ['subject', 'message'] as const) {
              const message = err.fields[name];
              if (message) form.setError(name, { message });
            }
          } else toast.error(M.sendFailed, { description: err.message });
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Message ${target.merchantName}`}
        description="The merchant replies by email and in your account under Messages."
      >
        <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
          <Field label="Subject" error={errors.subject?.message}>
            {(p) => <Input {...p} {...form.register('subject')} maxLength={CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH} />}
          </Field>
          <Field label="Message" error={errors.message?.message}>
            {(p) => <Textarea {...p} rows={5} {...form.register('message')} maxLength={CUSTOMER_MESSAGE_MAX_LENGTH} />}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
