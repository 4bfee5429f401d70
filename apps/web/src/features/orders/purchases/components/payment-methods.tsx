import { useState } from 'react';
import { CreditCard, ShieldCheck, Trash2 } from 'lucide-react';
import { cardBrandName, cardExpiry, cardName, isCardExpired, type PaymentMethod } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { usePaymentMethods, useRemovePaymentMethod } from '../api';

function RemoveCardButton({ card }: { card: PaymentMethod }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useRemovePaymentMethod();
  const confirm = () =>
    remove.mutate(card.id, {
      onSuccess: () => {
        setIsOpen(false);
        toast.success('Card Removed', { description: `${cardName(card)} is no longer saved on your account.` });
      },
      onError: (err) => toast.error('Card Not Removed', { description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setIsOpen(true)}
        aria-label={`Remove ${cardName(card)}, expires ${cardExpiry(card)}`}
      >
        <Trash2 aria-hidden className="h-4 w-4" /> Remove
      </Button>
      <DialogContent
        title="Remove this card?"
        description={`${cardName(card)}, expires ${cardExpiry(card)}, will no longer be saved on your account. Purchases you made with it are not affected.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep Card</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Removing...' : 'Remove Card'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

const storageNote =
  'Only the last four digits and the expiry date are ever stored. The full card number and security code stay with our card payment provider.';

/** The account page's saved cards: last four digits and expiry only (docs/product/customer-spec.md §9). */
export function PaymentMethods() {
  const cards = usePaymentMethods();
  if (cards.isPending)
    return (
      <p role="status" className="py-6 text-slate-700">
        Loading saved cards...
      </p>
    );
  if (cards.isError) {
    return (
      <div>
        <Alert variant="destructive" title="Your saved cards could not be loaded">
          {cards.error.message}
        </Alert>
        <Button className="mt-3" variant="secondary" onClick={() => void cards.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (cards.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-5 py-10 text-center">
        <CreditCard aria-hidden className="mx-auto h-10 w-10 text-brand-700" />
        <h3 className="mt-3 text-lg font-semibold text-slate-900">No saved cards</h3>
        <p className="mx-auto mt-1 max-w-md text-slate-700">
          To save a card for next time, tick "Save this card" at checkout: the payment page offers it at your next checkout.
        </p>
        <p className="mx-auto mt-3 max-w-md text-sm text-slate-700">{storageNote}</p>
      </div>
    );
  }
  return (
    <div>
      <ul aria-label="Saved cards" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {cards.data.map((card) => (
          <li key={card.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4">
            <div className="flex min-w-0 items-center gap-3">
              <CreditCard aria-hidden className="h-6 w-6 shrink-0 text-slate-600" />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <span aria-hidden>
                    {cardBrandName(card.brand)} •••• {card.last4}
                  </span>
                  <span className="sr-only">{cardName(card)}</span>, expires {cardExpiry(card)}
                </p>
                {isCardExpired(card) && <p className="text-sm font-medium text-red-700">This card has expired.</p>}
              </div>
            </div>
            <RemoveCardButton card={card} />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-700">The payment page offers these cards at your next checkout.</p>
      <p className="mt-2 flex items-start gap-2 text-sm text-slate-700">
        <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
        <span>{storageNote}</span>
      </p>
    </div>
  );
}
