import { useId } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import {
  formatPercent,
  formatPrice,
  merchantLeadSchema,
  planById,
  PERSON_NAME_MAX_LENGTH,
  type MerchantLead,
  type MerchantLeadForm,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { api } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';

type OptionType = MerchantLead['optionType'];

const premium = planById('advertise_messaging');
const commission = planById('deals_messaging');

const OPTIONS: { value: OptionType; label: string; hint: string }[] = [
  { value: 'free', label: 'Free listing', hint: 'A basic business listing that appears in search results.' },
  {
    value: 'premium',
    label: `Premium: Advertise + Messaging, ${formatPrice(premium.priceCentsPerMonth)}/month`,
    hint: 'An enhanced profile and messaging with your customers.',
  },
  {
    value: 'commission',
    label: `Sell deals: ${formatPercent(commission.commissionPercent)} commission`,
    hint: 'Create deals and pay only when you sell.',
  },
  { value: 'close', label: 'Close my merchant account', hint: 'We will confirm with you before anything is closed.' },
];

/**
 * The home page's merchant signup section (docs/product/customer-spec.md §2, §5). Loaded on demand: it is the only
 * part of the home page that needs the zod schemas.
 */
export default function MerchantSignupSection() {
  const id = useId();
  const form = useForm<MerchantLeadForm, unknown, MerchantLead>({
    resolver: zodResolver(merchantLeadSchema),
    defaultValues: { email: '', name: '' },
  });
  const emailError = form.formState.errors.email?.message;
  const send = useMutation({ mutationFn: (body: MerchantLead) => api.post('/api/merchant-leads', { body }) });

  const onValid = (body: MerchantLead) =>
    send.mutate(body, {
      onSuccess: () => {
        toast.success('Thank you!', {
          description:
            body.optionType === 'close' ? 'We received your request and will be in touch shortly.' : 'Check your email for next steps.',
        });
        form.reset({ optionType: undefined, email: '', name: '' });
      },
      onError: () => toast.error('Something went wrong', { description: "We couldn't process your request. Please try again." }),
    });

  // One toast for the first problem (docs/product/customer-spec.md §5); the e-mail's own message also shows under it.
  const onInvalid = (errors: FieldErrors<MerchantLeadForm>) => {
    if (errors.optionType) {
      toast.error('Please select an option', { description: 'You need to select a merchant option to continue.' });
    } else if (!form.getValues('email').trim()) {
      toast.error('Email required', { description: 'Please enter your email address to continue.' });
    } else {
      toast.error('Invalid email', { description: errors.email?.message ?? 'Please enter a valid email address' });
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <div className="flex items-center gap-3">
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-800">
            <Store aria-hidden className="h-5 w-5" />
          </span>
          <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
            Are you a business owner?
          </h2>
        </div>
        <p className="mt-2 text-slate-700">
          List your business on LocalPerks and reach customers nearby. Choose what you need and we will email you the next steps.
        </p>

        <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="mt-6 space-y-6" aria-labelledby={`${id}-heading`}>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">What would you like to do?</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <Controller
                control={form.control}
                name="optionType"
                render={({ field }) => (
                  <>
                    {OPTIONS.map((o, i) => (
                      <label
                        key={o.value}
                        className="flex min-h-11 cursor-pointer gap-3 rounded-xl border-2 border-slate-200 bg-white p-4 hover:border-slate-400 has-checked:border-brand-700 has-checked:bg-brand-50"
                      >
                        <input
                          ref={i === 0 ? field.ref : undefined}
                          type="radio"
                          name={`${id}-option`}
                          value={o.value}
                          checked={field.value === o.value}
                          onChange={() => field.onChange(o.value)}
                          onBlur={field.onBlur}
                          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                          aria-describedby={`${id}-${o.value}-hint`}
                        />
                        <span>
                          <span className="block font-semibold text-slate-900">{o.label}</span>
                          <span id={`${id}-${o.value}-hint`} className="mt-0.5 block text-sm text-slate-700">
                            {o.hint}
                          </span>
                        </span>
                      </label>
                    ))}
                  </>
                )}
              />
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
                Email <span className="text-slate-700">(required)</span>
              </label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                {...form.register('email')}
                aria-invalid={Boolean(emailError)}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
              />
              {emailError && (
                <p id={`${id}-email-error`} className="text-sm text-red-700">
                  {emailError}
                </p>
              )}
            </div>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
                Name <span className="text-slate-700">(optional)</span>
              </label>
              <Input id={`${id}-name`} autoComplete="name" maxLength={PERSON_NAME_MAX_LENGTH} {...form.register('name')} />
            </div>
          </div>

          <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
            {send.isPending ? 'Submitting...' : 'Get Started'}
          </Button>
        </form>
      </div>
    </section>
  );
}
