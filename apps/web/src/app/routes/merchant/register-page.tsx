import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { Check, CheckCircle2, Circle, Store, X } from 'lucide-react';
import {
  MERCHANT_MESSAGES,
  PLANS,
  PRODUCT_NAME,
  PASSWORD_DIGIT,
  PASSWORD_UPPERCASE,
  SIGNUP_PASSWORD_MIN,
  merchantRegistrationSchema,
  type MerchantRegistrationForm,
} from '@localperks/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useRegisterMerchant } from '../../../features/merchant/merchants/api';
import { AddressFields } from '../../../features/merchant/merchants/components/address-fields';
import { BusinessFields } from '../../../features/merchant/merchants/components/business-fields';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { formatPrice } from '../public/static/page-parts';

type Values = z.output<typeof merchantRegistrationSchema>;
type Plan = (typeof PLANS)[number];

const DEFAULTS: MerchantRegistrationForm = {
  email: '',
  password: '',
  confirmPassword: '',
  businessName: '',
  description: '',
  website: '',
  phone: '',
  city: '',
  state: '',
  addressLine1: '',
  addressLine2: '',
  zip: '',
  plan: 'advertise_only',
  acceptTerms: false as unknown as true,
};
const FIELD_NAMES = Object.keys(DEFAULTS) as (keyof MerchantRegistrationForm)[];

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/**
 * /merchant/register (docs/product/merchant-admin-spec.md §2, §4, §5, §8): the registration form, the Merchant Terms
 * dialog, and, once submitted, a success page with the next steps (local state, same route).
 * A signed-in merchant is sent to the dashboard; anyone else may register a business here (the new
 * account is separate and is not signed in until its e-mail is verified).
 */
export default function MerchantRegisterPage() {
  const { user, isLoading } = useSession();
  const [submitted, setSubmitted] = useState<{ email: string; businessName: string } | null>(null);

  if (isLoading) return <Spinner />;
  if (user?.role === 'merchant' && !submitted) return <Navigate to={paths.merchantDashboard} replace />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>{`Merchant Registration | ${PRODUCT_NAME}`}</title>
      {submitted ? <RegistrationSuccess {...submitted} /> : <RegistrationForm onRegistered={setSubmitted} />}
    </div>
  );
}

function RegistrationForm({ onRegistered }: { onRegistered: (r: { email: string; businessName: string }) => void }) {
  const registerMerchant = useRegisterMerchant();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const form = useForm<MerchantRegistrationForm, unknown, Values>({
    resolver: zodResolver(merchantRegistrationSchema),
    defaultValues: DEFAULTS,
    // The first field in the form's own order is focused (below), not whichever the library met first.
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const busy = registerMerchant.isPending;
  const [focusAfterError, setFocusAfterError] = useState<keyof MerchantRegistrationForm | null>(null);

  // A server field error arrives while the fieldset is still disabled: focus the field once it is not.
  useEffect(() => {
    if (busy || !focusAfterError) return;
    form.setFocus(focusAfterError);
    setFocusAfterError(null);
  }, [busy, focusAfterError, form]);

  const onSubmit = (v: Values) =>
    // The schema turns a blank website into null; the API takes the form's own shape.
    registerMerchant.mutate(
      { ...v, website: v.website ?? '', addressLine2: v.addressLine2 ?? '' },
      {
        onSuccess: () => {
          toast.success('Registration Submitted!', {
            description:
              'Please check your email (including your spam folder) to verify your account. Our admins have been notified and will review your application.',
          });
          onRegistered({ email: v.email, businessName: v.businessName });
        },
        onError: (e) => {
          const fields =
            e instanceof ApiError && e.fields
              ? Object.entries(e.fields).filter(([k]) => FIELD_NAMES.includes(k as keyof MerchantRegistrationForm))
              : [];
          if (fields.length) {
            for (const [k, message] of fields) form.setError(k as keyof MerchantRegistrationForm, { message });
            setFocusAfterError(fields[0]![0] as keyof MerchantRegistrationForm);
            return;
          }
          // Server errors carry a generic text of their own; the spec's fallback reads better.
          const message = e instanceof ApiError && e.status < 500 && e.message ? e.message : MERCHANT_MESSAGES.genericFailure;
          toast.error('Registration Failed', { description: message });
        },
      },
    );

  /** An empty or wrong submit: the first field in error, top to bottom, takes the focus. */
  const focusFirstError = (found: FieldErrors<MerchantRegistrationForm>) => {
    const first = FIELD_NAMES.find((name) => found[name]);
    if (first) setFocusAfterError(first);
  };

  const agreeToTerms = () => {
    form.setValue('acceptTerms', true, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    setIsTermsOpen(false);
  };

  return (
    <>
      <header className="mb-6 text-center">
        <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Store aria-hidden className="h-6 w-6" />
        </span>
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">Register Your Business</h1>
        <p className="mx-auto mt-2 max-w-xl text-slate-700">
          List your business on {PRODUCT_NAME} and reach local customers. Every application is reviewed by our team before approval.
        </p>
      </header>

      <Card>
        <div className="p-5 sm:p-8">
          <form noValidate onSubmit={form.handleSubmit(onSubmit, focusFirstError)} aria-label="Merchant registration">
            {/* One disabled fieldset turns every control off while the request runs. */}
            <fieldset disabled={busy} className="min-w-0 space-y-8">
              <FormSection title="Account" description="You will use these to sign in to your merchant dashboard.">
                <Field label="Email" error={errors.email?.message}>
                  {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" placeholder="you@yourbusiness.com" />}
                </Field>
                <div className="space-y-2">
                  <Field label="Password" error={errors.password?.message}>
                    {(p) => (
                      <Input
                        {...p}
                        {...form.register('password')}
                        type="password"
                        autoComplete="new-password"
                        aria-describedby={[p['aria-describedby'], 'password-rules'].filter(Boolean).join(' ')}
                      />
                    )}
                  </Field>
                  <PasswordRules control={form.control} />
                </div>
                <Field label="Confirm Password" error={errors.confirmPassword?.message}>
                  {(p) => <Input {...p} {...form.register('confirmPassword')} type="password" autoComplete="new-password" />}
                </Field>
              </FormSection>

              <FormSection title="Business" description="This is what customers and our review team will see.">
                <BusinessFields
                  register={(name) => form.register(name)}
                  errors={errors}
                  descriptionLabel="Business Description"
                  descriptionHint="At least 10 characters: what you offer and what makes you special."
                  phonePlaceholder="(312) 555-0100"
                />
                <AddressFields register={(name) => form.register(name)} errors={errors} />
              </FormSection>

              <fieldset className="min-w-0" aria-describedby={errors.plan ? 'plan-error' : undefined}>
                <legend className="text-lg font-semibold text-slate-900">Plan</legend>
                <p className="mt-1 text-sm text-slate-600">You can switch plans later from your dashboard.</p>
                <div className="mt-4 grid gap-3 md:grid-cols-3">
                  {PLANS.map((plan) => (
                    <PlanOption key={plan.id} plan={plan} registration={form.register('plan')} />
                  ))}
                </div>
                {errors.plan && (
                  <p id="plan-error" role="alert" className="mt-2 text-sm text-red-700">
                    {errors.plan.message}
                  </p>
                )}
              </fieldset>

              <div>
                <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    {...form.register('acceptTerms')}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                    aria-invalid={Boolean(errors.acceptTerms)}
                    aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                  />
                  <span className="leading-6">
                    I have read and accept the{' '}
                    {/* Inline-block at 24 px tall: a comfortable target (WCAG 2.5.8) wherever the line wraps. */}
                    <button
                      type="button"
                      className={cn(linkClass, 'inline-block min-h-6 text-left')}
                      aria-haspopup="dialog"
                      onClick={(e) => {
                        // Inside the label: open the dialog without ticking the box.
                        e.preventDefault();
                        setIsTermsOpen(true);
                      }}
                    >
                      Merchant Terms of Service
                    </button>{' '}
                    and the{' '}
                    <Link to={paths.privacyPolicy} target="_blank" className={cn(linkClass, 'inline-block min-h-6')}>
                      Privacy Policy
                      <span className="sr-only"> (opens in a new tab)</span>
                    </Link>
                  </span>
                </label>
                {errors.acceptTerms && (
                  <p id="terms-error" role="alert" className="text-sm text-red-700">
                    {errors.acceptTerms.message}
                  </p>
                )}
              </div>

              <Button type="submit" size="lg" className="w-full">
                {busy ? 'Creating account...' : 'Create Merchant Account'}
              </Button>
            </fieldset>
          </form>

          <div className="mt-6 space-y-2 text-center text-sm text-slate-700">
            <p>
              Already have a merchant account?{' '}
              <Link to={paths.merchantLogin} className={linkClass}>
                Log in
              </Link>
            </p>
            <p>
              Looking to buy deals?{' '}
              <Link to={paths.register} className={linkClass}>
                Create a customer account
              </Link>
            </p>
          </div>
        </div>
      </Card>

      <MerchantTermsDialog open={isTermsOpen} onOpenChange={setIsTermsOpen} onAgree={agreeToTerms} />
    </>
  );
}

function FormSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** The password rules of §5, ticked off as the merchant types. */
function PasswordRules({ control }: { control: Control<MerchantRegistrationForm, unknown, Values> }) {
  const password = useWatch({ control, name: 'password' }) ?? '';
  const rules = [
    { label: `At least ${SIGNUP_PASSWORD_MIN} characters`, isMet: password.length >= SIGNUP_PASSWORD_MIN },
    { label: 'One uppercase letter', isMet: PASSWORD_UPPERCASE.test(password) },
    { label: 'One number', isMet: PASSWORD_DIGIT.test(password) },
  ];
  return (
    <ul id="password-rules" aria-label="Password requirements" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {rules.map((r) => (
        <li key={r.label} className={cn('flex items-center gap-1', r.isMet && 'text-brand-800')}>
          {r.isMet ? <Check aria-hidden className="h-3.5 w-3.5" /> : <Circle aria-hidden className="h-3 w-3" />}
          {r.label}
          <span className="sr-only">{r.isMet ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

function planPrice(plan: Plan): { headline: string; note: string } {
  if (plan.priceCentsPerMonth > 0)
    return { headline: `${formatPrice(plan.priceCentsPerMonth)}/month`, note: 'Billed monthly, auto-renewing until canceled' };
  if (plan.commissionPercent > 0) return { headline: 'No monthly fee', note: `${plan.commissionPercent}% commission per sale` };
  return { headline: 'Free', note: 'No monthly fee, no commission' };
}

/** One plan as a radio card; the radio is named by the plan and described by its terms. */
function PlanOption({ plan, registration }: { plan: Plan; registration: UseFormRegisterReturn<'plan'> }) {
  const price = planPrice(plan);
  const nameId = `plan-${plan.id}-name`;
  const detailsId = `plan-${plan.id}-details`;
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col rounded-lg border border-slate-300 bg-white p-4 transition-colors hover:border-brand-700',
        'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-700',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-800',
        'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
      )}
    >
      <span className="flex items-start gap-3">
        <input
          type="radio"
          value={plan.id}
          {...registration}
          className="h-6 w-6 shrink-0 accent-brand-700"
          aria-labelledby={nameId}
          aria-describedby={detailsId}
        />
        <span id={nameId} className="font-semibold text-slate-900">
          {plan.name}
        </span>
      </span>
      <span id={detailsId} className="mt-2 flex flex-col gap-1">
        <span className="text-xl font-bold text-slate-900">{price.headline}</span>
        <span className="text-xs text-slate-600">{price.note}</span>
        <span className="text-sm font-medium text-slate-800">Commission: {plan.commissionPercent}%</span>
        {plan.id === 'advertise_messaging' && <span className="text-sm text-amber-900">Messaging activates after payment.</span>}
        <span className="mt-2 flex flex-col gap-1.5">
          {plan.features.map((f) => (
            <span key={f} className="flex items-start gap-1.5 text-sm text-slate-700">
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
              {f}
            </span>
          ))}
          {plan.excluded.map((f) => (
            <span key={f} className="flex items-start gap-1.5 text-sm text-slate-600">
              <X aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
              <span>
                <span className="sr-only">Not included: </span>
                <span className="line-through decoration-slate-400">{f}</span>
              </span>
            </span>
          ))}
        </span>
      </span>
    </label>
  );
}

/** A summary of the Merchant Terms (§1, §2 Legal, §9 Legal), with the full page a link away. */
function MerchantTermsDialog({
  open,
  onOpenChange,
  onAgree,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAgree: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Merchant Terms of Service"
        description="Last updated May 20, 2025. A summary of what you agree to as a merchant."
        className="sm:max-w-xl"
      >
        <div
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-label="Merchant terms summary"
          className="max-h-[55vh] space-y-4 overflow-y-auto rounded-lg border border-slate-200 p-4 text-sm leading-relaxed text-slate-700"
        >
          <TermsItem title="Deal review and approval">
            Every registration is reviewed by our team, and deals can be created only after approval. All deals are subject to review,
            approval, modification and removal at {PRODUCT_NAME}'s discretion, and you waive claims arising from those decisions.
          </TermsItem>
          <TermsItem title="Commission and fees">
            {PRODUCT_NAME} collects a commission on sales according to your plan:
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {PLANS.map((p) => (
                <li key={p.id}>
                  {p.name}: {p.priceCentsPerMonth > 0 ? `${formatPrice(p.priceCentsPerMonth)} per month` : 'no monthly fee'},{' '}
                  {p.commissionPercent}% commission
                </li>
              ))}
            </ul>
            <span className="mt-1 block">
              We give you at least 30 days' notice before any change to your commission rate. Payment processing fees are separate.
            </span>
          </TermsItem>
          <TermsItem title="Refund claims">
            When a customer asks for a refund, we contact you and you have 5 business days to respond. If the issue is not resolved, we may
            refund the customer directly and deduct the amount from your future payouts.
          </TermsItem>
          <TermsItem title="Your obligations">
            Keep your business information accurate, honor every deal you sell until it expires, follow the law, and do not put phone
            numbers in deal descriptions.
          </TermsItem>
          <TermsItem title="Termination">
            We may suspend or end your account if you break these terms; deals already sold must still be honored.
          </TermsItem>
          <TermsItem title="Limitation of liability">
            Our total liability to you is capped at the fees you paid {PRODUCT_NAME} in the six months before the claim.
          </TermsItem>
          <TermsItem title="Governing law">These terms are governed by the laws of the State of California.</TermsItem>
          <p>
            <Link to={paths.merchantTerms} target="_blank" className={linkClass}>
              Read the full Merchant Terms of Service
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </p>
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onAgree}>I Agree</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function TermsItem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <div className="mt-0.5">{children}</div>
    </div>
  );
}

/** The page after a successful registration: what happens next, and the way to the login. */
function RegistrationSuccess({ email, businessName }: { email: string; businessName: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form is gone: start the new page at its top, and tell screen readers where they are.
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);

  const steps = [
    {
      title: 'Verify your email',
      body: (
        <>
          We sent an email to <strong className="font-semibold text-slate-900 break-words">{email}</strong>: follow its link to verify your
          address. Check your spam folder if it is not in your inbox.
        </>
      ),
    },
    { title: 'Admin review', body: <>An administrator reviews your application, usually within 1–2 business days.</> },
    {
      title: 'Sign in to your dashboard',
      body: <>Sign in to your merchant dashboard to follow the status of your application and message the admin.</>,
    },
  ];

  return (
    <Card>
      <div className="space-y-6 p-5 sm:p-8">
        <div className="text-center">
          <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-brand-700" />
          <h1 ref={headingRef} tabIndex={-1} className="mt-3 text-2xl font-bold text-slate-900 outline-none sm:text-3xl">
            Registration Submitted!
          </h1>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">
            Thank you for registering <strong className="font-semibold text-slate-900">{businessName}</strong> with {PRODUCT_NAME}. Our
            admins have been notified of your application.
          </p>
        </div>

        <section aria-labelledby="next-steps">
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            Next steps
          </h2>
          <ol className="mt-3 space-y-3">
            {steps.map((s, i) => (
              <li key={s.title} className="flex gap-3 rounded-lg border border-slate-200 p-4">
                <span
                  aria-hidden
                  className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-0.5 text-sm text-slate-700">{s.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <Link to={paths.merchantLogin} className={buttonClass('primary', 'lg', 'w-full')}>
          Go to Merchant Login
        </Link>
      </div>
    </Card>
  );
}
