import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, Textarea } from '../../../../components/ui/input';
import { StateSelect } from '../../../../components/ui/state-select';

type BusinessField = 'businessName' | 'description' | 'website' | 'phone' | 'city' | 'state';

/**
 * The business fields a merchant fills in at registration and edits on the dashboard (the shared
 * `businessFields` schema): Business Name, description, Website, Phone Number, City, State.
 * `compact` puts Website and Phone Number in the two-column grid with City and State.
 */
export function BusinessFields({
  register,
  errors,
  descriptionLabel,
  descriptionHint,
  phonePlaceholder,
  compact = false,
}: {
  register: (name: BusinessField) => UseFormRegisterReturn;
  errors: Partial<Record<BusinessField, { message?: string }>>;
  descriptionLabel: string;
  descriptionHint: ReactNode;
  phonePlaceholder?: string;
  compact?: boolean;
}) {
  const contact = (
    <>
      <Field label="Website (optional)" error={errors.website?.message}>
        {(p) => (
          <Input {...p} {...register('website')} type="url" inputMode="url" autoComplete="url" placeholder="https://www.example.com" />
        )}
      </Field>
      <Field label="Phone Number" error={errors.phone?.message}>
        {(p) => <Input {...p} {...register('phone')} type="tel" autoComplete="tel" placeholder={phonePlaceholder} />}
      </Field>
    </>
  );
  return (
    <>
      <Field label="Business Name" error={errors.businessName?.message}>
        {(p) => <Input {...p} {...register('businessName')} autoComplete="organization" />}
      </Field>
      <Field label={descriptionLabel} error={errors.description?.message} hint={descriptionHint}>
        {(p) => <Textarea {...p} {...register('description')} rows={4} />}
      </Field>
      {!compact && contact}
      <div className="grid gap-4 sm:grid-cols-2">
        {compact && contact}
        <Field label="City" error={errors.city?.message}>
          {(p) => <Input {...p} {...register('city')} autoComplete="address-level2" />}
        </Field>
        <Field label="State" error={errors.state?.message}>
          {(p) => <StateSelect {...p} {...register('state')} />}
        </Field>
      </div>
    </>
  );
}
