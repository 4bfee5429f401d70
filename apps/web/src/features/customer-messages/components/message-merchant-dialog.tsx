import { useState, type FormEvent } from 'react';
import {
  CUSTOMER_MESSAGE_MESSAGES as M,
  customerMessageFormSchema,
  CUSTOMER_MESSAGE_MAX_LENGTH,
  CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
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
  const [subject, setSubject] = useState(target.defaultSubject);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = customerMessageFormSchema.safeParse({ subject, message });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    send.mutate(
      {
        ...parsed.data,
        dealId: target.purchaseId ? undefined : target.dealId,
        purchaseId: target.purchaseId,
        businessSlug: target.purchaseId || target.dealId ? undefined : target.businessSlug,
      },
      {
        onSuccess: () => {
          toast.success(M.sentTitle, { description: M.sentDescription });
          setMessage('');
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields && (err.fields.subject || err.fields.message)) setErrors(err.fields);
          else toast.error(M.sendFailed, { description: err.message });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Message ${target.merchantName}`}
        description="The merchant replies by email and in your account under Messages."
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <Field label="Subject" error={errors.subject}>
            {(p) => (
              <Input
                {...p}
                value={subject}
                onChange={(e) => {
                  setSubject(e.target.value);
                  if (errors.subject) setErrors(({ subject: _s, ...rest }) => rest);
                }}
                maxLength={CUSTOMER_MESSAGE_SUBJECT_MAX_LENGTH}
              />
            )}
          </Field>
          <Field label="Message" error={errors.message}>
            {(p) => (
              <Textarea
                {...p}
                rows={5}
                value={message}
                onChange={(e) => {
                  setMessage(e.target.value);
                  if (errors.message) setErrors(({ message: _m, ...rest }) => rest);
                }}
                maxLength={CUSTOMER_MESSAGE_MAX_LENGTH}
              />
            )}
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
