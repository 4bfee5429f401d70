import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard, Lock } from 'lucide-react';
import { cardExpiry, cardName, formatCents, sandboxPaySchema, type SandboxPay, type SandboxSession, TAX_LABEL } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { sandboxSessionQuery, useSandboxPay, useSandboxPaySaved } from '../../../features/money/sandbox-payments/api';
import { SandboxShell } from '../../../features/money/sandbox-payments/sandbox-shell';
import { ApiError } from '../../../lib/api-client';

/** `4242424242424242` → `4242 4242 4242 4242` while typing. */
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** `1230` → `12/30` while typing. */
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <SandboxShell icon={CreditCard} name="Sandbox Payments">
      {children}
    </SandboxShell>
  );
}

function Summary({ session }: { session: SandboxSession }) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <p className="text-sm text-slate-700">Pay LocalPerks</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">
        {formatCents(session.totalCents)}
        {session.mode === 'subscription' && <span className="text-base font-medium text-slate-700"> per month</span>}
      </p>
      {session.mode === 'subscription' && <p className="mt-1 text-sm text-slate-700">Renews automatically every month until canceled.</p>}
      <h2 id="summary-heading" className="sr-only">
        Order summary
      </h2>
      <ul className="mt-6 divide-y divide-slate-200 text-sm">
        {session.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-4 py-2 text-slate-800">
            <span className="min-w-0">
              {l.name} <span className="whitespace-nowrap text-slate-700">× {l.quantity}</span>
            </span>
            <span className="shrink-0">{formatCents(l.unitAmountCents * l.quantity)}</span>
          </li>
        ))}
        {session.taxCents > 0 && (
          <li className="flex justify-between gap-4 py-2 text-slate-800">
            <span>{TAX_LABEL}</span>
            <span>{formatCents(session.taxCents)}</span>
          </li>
        )}
        <li className="flex justify-between gap-4 py-2 font-bold text-slate-900">
          <span>{session.mode === 'subscription' ? 'Due today, then monthly' : 'Total due'}</span>
          <span>{formatCents(session.totalCents)}</span>
        </li>
      </ul>
      <p className="mt-4 text-xs text-slate-700">Receipt to {session.customerEmail}</p>
    </section>
  );
}

/**
 * The customer's saved cards (docs/decisions/0041): one press pays with one, as a provider's hosted page
 * offers a returning customer. Only brand, last four digits and expiry are shown (and kept).
 */
function SavedCards({ session, busy, onPaying }: { session: SandboxSession; busy: boolean; onPaying: (isPaying: boolean) => void }) {
  const pay = useSandboxPaySaved(session.id);
  const total = formatCents(session.totalCents);
  const error = pay.error instanceof ApiError ? pay.error.message : pay.error ? 'The payment could not be sent. Try again.' : null;
  return (
    <div className="mt-4">
      <h2 className="text-base font-semibold text-slate-900">Your saved cards</h2>
      {error && (
        <Alert variant="destructive" className="mt-2">
          {error}
        </Alert>
      )}
      <ul className="mt-2 space-y-2">
        {session.savedCards.map((card) => (
          <li key={card.id}>
            {/* Its visible words are its name: "Pay $85.86 with Visa ending in 4242, expires 12/34". */}
            <Button
              type="button"
              variant="secondary"
              className="w-full py-2"
              disabled={busy || pay.isPending}
              onClick={() =>
                pay.mutate(
                  { paymentMethodId: card.id },
                  {
                    onSuccess: ({ url }) => {
                      onPaying(true);
                      window.location.assign(url);
                    },
                  },
                )
              }
            >
              <CreditCard aria-hidden className="h-4 w-4 shrink-0" />
              <span>
                {pay.isPending && pay.variables?.paymentMethodId === card.id ? 'Processing... ' : `Pay ${total} with `}
                {cardName(card)}, <span className="font-normal text-slate-700">expires {cardExpiry(card)}</span>
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-base font-semibold text-slate-900">Or pay with another card</h2>
    </div>
  );
}

function CardForm({ session }: { session: SandboxSession }) {
  const pay = useSandboxPay(session.id);
  const [isRedirecting, setIsRedirecting] = useState(false);
  const form = useForm<SandboxPay>({
    resolver: zodResolver(sandboxPaySchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const { errors } = form.formState;
  const busy = pay.isPending || isRedirecting;
  const onSubmit = (card: SandboxPay) =>
    pay.mutate(card, {
      onSuccess: ({ url }) => {
        setIsRedirecting(true);
        window.location.assign(url);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof SandboxPay, { message: m });
      },
    });
  const apiError =
    pay.error instanceof ApiError && !pay.error.fields
      ? pay.error.message
      : pay.error && !(pay.error instanceof ApiError)
        ? 'The payment could not be sent. Try again.'
        : null;
  const declined = pay.error instanceof ApiError && pay.error.code === 'PAYMENT_DECLINED';
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');

  return (
    <section aria-labelledby="card-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h1 id="card-heading" className="text-xl font-bold text-slate-900">
        Pay with card
      </h1>
      {session.savedCards.length > 0 && <SavedCards session={session} busy={busy} onPaying={setIsRedirecting} />}
      {(apiError || declined) && (
        <Alert variant="destructive" className="mt-4">
          {declined ? pay.error!.message : apiError}
        </Alert>
      )}
      <form noValidate aria-label="Card payment" onSubmit={form.handleSubmit(onSubmit)} className="mt-4 space-y-4">
        <Field label="Card number" error={declined ? undefined : errors.cardNumber?.message}>
          {(p) => (
            <Input
              {...p}
              {...cardNumber}
              onChange={(e) => {
                e.target.value = groupDigits(e.target.value);
                void cardNumber.onChange(e);
              }}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              disabled={busy}
            />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Expiry (MM/YY)" error={errors.expiry?.message}>
            {(p) => (
              <Input
                {...p}
                {...expiry}
                onChange={(e) => {
                  e.target.value = formatExpiry(e.target.value);
                  void expiry.onChange(e);
                }}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                disabled={busy}
              />
            )}
          </Field>
          <Field label="CVC" error={errors.cvc?.message}>
            {(p) => (
              <Input
                {...p}
                {...form.register('cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                placeholder="123"
                disabled={busy}
              />
            )}
          </Field>
        </div>
        <Field label="Name on card" error={errors.name?.message}>
          {(p) => <Input {...p} {...form.register('name')} autoComplete="cc-name" disabled={busy} />}
        </Field>
        <Button type="submit" size="lg" className="w-full bg-indigo-700 hover:bg-indigo-800" disabled={busy}>
          <Lock aria-hidden className="h-4 w-4" /> {busy ? 'Processing...' : `Pay ${formatCents(session.totalCents)}`}
        </Button>
      </form>
      <div className="mt-6 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-semibold">Test cards</p>
        <ul className="mt-1 space-y-0.5">
          <li>
            <span className="font-mono">4242 4242 4242 4242</span> pays
          </li>
          <li>
            <span className="font-mono">4000 0000 0000 0002</span> is declined
          </li>
        </ul>
        <p className="mt-1">Any future expiry date and any 3-digit CVC.</p>
      </div>
      <p className="mt-6 text-center text-sm">
        <a href={session.cancelUrl} className="font-medium text-slate-800 underline">
          Cancel and return to LocalPerks
        </a>
      </p>
    </section>
  );
}

/** The sandbox provider's hosted card page (docs/product/design.md §5): what Stripe Checkout is when Stripe is configured. */
export default function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useQuery(sandboxSessionQuery(sessionId));
  const title = <title>Pay LocalPerks | Sandbox Payments</title>;
  if (session.isPending) {
    return (
      <Shell>
        {title}
        <Spinner label="Loading payment page..." />
      </Shell>
    );
  }
  if (session.isError || !session.data) {
    return (
      <Shell>
        {title}
        <h1 className="text-xl font-bold text-slate-900">Payment page not found</h1>
        <p className="mt-2 text-slate-700">
          This payment link is not valid. Go back to LocalPerks and start the checkout again from your cart.
        </p>
      </Shell>
    );
  }
  const s = session.data;
  if (s.status !== 'open') {
    return (
      <Shell>
        {title}
        <h1 className="text-xl font-bold text-slate-900">
          {s.status === 'paid'
            ? s.purpose === 'order'
              ? 'This order is already paid'
              : 'This payment is already made'
            : 'This payment page has expired'}
        </h1>
        <p className="mt-2 text-slate-700">
          {s.purpose === 'merchant_charge'
            ? s.status === 'paid'
              ? 'It shows in your merchant dashboard on LocalPerks.'
              : 'Go back to your merchant dashboard and start the payment again.'
            : s.status === 'paid'
              ? 'Your purchases are in My Purchases on LocalPerks.'
              : 'Go back to your cart and start the checkout again.'}
        </p>
        <p className="mt-4">
          <a href={s.cancelUrl.replace(/\?.*$/, '')} className="font-medium text-indigo-800 underline">
            Return to LocalPerks
          </a>
        </p>
      </Shell>
    );
  }
  return (
    <Shell>
      {title}
      <div className="grid items-start gap-6 md:grid-cols-2">
        <Summary session={s} />
        <CardForm session={s} />
      </div>
    </Shell>
  );
}
