import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Lock, Plus, Rocket, X } from 'lucide-react';
import {
  CATEGORIES,
  DAY_MS,
  DEAL_HIGHLIGHTS_MAX,
  LOCATIONS,
  MERCHANT_DEAL_MESSAGES as M,
  BOOST_VOTES_MIN,
  dollarsToCents,
  discountPercent,
  formatCents,
  isCrowdVoteLocked,
  merchantDealFormSchema,
  stripPhoneNumbers,
  toMerchantDealInput,
  type MerchantDeal,
  type MerchantDealForm,
  type SaveMerchantDealResult,
  DEAL_TITLE_MAX,
  DEAL_HIGHLIGHT_MAX_LENGTH,
  DEAL_DATE_HELP,
  MAX_DEAL_OPTIONS,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../../components/ui/input';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useMerchantRole } from '../../../../lib/session';
import { useCreateMerchantDeal, useUpdateMerchantDeal } from '../api';
import { BoostOptions } from '../../../../components/ui/boost-options';
import { ImageUploader } from './image-uploader';

const toDollars = (cents: number) => (cents / 100).toFixed(2);
const toYmd = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function defaultsFor(deal?: MerchantDeal): MerchantDealForm {
  const first = deal?.options[0];
  return {
    title: deal?.title ?? '',
    description: deal?.description ?? '',
    highlights: deal?.highlights.length ? deal.highlights : [''],
    finePrint: deal?.finePrint ?? '',
    categoryId: deal ? String(deal.categoryId) : '',
    location: deal ? `${deal.city}|${deal.state}` : '',
    city: '',
    state: '',
    images: deal?.images ?? [],
    // The first option's prices are the price fields; the others are extra rows (docs/decisions/0047).
    originalPrice: first ? toDollars(first.originalPriceCents) : deal ? toDollars(deal.originalPriceCents) : '',
    dealPrice: first ? toDollars(first.dealPriceCents) : deal ? toDollars(deal.dealPriceCents) : '',
    optionTitle: first?.title ?? '',
    ...(first ? { optionId: first.id } : {}),
    stock: first?.stockTotal != null ? String(first.stockTotal) : '',
    extraOptions: (deal?.options ?? []).slice(1).map((o) => ({
      id: o.id,
      title: o.title,
      originalPrice: toDollars(o.originalPriceCents),
      dealPrice: toDollars(o.dealPriceCents),
      stock: o.stockTotal != null ? String(o.stockTotal) : '',
    })),
    perCustomerLimit: deal?.perCustomerLimit ? String(deal.perCustomerLimit) : '',
    restockOnRefund: deal?.restockOnRefund ?? false,
    saleStartsAt: deal?.saleStartsAt ? toYmd(deal.saleStartsAt) : '',
    validUntil: deal && deal.validUntil !== deal.expirationDate ? toYmd(deal.validUntil) : '',
    expirationDate: deal ? toYmd(deal.expirationDate) : '',
    isBoost: false,
    boostDays: String(deal?.boostDays ?? 3),
    votesRequired: String(deal?.votesRequired ?? 50),
  };
}

const FIELD_FOR: Record<string, keyof MerchantDealForm> = {
  originalPriceCents: 'originalPrice',
  dealPriceCents: 'dealPrice',
  city: 'location',
  state: 'location',
  'boost.boostDays': 'boostDays',
  'boost.votesRequired': 'votesRequired',
};

/** The form field of a server message about an option (`options.0.stock` → `stock`, `options.2.title` → `extraOptions.1.title`). */
function optionField(key: string): keyof MerchantDealForm | undefined {
  const m = /^options\.(\d+)\.(title|stock|dealPriceCents|originalPriceCents)$/.exec(key);
  if (!m) return undefined;
  const i = Number(m[1]);
  const field = m[2] === 'dealPriceCents' ? 'dealPrice' : m[2] === 'originalPriceCents' ? 'originalPrice' : m[2]!;
  if (i === 0) return (field === 'title' ? 'optionTitle' : field) as keyof MerchantDealForm;
  return `extraOptions.${i - 1}.${field}` as keyof MerchantDealForm;
}

/**
 * The deal form of /merchant/deals/new and /merchant/deals/:id/edit. Creating offers "Launch as
 * PerkBoost" (a duration and the votes required); the deal is then saved as a draft and the
 * browser goes to the payment page. Phone numbers in the description are removed by the server,
 * and the form says so before and after saving.
 */
export function DealForm({ deal, defaultLocation }: { deal?: MerchantDeal; defaultLocation?: string }) {
  const navigate = useNavigate();
  const isEdit = Boolean(deal);
  const isOwner = useMerchantRole() === 'owner';
  const create = useCreateMerchantDeal();
  const update = useUpdateMerchantDeal(deal?.id ?? '');
  const [isRedirecting, setIsRedirecting] = useState(false);
  const form = useForm<MerchantDealForm>({
    resolver: zodResolver(merchantDealFormSchema),
    defaultValues: { ...defaultsFor(deal), ...(deal || !defaultLocation ? {} : { location: defaultLocation }) },
  });
  const { errors } = form.formState;
  const [description, highlights, originalPrice, dealPrice, isBoost, extraOptions] = useWatch({
    control: form.control,
    name: ['description', 'highlights', 'originalPrice', 'dealPrice', 'isBoost', 'extraOptions'],
  });
  const extras = extraOptions ?? [];
  const hasPhone = stripPhoneNumbers(description ?? '').removed;
  const original = dollarsToCents(originalPrice ?? '');
  const price = dollarsToCents(dealPrice ?? '');
  const discount = original && price && price < original ? discountPercent(original, price) : null;
  const busy = create.isPending || update.isPending || isRedirecting;
  // The crowd-vote lock (docs/product/design.md §4): the terms customers voted for are shown, not editable.
  const isLocked = deal ? isCrowdVoteLocked(deal) : false;
  const lockedProps = (p: { 'aria-describedby'?: string }) =>
    isLocked ? { readOnly: true, 'aria-describedby': [p['aria-describedby'], 'crowd-vote-lock'].filter(Boolean).join(' ') } : {};

  useEffect(() => {
    if (form.formState.submitCount > 0 && Object.keys(errors).length) {
      const first = Object.keys(errors)[0] as keyof MerchantDealForm;
      if (first !== 'images' && first !== 'boostDays') form.setFocus(first);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus the first error once per submit, not on every error change
  }, [form.formState.submitCount]);

  const onSaved = (result: SaveMerchantDealResult) => {
    if (result.phoneNumbersRemoved) toast.warning(M.phoneRemovedTitle, { description: M.phoneRemoved });
    if (result.checkoutUrl) {
      setIsRedirecting(true);
      window.location.assign(result.checkoutUrl);
      return;
    }
    toast.success(isEdit ? 'Deal Updated' : 'Deal Created', {
      description:
        result.deal.status === 'scheduled'
          ? `“${result.deal.title}” is coming soon: it goes on sale on ${formatDateTime(result.deal.saleStartsAt!)}.`
          : isEdit
            ? `“${result.deal.title}” has been saved.`
            : `“${result.deal.title}” is now live on LocalPerks.`,
    });
    navigate(`${paths.merchantDashboard}?tab=deals`);
  };

  const onError = (err: Error) => {
    if (err instanceof ApiError && err.fields) {
      let focused = false;
      for (const [key, message] of Object.entries(err.fields)) {
        const name = FIELD_FOR[key] ?? optionField(key) ?? (key.split('.')[0] as keyof MerchantDealForm);
        form.setError(name, { message });
        if (!focused && name !== 'images') {
          form.setFocus(name);
          focused = true;
        }
      }
      return;
    }
    toast.error(isEdit ? 'Failed to update deal' : 'Failed to create deal', { description: err.message });
  };

  const onSubmit = (v: MerchantDealForm) => {
    const body = toMerchantDealInput(v);
    if (isEdit) {
      const { boost: _b, ...rest } = body;
      // Locked terms go back exactly as stored (the date field only holds the day).
      const locked = isLocked && deal ? { finePrint: deal.finePrint, expirationDate: deal.expirationDate } : {};
      update.mutate({ ...rest, ...locked }, { onSuccess: onSaved, onError });
    } else create.mutate(body, { onSuccess: onSaved, onError });
  };

  const list = highlights ?? [];
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={isEdit ? 'Edit deal' : 'Create deal'}>
      <fieldset disabled={busy} className="min-w-0 space-y-6">
        <Field label="Title" error={errors.title?.message}>
          {(p) => <Input {...p} {...form.register('title')} maxLength={DEAL_TITLE_MAX} placeholder="e.g. Two-course dinner for two" />}
        </Field>

        <Field
          label="Description"
          error={errors.description?.message}
          hint="At least 20 characters. Phone numbers are not allowed and will be removed."
        >
          {(p) => <Textarea {...p} {...form.register('description')} rows={5} />}
        </Field>
        {hasPhone && (
          <Alert title={M.phoneRemovedTitle}>Phone numbers are not allowed in deal descriptions and will be removed when you save.</Alert>
        )}

        <fieldset className="min-w-0 space-y-2">
          <legend className="text-sm font-medium text-slate-800">Highlights</legend>
          <p className="text-xs text-slate-600">Short selling points, one per line (optional, up to {DEAL_HIGHLIGHTS_MAX}).</p>
          {list.map((_, i) => (
            <div key={i} className="flex items-start gap-2">
              <div className="flex-1">
                <Input
                  {...form.register(`highlights.${i}` as const)}
                  aria-label={`Highlight ${i + 1}`}
                  aria-invalid={Boolean(errors.highlights?.[i])}
                  maxLength={DEAL_HIGHLIGHT_MAX_LENGTH}
                />
                {errors.highlights?.[i]?.message && (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {errors.highlights[i].message}
                  </p>
                )}
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove highlight ${i + 1}`}
                onClick={() =>
                  form.setValue(
                    'highlights',
                    list.filter((__, j) => j !== i),
                    { shouldDirty: true },
                  )
                }
              >
                <X aria-hidden className="h-4 w-4" />
              </Button>
            </div>
          ))}
          {list.length < DEAL_HIGHLIGHTS_MAX && (
            <Button variant="secondary" size="sm" onClick={() => form.setValue('highlights', [...list, ''], { shouldDirty: true })}>
              <Plus aria-hidden className="h-4 w-4" /> Add highlight
            </Button>
          )}
        </fieldset>

        <Field label="Fine print (optional)" error={errors.finePrint?.message} hint="Restrictions, booking rules, what is not included.">
          {(p) => (
            <Textarea
              {...p}
              {...form.register('finePrint')}
              {...lockedProps(p)}
              rows={3}
              className="read-only:bg-slate-100 read-only:text-slate-700"
            />
          )}
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={errors.categoryId?.message}>
            {(p) => (
              <Select {...p} {...form.register('categoryId')}>
                <option value="">Select a category…</option>
                {CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Location" error={errors.location?.message}>
            {(p) => (
              <Select {...p} {...form.register('location')}>
                <option value="">Select a city…</option>
                {LOCATIONS.map((l) => (
                  <option key={`${l.city}|${l.state}`} value={`${l.city}|${l.state}`}>
                    {l.city}, {l.state}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        {isLocked && deal && (
          <div id="crowd-vote-lock" className="space-y-2 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800">
            <p className="flex items-start gap-2 font-medium text-slate-900">
              <Lock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> {M.crowdVoteLocked}
            </p>
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
              <div>
                <dt className="inline font-medium">Votes required: </dt>
                <dd className="inline">
                  {deal.votesRequired} ({deal.currentVotes} so far)
                </dd>
              </div>
              {deal.votingEndDate && (
                <div>
                  <dt className="inline font-medium">Voting ends: </dt>
                  <dd className="inline">
                    <time dateTime={deal.votingEndDate}>{formatDateTime(deal.votingEndDate)}</time>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        )}

        <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Options, prices and stock</legend>
          <p className="text-sm text-slate-700">
            One option sells the deal at one price. Add options for choices such as “1 person” and “2 people” (up to {MAX_DEAL_OPTIONS}
            ). Leave the stock empty for no limit; customers see “N left” when few remain and “Sold out” at zero.
          </p>
          {extras.length > 0 && (
            <Field label="Option 1 title" error={errors.optionTitle?.message}>
              {(p) => <Input {...p} {...form.register('optionTitle')} placeholder="e.g. 1 person" maxLength={60} />}
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Original price ($)" error={errors.originalPrice?.message}>
              {(p) => (
                <Input
                  {...p}
                  {...form.register('originalPrice')}
                  {...lockedProps(p)}
                  inputMode="decimal"
                  placeholder="80.00"
                  className="read-only:bg-slate-100 read-only:text-slate-700"
                />
              )}
            </Field>
            <Field
              label="Deal price ($)"
              error={errors.dealPrice?.message}
              hint={discount !== null ? `${discount}% off · customers save ${formatCents(original! - price!)}` : undefined}
            >
              {(p) => (
                <Input
                  {...p}
                  {...form.register('dealPrice')}
                  {...lockedProps(p)}
                  inputMode="decimal"
                  placeholder="50.00"
                  className="read-only:bg-slate-100 read-only:text-slate-700"
                />
              )}
            </Field>
            <Field label={extras.length ? 'Option 1 stock (optional)' : 'Stock (optional)'} error={errors.stock?.message}>
              {(p) => <Input {...p} {...form.register('stock')} inputMode="numeric" placeholder="No limit" />}
            </Field>
          </div>
          {extras.map((o, i) => (
            <div key={o.id ?? i} className="space-y-3 border-t border-slate-200 pt-4">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-900">Option {i + 2}</p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    form.setValue(
                      'extraOptions',
                      extras.filter((_, j) => j !== i),
                      { shouldDirty: true },
                    )
                  }
                >
                  <X aria-hidden className="h-4 w-4" /> Remove option {i + 2}
                </Button>
              </div>
              <Field label={`Option ${i + 2} title`} error={errors.extraOptions?.[i]?.title?.message}>
                {(p) => <Input {...p} {...form.register(`extraOptions.${i}.title` as const)} placeholder="e.g. 2 people" maxLength={60} />}
              </Field>
              <div className="grid gap-4 sm:grid-cols-3">
                <Field label={`Option ${i + 2} original price ($)`} error={errors.extraOptions?.[i]?.originalPrice?.message}>
                  {(p) => <Input {...p} {...form.register(`extraOptions.${i}.originalPrice` as const)} inputMode="decimal" />}
                </Field>
                <Field label={`Option ${i + 2} deal price ($)`} error={errors.extraOptions?.[i]?.dealPrice?.message}>
                  {(p) => <Input {...p} {...form.register(`extraOptions.${i}.dealPrice` as const)} inputMode="decimal" />}
                </Field>
                <Field label={`Option ${i + 2} stock (optional)`} error={errors.extraOptions?.[i]?.stock?.message}>
                  {(p) => (
                    <Input {...p} {...form.register(`extraOptions.${i}.stock` as const)} inputMode="numeric" placeholder="No limit" />
                  )}
                </Field>
              </div>
            </div>
          ))}
          {!isLocked && extras.length < MAX_DEAL_OPTIONS - 1 && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                form.setValue('extraOptions', [...extras, { title: '', originalPrice: '', dealPrice: '', stock: '' }], {
                  shouldDirty: true,
                })
              }
            >
              <Plus aria-hidden className="h-4 w-4" /> Add an option
            </Button>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Limit per customer (optional)"
              error={errors.perCustomerLimit?.message}
              hint="Most vouchers one customer may buy across all options. Empty: no limit."
            >
              {(p) => (
                <Input {...p} {...form.register('perCustomerLimit')} inputMode="numeric" placeholder="No limit" className="max-w-40" />
              )}
            </Field>
            <label className="flex min-h-11 items-start gap-3 pt-6 text-sm text-slate-800">
              <input type="checkbox" {...form.register('restockOnRefund')} className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" />
              <span>Put a refunded voucher’s unit back on sale</span>
            </label>
          </div>
        </fieldset>

        <fieldset className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Dates</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Sale starts (optional)" error={errors.saleStartsAt?.message} hint={DEAL_DATE_HELP.saleStartsAt}>
              {(p) => <Input {...p} {...form.register('saleStartsAt')} type="date" min={toYmd(new Date().toISOString())} />}
            </Field>
            <Field label="Sale ends (expiration date)" error={errors.expirationDate?.message} hint={DEAL_DATE_HELP.expirationDate}>
              {(p) => (
                <Input
                  {...p}
                  {...form.register('expirationDate')}
                  {...lockedProps(p)}
                  type="date"
                  min={toYmd(new Date(Date.now() + DAY_MS).toISOString())}
                  className="read-only:bg-slate-100 read-only:text-slate-700"
                />
              )}
            </Field>
            <Field label="Vouchers valid until (optional)" error={errors.validUntil?.message} hint={DEAL_DATE_HELP.validUntil}>
              {(p) => <Input {...p} {...form.register('validUntil')} type="date" />}
            </Field>
          </div>
        </fieldset>

        <Controller
          control={form.control}
          name="images"
          render={({ field }) => (
            <ImageUploader
              value={field.value ?? []}
              onChange={field.onChange}
              error={errors.images?.message ?? errors.images?.[0]?.message}
              disabled={busy}
            />
          )}
        />

        {/* A PerkBoost launch is paid: the business owner's (docs/decisions/0062-roles-and-staff.md). */}
        {!isEdit && isOwner && (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
            <label className="flex min-h-11 items-start gap-3">
              <input type="checkbox" {...form.register('isBoost')} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
              <span>
                <span className="flex items-center gap-1.5 font-semibold text-slate-900">
                  <Rocket aria-hidden className="h-4 w-4 text-amber-700" /> Launch as PerkBoost
                </span>
                <span className="block text-sm text-slate-700">
                  Listed on the PerkBoost page, eligible for the home page's PerkBoost section, with the PerkBoost badge. Customers vote
                  during the boost; the deal unlocks for purchase when it reaches the votes required. You pay before it goes live.
                </span>
              </span>
            </label>
            {isBoost && (
              <div className="mt-4 space-y-4">
                <Controller
                  control={form.control}
                  name="boostDays"
                  render={({ field }) => (
                    <BoostOptions name="boostDays" value={field.value} onChange={field.onChange} error={errors.boostDays?.message} />
                  )}
                />
                <Field
                  label="Votes required"
                  error={errors.votesRequired?.message}
                  hint={`At least ${BOOST_VOTES_MIN}. The deal unlocks for purchase when this many customers vote for it.`}
                >
                  {(p) => <Input {...p} {...form.register('votesRequired')} inputMode="numeric" className="max-w-40" />}
                </Field>
              </div>
            )}
          </div>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => navigate(`${paths.merchantDashboard}?tab=deals`)}>
            Cancel
          </Button>
          <Button type="submit">{busy ? 'Saving...' : isEdit ? 'Save Changes' : isBoost ? 'Continue to Payment' : 'Create Deal'}</Button>
        </div>
      </fieldset>
    </form>
  );
}
