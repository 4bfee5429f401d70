import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, ShieldCheck } from 'lucide-react';
import {
  CHECKOUT_MESSAGES,
  US_STATE_NAMES,
  cardName,
  checkoutFormSchema,
  formatCents,
  type CardFacts,
  type CheckoutForm,
  type CreateCheckout,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useStartCheckout } from '../api';

type Status = 'idle' | 'processing' | 'redirecting';

const selectClass =
  'block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 disabled:bg-slate-100 aria-[invalid=true]:border-red-700';

/**
 * The checkout form (docs/product/customer-spec.md §3, §5). Submitting goes idle → processing → redirect to the
 * provider's hosted card page; on failure the Payment Error toast and back to idle (§4, §8).
 */
export function CheckoutFormCard({
  items,
  promoCode,
  totalCents,
  onUnavailable,
  savedCards = [],
  isReady = () => true,
}: {
  items: CreateCheckout['items'];
  /** Whatever else the page asks for is complete (a gift's recipient): false stops the submit and lets the page show why. */
  isReady?: () => boolean;
  /** The promo code the cart applied (the server prices it again). */
  promoCode: string | null;
  totalCents: number;
  /** The customer's saved cards: the payment page offers them (docs/decisions/0041). */
  savedCards?: CardFacts[];
  /** Deal ids the server refused (expired, locked, gone), with the reason. */
  onUnavailable: (reasons: Record<string, string>) => void;
}) {
  const [status, setStatus] = useState<Status>('idle');
  const [saveCard, setSaveCard] = useState(false);
  const start = useStartCheckout();
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: { cardName: '', address: '', city: '', state: '', zipCode: '', notes: '' },
  });
  const { errors } = form.formState;
  const busy = status !== 'idle';

  const onSubmit = (billing: CheckoutForm) => {
    if (!isReady()) return;
    setStatus('processing');
    start.mutate(
      { items, billing, saveCard, promoCode },
      {
        onSuccess: ({ url }) => {
          if (!url) {
            setStatus('idle');
            toast.error(CHECKOUT_MESSAGES.paymentErrorTitle, { description: 'No checkout URL returned' });
            return;
          }
          setStatus('redirecting');
          window.location.assign(url);
        },
        onError: (err) => {
          setStatus('idle');
          if (err instanceof ApiError && err.fields) {
            const lineProblems: Record<string, string> = {};
            for (const [key, message] of Object.entries(err.fields)) {
              if (key.startsWith('billing.')) form.setError(key.slice('billing.'.length) as keyof CheckoutForm, { message });
              else lineProblems[key] = message;
            }
            if (Object.keys(lineProblems).length) onUnavailable(lineProblems);
          }
          toast.error(CHECKOUT_MESSAGES.paymentErrorTitle, {
            description: err instanceof ApiError && err.status === 409 ? err.message : CHECKOUT_MESSAGES.paymentErrorDescription,
          });
        },
      },
    );
  };

  return (
    <form noValidate aria-label="Checkout" onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <Field label="Name on Card" error={errors.cardName?.message}>
        {(p) => <Input {...p} {...form.register('cardName')} autoComplete="cc-name" disabled={busy} />}
      </Field>
      <Field label="Street Address" error={errors.address?.message}>
        {(p) => <Input {...p} {...form.register('address')} autoComplete="street-address" disabled={busy} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_8rem]">
        <Field label="City" error={errors.city?.message}>
          {(p) => <Input {...p} {...form.register('city')} autoComplete="address-level2" disabled={busy} />}
        </Field>
        <Field label="State" error={errors.state?.message}>
          {(p) => (
            <select {...p} {...form.register('state')} autoComplete="address-level1" disabled={busy} className={selectClass}>
              <option value="">Select…</option>
              {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="ZIP Code" error={errors.zipCode?.message}>
          {(p) => <Input {...p} {...form.register('zipCode')} autoComplete="postal-code" inputMode="numeric" disabled={busy} />}
        </Field>
      </div>
      <Field label="Notes (optional)" error={errors.notes?.message}>
        {(p) => <Textarea {...p} {...form.register('notes')} rows={3} disabled={busy} />}
      </Field>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          checked={saveCard}
          onChange={(e) => setSaveCard(e.target.checked)}
          disabled={busy}
        />
        <span>Save this card to my account (only its last four digits and expiry date are kept).</span>
      </label>
      {savedCards.length > 0 && (
        <p className="text-sm text-slate-700">
          Your saved {savedCards.length === 1 ? 'card' : 'cards'} ({savedCards.map(cardName).join(', ')}){' '}
          {savedCards.length === 1 ? 'is' : 'are'} offered on the payment page.
        </p>
      )}
      <div className="flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
        <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-800" />
        <p>
          <strong className="font-semibold">Secure Checkout.</strong> {CHECKOUT_MESSAGES.secureCheckout}
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <Lock aria-hidden className="h-4 w-4" />
        {status === 'idle'
          ? `Pay ${formatCents(totalCents)}`
          : status === 'processing'
            ? 'Processing...'
            : 'Redirecting to secure payment...'}
      </Button>
    </form>
  );
}
