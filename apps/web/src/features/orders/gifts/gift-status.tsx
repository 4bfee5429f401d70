import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Gift, Mail, Send } from 'lucide-react';
import {
  GIFT_MESSAGES as M,
  changeGiftRecipientSchema,
  giftStatusLine,
  type ChangeGiftRecipient,
  type PurchaseGift,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useIsOffline } from '../../../lib/offline';
import { toast } from '../../../lib/toast';

/** The buyer changes an unclaimed gift's recipient address (docs/decisions/0066-gifts.md). */
function ChangeAddressDialog({ gift, open, onOpenChange }: { gift: PurchaseGift; open: boolean; onOpenChange: (o: boolean) => void }) {
  const qc = useQueryClient();
  const form = useForm<ChangeGiftRecipient>({
    resolver: zodResolver(changeGiftRecipientSchema),
    defaultValues: { recipientEmail: gift.recipientEmail ?? '' },
  });
  const change = useMutation({
    mutationFn: (body: ChangeGiftRecipient) => api.patch('/api/gifts/:id', { params: { id: gift.id }, body }),
    onSuccess: () => {
      toast.success(M.addressChangedTitle, { description: gift.deliveredAt ? 'The gift e-mail went to the new address.' : undefined });
      void qc.invalidateQueries({ queryKey: ['purchases'] });
      onOpenChange(false);
    },
    onError: (err) => form.setError('recipientEmail', { message: err.message }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Change ${gift.recipientName}’s address`}
        description="The gift e-mail goes to the new address; the old link stops working."
      >
        <form noValidate onSubmit={form.handleSubmit((v) => change.mutate(v))} className="space-y-4">
          <Field label="Recipient’s e-mail" error={form.formState.errors.recipientEmail?.message}>
            {(p) => <Input {...p} type="email" {...form.register('recipientEmail')} />}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving...' : 'Save address'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Under a gift's voucher: for the buyer "Gift for Sam — delivered Dec 24 — claimed / not yet claimed", with Resend
 * and Change address while unclaimed; for the recipient who sent it and their message.
 */
export function GiftStatus({ gift, dealTitle }: { gift: PurchaseGift; dealTitle: string }) {
  const qc = useQueryClient();
  const [isChanging, setIsChanging] = useState(false);
  // Showing the vouchers kept on this device: resending and changing the address need the server (docs/decisions/0067).
  const isOffline = useIsOffline();
  const offlineId = useId();
  const resend = useMutation({
    mutationFn: () => api.post('/api/gifts/:id/resend', { params: { id: gift.id } }),
    onSuccess: () => {
      toast.success(M.resentTitle, { description: `A new link went to ${gift.recipientEmail ?? gift.recipientName}.` });
      void qc.invalidateQueries({ queryKey: ['purchases'] });
    },
    onError: (err) => toast.error('The gift e-mail was not sent', { description: err.message }),
  });
  if (!gift.isBuyer)
    return (
      <div className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-900">
        <p className="flex items-center gap-1.5 font-semibold">
          <Gift aria-hidden className="h-4 w-4 text-brand-700" /> A gift from {gift.fromName}
        </p>
        {gift.message && <p className="mt-1 whitespace-pre-line break-words">“{gift.message}”</p>}
      </div>
    );
  return (
    <div className="mt-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-900" data-testid="gift-status">
      <p className="flex items-start gap-1.5 font-semibold">
        <Gift aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        <span>{giftStatusLine(gift, (iso) => formatDate(iso))}</span>
      </p>
      {gift.recipientEmail && (
        <p className="mt-0.5 break-all text-slate-700">To {gift.recipientEmail}. Its code is theirs once they claim it.</p>
      )}
      {!gift.claimedAt && (
        <div className="mt-2 flex flex-wrap gap-2">
          {gift.deliveredAt && (
            <Button
              size="sm"
              variant="secondary"
              disabled={resend.isPending || isOffline}
              aria-describedby={isOffline ? offlineId : undefined}
              onClick={() => resend.mutate()}
              aria-label={`Resend gift e-mail for ${dealTitle}`}
            >
              <Send aria-hidden className="h-4 w-4" /> {resend.isPending ? 'Sending...' : 'Resend gift e-mail'}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={isOffline}
            aria-describedby={isOffline ? offlineId : undefined}
            onClick={() => setIsChanging(true)}
            aria-haspopup="dialog"
            aria-label={`Change address for ${dealTitle}`}
          >
            <Mail aria-hidden className="h-4 w-4" /> Change address
          </Button>
          {isOffline && (
            <p id={offlineId} className="w-full text-sm text-slate-700">
              You are offline. Connect to the internet to resend the gift or change its address.
            </p>
          )}
        </div>
      )}
      {isChanging && <ChangeAddressDialog gift={gift} open onOpenChange={setIsChanging} />}
    </div>
  );
}
