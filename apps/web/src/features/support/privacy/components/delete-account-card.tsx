import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { DELETE_CONFIRMATION_WORD, deleteAccountSchema, formatCents, plural, type DeleteAccount } from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Dialog, DialogContent } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/input';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { useLogout } from '../../../../lib/session';
import { toast } from '../../../../lib/toast';
import { deletionPreviewQuery, useDeleteAccount } from '../api';

/**
 * Privacy tab: Delete my account (docs/decisions/0054-privacy-rights.md). Shows what blocks it, lists the unused
 * vouchers it forfeits (with the refund to ask for first where the policy allows), and asks for the password
 * and the typed word before anything happens.
 */
export function DeleteAccountCard() {
  const preview = useQuery(deletionPreviewQuery);
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();
  const forget = useLogout(async () => {
    await navigate(paths.home, { flushSync: true });
    toast.success('Account deleted', { description: 'Your account was deleted and every session was signed out.' });
  });
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccount>({
    resolver: zodResolver(deleteAccountSchema, undefined, { raw: true }),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;
  const submit = (values: DeleteAccount) =>
    remove.mutate(values, {
      onSuccess: () => forget.mutate(),
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [name, message] of Object.entries(err.fields)) form.setError(name as keyof DeleteAccount, { message });
        else toast.error('Deletion Failed', { description: errorMessage(err, 'Please try again.') });
      },
    });
  const blockers = preview.data?.blockers ?? [];
  const vouchers = preview.data?.vouchers ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delete my account</CardTitle>
        <CardDescription>
          Your personal data is removed and you are signed out everywhere. Orders, payments, refunds and payouts are kept for bookkeeping
          under an anonymous id, without your name, email or phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {blockers.length > 0 && (
          <Alert variant="destructive" title="Your account cannot be deleted yet">
            <ul className="mt-1 list-disc space-y-1 pl-5">
              {blockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </Alert>
        )}
        {vouchers.length > 0 && (
          <Alert title={`${plural(vouchers.length, 'unused voucher')} will be forfeited`}>
            <p>They can no longer be used once your account is deleted. Where the refund policy allows, ask for a refund first.</p>
            <ul aria-label="Vouchers you would forfeit" className="mt-2 space-y-1">
              {vouchers.map((v) => (
                <li key={v.id}>
                  <span className="font-medium">{v.dealTitle}</span> · {formatCents(v.priceCents)} · code {v.code} · valid until{' '}
                  {formatDate(v.expiresAt)}
                  {v.canRequestRefund && (
                    <>
                      {' · '}
                      <Link to={paths.profileTab('purchases')} className="text-brand-800 underline">
                        Ask for a refund
                      </Link>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        <Button variant="destructive" disabled={preview.isPending || blockers.length > 0} onClick={() => setIsOpen(true)}>
          Delete my account
        </Button>
        <Dialog open={isOpen} onOpenChange={setIsOpen}>
          <DialogContent title="Delete your account?" description="This cannot be undone.">
            <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Delete account">
              {vouchers.length > 0 && (
                <p className="text-sm text-red-800">You forfeit the {plural(vouchers.length, 'unused voucher')} listed on the page.</p>
              )}
              <Field label="Password" error={errors.password?.message}>
                {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />}
              </Field>
              <Field label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} error={errors.confirmation?.message}>
                {(p) => <Input {...p} autoComplete="off" {...form.register('confirmation')} />}
              </Field>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => setIsOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="destructive" disabled={remove.isPending}>
                  {remove.isPending ? 'Deleting...' : 'Delete my account for good'}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
