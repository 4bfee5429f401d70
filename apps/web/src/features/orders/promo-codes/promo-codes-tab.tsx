import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ticket } from 'lucide-react';
import {
  CATEGORIES,
  formatCents,
  PROMO_FORM_FIELD_FOR,
  promoCodeFormSchema,
  promoValueLabel,
  toCreatePromoCode,
  type PromoCode,
  type PromoCodeForm,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreatePromoCode, useDeactivatePromoCode, usePromoCodes, type PromoScope } from './api';

const STATE_LABEL: Record<PromoCode['state'], string> = {
  active: 'Active',
  scheduled: 'Starts later',
  ended: 'Ended',
  used_up: 'Used up',
  deactivated: 'Deactivated',
};

const EMPTY_PROMO_FORM: PromoCodeForm = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  perCustomerLimit: '1',
  categoryId: '',
  firstOrderOnly: false,
  dealIds: [],
};

/**
 * Promo codes (docs/decisions/0048): an admin's are paid for by the platform, a merchant's by the
 * merchant and only on their own deals. Create, list, deactivate.
 */
/** A deal a code may be restricted to (a merchant's own, on sale). */
export type PromoDealChoice = { id: string; title: string };

/**
 * `list`, the console's Promo codes table (issue 32, the admin's): the list when given, with each code's
 * deactivation in its row (DeactivatePromoCode).
 */
export default function PromoCodesTab({
  scope,
  dealChoices = [],
  list,
  onCreated,
}: {
  scope: PromoScope;
  dealChoices?: PromoDealChoice[];
  list?: ReactNode;
  onCreated?: () => void;
}) {
  const codes = usePromoCodes(scope);
  const titles = new Map(dealChoices.map((d) => [d.id, d.title]));
  return (
    <div className="space-y-6">
      <CreatePromoCodeCard scope={scope} dealChoices={dealChoices} onCreated={onCreated} />
      <Card>
        <CardHeader>
          <CardTitle>{scope === 'admin' ? 'All promo codes' : 'Your promo codes'}</CardTitle>
        </CardHeader>
        <CardContent>
          {list ??
            (codes.isPending ? (
              <Spinner />
            ) : codes.isError ? (
              <Alert variant="destructive">Promo codes could not be loaded. Reload the page to try again.</Alert>
            ) : codes.data.promoCodes.length === 0 ? (
              <p className="flex items-center gap-2 text-slate-700">
                <Ticket aria-hidden className="h-5 w-5" /> No promo codes yet. Create one above.
              </p>
            ) : (
              <ul aria-label="Promo codes" className="divide-y divide-slate-200">
                {codes.data.promoCodes.map((p) => (
                  <PromoCodeRow key={p.id} promo={p} scope={scope} titles={titles} />
                ))}
              </ul>
            ))}
        </CardContent>
      </Card>
    </div>
  );
}

function PromoCodeRow({ promo, scope, titles }: { promo: PromoCode; scope: PromoScope; titles: Map<string, string> }) {
  const category = CATEGORIES.find((c) => c.id === promo.categoryId);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-mono text-lg font-semibold text-slate-900">{promo.code}</p>
        <p className="text-sm text-slate-800">
          {promoValueLabel(promo)} ·{' '}
          {promo.fundedBy === 'platform' ? 'Paid by LocalPerks' : `Paid by ${promo.merchantName ?? 'the merchant'}`}
          {promo.minSubtotalCents > 0 && <> · Minimum {formatCents(promo.minSubtotalCents)}</>}
          {category && <> · {category.name} only</>}
          {promo.dealIds.length > 0 && (
            <>
              {' '}
              · Only for{' '}
              {promo.dealIds.length === 1 && titles.has(promo.dealIds[0]!)
                ? titles.get(promo.dealIds[0]!)
                : `${promo.dealIds.length} ${promo.dealIds.length === 1 ? 'deal' : 'deals'}`}
            </>
          )}
          {promo.firstOrderOnly && <> · First orders only</>}
        </p>
        <p className="text-sm text-slate-700">
          {formatDate(promo.startsAt)} – {formatDate(promo.endsAt)} · Used {promo.usedCount}
          {promo.maxUses !== null ? ` of ${promo.maxUses}` : ''} · {promo.perCustomerLimit} per customer
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{STATE_LABEL[promo.state]}</span>
        {promo.active && <DeactivatePromoCode id={promo.id} code={promo.code} scope={scope} />}
      </div>
    </li>
  );
}

function CreatePromoCodeCard({
  scope,
  dealChoices,
  onCreated,
}: {
  scope: PromoScope;
  dealChoices: PromoDealChoice[];
  onCreated?: () => void;
}) {
  const create = useCreatePromoCode(scope);
  const form = useForm<PromoCodeForm>({ resolver: zodResolver(promoCodeFormSchema), defaultValues: EMPTY_PROMO_FORM });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const submit = (v: PromoCodeForm) =>
    create.mutate(toCreatePromoCode(v), {
      onSuccess: ({ promoCode }) => {
        form.reset(EMPTY_PROMO_FORM);
        onCreated?.();
        toast.success('Promo code created', { description: `${promoCode.code} · ${promoValueLabel(promoCode)}` });
      },
      onError: (err) => {
        if (!(err instanceof ApiError && err.fields)) {
          toast.error('Could not create the promo code', { description: err.message });
          return;
        }
        for (const [key, message] of Object.entries(err.fields)) {
          form.setError(PROMO_FORM_FIELD_FOR[key] ?? (key.split('.')[0] as keyof PromoCodeForm), { message });
        }
      },
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Create a promo code</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-700">
          {scope === 'admin'
            ? 'LocalPerks pays for the discount: merchants are paid as if at full price.'
            : 'You pay for the discount: it applies to your own deals only, and your sale (and the commission on it) is the discounted price.'}
        </p>
        <form noValidate aria-label="Create a promo code" className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit(submit)}>
          <Field label="Code" error={errors.code?.message} hint="Letters, digits, dashes; customers type it at the cart.">
            {(p) => <Input {...p} {...form.register('code')} autoComplete="off" className="uppercase" maxLength={30} />}
          </Field>
          <Field label="Discount type">
            {(p) => (
              <Select {...p} {...form.register('kind')}>
                <option value="percent">Percentage off</option>
                <option value="fixed">Fixed amount off</option>
              </Select>
            )}
          </Field>
          {kind === 'percent' ? (
            <Field label="Percent off" error={errors.percentOff?.message}>
              {(p) => <Input {...p} {...form.register('percentOff')} inputMode="numeric" placeholder="20" />}
            </Field>
          ) : (
            <Field label="Amount off ($)" error={errors.amountOff?.message}>
              {(p) => <Input {...p} {...form.register('amountOff')} inputMode="decimal" placeholder="10.00" />}
            </Field>
          )}
          <Field label="Minimum subtotal ($, optional)" error={errors.minSubtotal?.message}>
            {(p) => <Input {...p} {...form.register('minSubtotal')} inputMode="decimal" placeholder="None" />}
          </Field>
          <Field label="Starts (optional)" error={errors.startsAt?.message} hint="Empty: today.">
            {(p) => <Input {...p} {...form.register('startsAt')} type="date" />}
          </Field>
          <Field label="Ends" error={errors.endsAt?.message}>
            {(p) => <Input {...p} {...form.register('endsAt')} type="date" />}
          </Field>
          <Field label="Total uses (optional)" error={errors.maxUses?.message} hint="Empty: no cap.">
            {(p) => <Input {...p} {...form.register('maxUses')} inputMode="numeric" placeholder="No cap" />}
          </Field>
          <Field label="Uses per customer" error={errors.perCustomerLimit?.message}>
            {(p) => <Input {...p} {...form.register('perCustomerLimit')} inputMode="numeric" />}
          </Field>
          <Field label="Only for a category (optional)" error={errors.categoryId?.message}>
            {(p) => (
              <Select {...p} {...form.register('categoryId')}>
                <option value="">Any category</option>
                {CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input type="checkbox" {...form.register('firstOrderOnly')} className="h-5 w-5 accent-brand-700" /> First orders only
          </label>
          {dealChoices.length > 0 && (
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-slate-900">Only for these deals (optional)</legend>
              <p className="text-sm text-slate-700">None ticked: every one of your deals.</p>
              {errors.dealIds?.message && <p className="text-sm text-red-700">{errors.dealIds.message}</p>}
              <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
                {dealChoices.map((d) => (
                  <label key={d.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
                    <input type="checkbox" {...form.register('dealIds')} value={d.id} className="h-5 w-5 shrink-0 accent-brand-700" />
                    <span className="min-w-0 break-words">{d.title}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create promo code'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Deactivate a promo code, after a confirmation: in a code's row of the list or of the console's Promo codes table. */
export function DeactivatePromoCode({ id, code, scope, onDone }: { id: string; code: string; scope: PromoScope; onDone?: () => void }) {
  const deactivate = useDeactivatePromoCode(scope);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          Deactivate<span className="sr-only"> {code}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Deactivate ${code}?`}
        description="Customers can no longer apply it. Checkouts already holding it keep their price."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={deactivate.isPending}
            onClick={() =>
              deactivate.mutate(id, {
                onSuccess: () => {
                  setOpen(false);
                  onDone?.();
                  toast.success('Promo code deactivated', { description: `${code} can no longer be applied.` });
                },
                onError: (err) => toast.error('Could not deactivate', { description: err.message }),
              })
            }
          >
            Deactivate
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
