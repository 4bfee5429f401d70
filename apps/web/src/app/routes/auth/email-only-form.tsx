import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema, type EmailOnly } from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';

export function EmailOnlyForm({
  onSubmit,
  isLoading,
  submitLabel,
  loadingLabel,
  defaultEmail = '',
}: {
  onSubmit: (email: string) => void;
  isLoading: boolean;
  submitLabel: string;
  loadingLabel: string;
  defaultEmail?: string;
}) {
  const form = useForm<EmailOnly>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: defaultEmail } });
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.email))} className="space-y-4">
      <Field label="Email" error={form.formState.errors.email?.message}>
        {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" disabled={isLoading} />}
      </Field>
      <Button type="submit" className="w-full" disabled={isLoading}>
        {isLoading ? loadingLabel : submitLabel}
      </Button>
    </form>
  );
}
