import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailSchema, type ChangeEmail, type Profile } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/input';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useChangeEmail } from '../api';

/**
 * Profile tab: the e-mail address, and its change (docs/decisions/0053-account-controls.md): the new address
 * and the password; a link goes to the new address and nothing changes until it is opened.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<ChangeEmail>({
    resolver: zodResolver(changeEmailSchema, undefined, { raw: true }),
    defaultValues: { newEmail: '', password: '' },
  });
  const { errors } = form.formState;
  const change = useChangeEmail();
  const submit = (values: ChangeEmail) =>
    change.mutate(values, {
      onSuccess: ({ pendingEmail }) => {
        toast.success('Check your new inbox', { description: `We sent a confirmation link to ${pendingEmail}.` });
        form.reset();
        setIsOpen(false);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [name, message] of Object.entries(err.fields)) form.setError(name as keyof ChangeEmail, { message });
        else toast.error('Email Change Failed', { description: errorMessage(err, 'Please try again.') });
      },
    });
  return (
    <div className="space-y-3">
      <Field label="Email">{(p) => <Input {...p} value={profile.email} readOnly />}</Field>
      {profile.pendingEmail && (
        <Alert title="Waiting for confirmation">
          We sent a link to {profile.pendingEmail}. Your address changes when you open it (valid for 24 hours).
        </Alert>
      )}
      {isOpen ? (
        <form
          noValidate
          onSubmit={form.handleSubmit(submit)}
          className="space-y-4 rounded-lg border border-slate-200 p-4"
          aria-label="Change email"
        >
          <Field label="New email" error={errors.newEmail?.message}>
            {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('newEmail')} />}
          </Field>
          <Field label="Current password" error={errors.password?.message} hint="We ask for it to make sure it’s you.">
            {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Sending...' : 'Send confirmation link'}
            </Button>
            <Button variant="ghost" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setIsOpen(true)}>
          Change email
        </Button>
      )}
    </div>
  );
}
