import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MERCHANT_DASHBOARD_MESSAGES as D,
  PLANS,
  planPriceLabel,
  merchantProfileSchema,
  type MerchantOverview,
  type MerchantProfileForm,
  type MerchantProfileInput,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Select } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useMerchantRole } from '../../../../lib/session';
import { useUpdateMerchantProfile } from '../api';
import { BusinessFields } from './business-fields';
import { PayForMessagingButton } from './pay-for-messaging';

type Merchant = NonNullable<MerchantOverview['merchant']>;

const planTerms = (p: (typeof PLANS)[number]) => `${planPriceLabel(p)}, ${p.commissionPercent}% commission on sales`;

/** Profile edit (docs/product/merchant-admin-spec.md §5): the merchant row and the registration request are saved together. */
export function ProfileForm({ merchant, onDone, canPay }: { merchant: Merchant; onDone?: () => void; canPay: boolean }) {
  const update = useUpdateMerchantProfile();
  const [notice, setNotice] = useState<{ phones: boolean; payment: boolean } | null>(null);
  const form = useForm<MerchantProfileForm, unknown, MerchantProfileInput>({
    resolver: zodResolver(merchantProfileSchema),
    defaultValues: {
      businessName: merchant.businessName,
      description: merchant.description,
      website: merchant.website ?? '',
      phone: merchant.phone,
      city: merchant.city,
      state: merchant.state,
      plan: merchant.subscriptionPlan,
    },
  });
  const { errors } = form.formState;
  const planValue = useWatch({ control: form.control, name: 'plan' });
  const chosenPlan = PLANS.find((p) => p.id === planValue);
  // The plan is billing: the owner's to change (docs/decisions/0062-roles-and-staff.md); a manager sees it.
  const canChangePlan = useMerchantRole() !== 'manager';

  const onSubmit = (v: MerchantProfileInput) => {
    // The schema turns a blank website into null; the API takes the form's own shape.
    const values: MerchantProfileForm = { ...v, website: v.website ?? '' };
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ ...values, description: saved.overview.merchant!.description, website: saved.overview.merchant!.website ?? '' });
        setNotice({ phones: saved.phoneNumbersRemoved, payment: saved.planChanged && saved.paymentRequired });
        toast.success(D.profileUpdatedTitle, {
          description: `Your business profile has been saved. Your commission rate is ${saved.commissionRate}%.`,
        });
        if (!saved.phoneNumbersRemoved && !(saved.planChanged && saved.paymentRequired)) onDone?.();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof MerchantProfileForm, { message: m });
        toast.error(D.updateFailedTitle, { description: D.updateFailed });
      },
    });
  };

  return (
    <form noValidate aria-label="Edit business profile" onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      {notice?.phones && <Alert title="Phone numbers removed">{D.phoneNumbersRemoved}</Alert>}
      {notice?.payment && (
        <Alert title="Payment needed">
          <p>{D.paymentNeeded}</p>
          {canPay && <PayForMessagingButton className="mt-2" />}
        </Alert>
      )}
      <BusinessFields
        register={(name) => form.register(name)}
        errors={errors}
        descriptionLabel="Description"
        descriptionHint="Phone numbers are removed from descriptions; customers reach you through LocalPerks."
        compact
      />
      {canChangePlan ? (
        <Field label="Plan" error={errors.plan?.message} hint={chosenPlan ? planTerms(chosenPlan) : undefined}>
          {(p) => (
            <Select {...p} {...form.register('plan')}>
              {PLANS.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-800">Plan:</span> {chosenPlan?.name}. Only the business owner changes the plan.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        {onDone && (
          <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
