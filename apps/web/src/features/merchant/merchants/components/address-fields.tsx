import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../../../../components/ui/input';

type AddressField = 'addressLine1' | 'addressLine2' | 'zip';

/**
 * The street address of a business (the shared `addressFields` schema): line 1, optional line 2 and
 * the ZIP code; City and State are the business fields beside them. The server places the business at
 * the ZIP code's centre (docs/decisions/0049-location.md).
 */
export function AddressFields({
  register,
  errors,
}: {
  register: (name: AddressField) => UseFormRegisterReturn;
  errors: Partial<Record<AddressField, { message?: string }>>;
}) {
  return (
    <>
      <Field label="Street Address" error={errors.addressLine1?.message} hint="Where customers redeem their vouchers: number and street.">
        {(p) => <Input {...p} {...register('addressLine1')} autoComplete="address-line1" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Address Line 2 (optional)" error={errors.addressLine2?.message}>
          {(p) => <Input {...p} {...register('addressLine2')} autoComplete="address-line2" placeholder="Suite, floor, unit" />}
        </Field>
        <Field label="ZIP Code" error={errors.zip?.message}>
          {(p) => <Input {...p} {...register('zip')} autoComplete="postal-code" inputMode="numeric" maxLength={10} />}
        </Field>
      </div>
    </>
  );
}
