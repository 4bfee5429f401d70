import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus, UserX } from 'lucide-react';
import {
  MERCHANT_ROLE_LABELS,
  STAFF_ROLES,
  inviteStaffSchema,
  type InviteStaff,
  type StaffMember,
  type StaffRole,
} from '@localperks/shared';
import { Badge, ErrorState } from '../../../../components/ui/admin-parts';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field, Input, Select } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useChangeStaffRole, useInviteStaff, useRemoveStaff, useStaff } from '../api';

/** What each role may do, as the owner chooses it (docs/decisions/0062-roles-and-staff.md). */
const ROLE_HINTS: Record<StaffRole, string> = {
  redeemer: 'Redeemer: the redeem screen and today’s redemptions only.',
  manager: 'Manager: deals, business page, messages, refund requests and analytics; not billing, payouts or staff.',
};

function InviteForm() {
  const form = useForm<InviteStaff>({ resolver: zodResolver(inviteStaffSchema), defaultValues: { email: '', role: 'redeemer' } });
  const invite = useInviteStaff();
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const submit = (v: InviteStaff) =>
    invite.mutate(v, {
      onSuccess: () => {
        toast.success('Invitation sent', { description: `${v.email} can accept it from the e-mail within 7 days.` });
        form.reset({ email: '', role: v.role });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof InviteStaff, { message: m });
        else toast.error('Invitation not sent', { description: errorMessage(err, 'Please try again.') });
      },
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Invite staff">
      <Field label="E-mail" error={errors.email?.message} hint="They make their own account from the invitation.">
        {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="off" disabled={invite.isPending} />}
      </Field>
      <Field label="Role" error={errors.role?.message} hint={ROLE_HINTS[role]}>
        {(p) => (
          <Select {...p} {...form.register('role')} disabled={invite.isPending}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {MERCHANT_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={invite.isPending}>
        <UserPlus aria-hidden className="h-4 w-4" /> {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

function RemoveButton({ member }: { member: StaffMember }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveStaff();
  const who = member.name ?? member.email;
  const joined = member.status === 'active';
  const confirm = () =>
    remove.mutate(member.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(joined ? 'Staff member removed' : 'Invitation withdrawn', {
          description: joined ? `${who} was signed out and can no longer sign in.` : `The link sent to ${member.email} no longer works.`,
        });
      },
      onError: (err) => toast.error('Error', { description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${joined ? 'Remove' : 'Withdraw the invitation of'} ${who}`}
      >
        <UserX aria-hidden className="h-4 w-4" /> {joined ? 'Remove' : 'Withdraw'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={joined ? `Remove ${who}?` : `Withdraw the invitation of ${member.email}?`}
        description={
          joined
            ? 'They are signed out at once everywhere and can no longer sign in. The redemptions they made keep their name.'
            : 'The link in their e-mail stops working. You can invite them again later.'
        }
        confirmLabel={joined ? 'Remove' : 'Withdraw'}
        pendingLabel="Removing..."
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function RoleSelect({ member }: { member: StaffMember }) {
  const id = useId();
  const change = useChangeStaffRole();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.name ?? member.email}
      </label>
      <Select
        id={id}
        value={member.role}
        disabled={change.isPending}
        className="min-w-36"
        onChange={(e) =>
          change.mutate(
            { id: member.id, role: e.target.value as StaffRole },
            {
              onSuccess: () => toast.success('Role changed', { description: `${member.name ?? member.email} is now a ${e.target.value}.` }),
              onError: (err) => toast.error('Error', { description: errorMessage(err, 'Please try again.') }),
            },
          )
        }
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {MERCHANT_ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
    </div>
  );
}

const STATUS: Record<StaffMember['status'], [string, 'green' | 'amber' | 'slate']> = {
  active: ['Active', 'green'],
  invited: ['Invited', 'amber'],
  expired: ['Invitation expired', 'slate'],
};

/** The owner's Staff tab: invite by e-mail as redeemer or manager, change roles, remove. */
export default function StaffTab() {
  const staff = useStaff();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Invite staff</CardTitle>
          <CardDescription>Staff sign in with their own account, so every redemption shows who made it.</CardDescription>
        </CardHeader>
        <CardContent>
          <InviteForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your staff</CardTitle>
        </CardHeader>
        <CardContent>
          {staff.isPending ? (
            <Spinner label="Loading staff..." />
          ) : staff.isError ? (
            <ErrorState message="Your staff could not be loaded." onRetry={() => void staff.refetch()} />
          ) : staff.data.length === 0 ? (
            <p className="text-sm text-slate-600">No staff yet. Invite the people at your counter so they stop sharing your password.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Staff">
              {staff.data.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-words">{m.name ?? m.email}</span>
                      <Badge tone={STATUS[m.status][1]}>{STATUS[m.status][0]}</Badge>
                    </p>
                    <p className="break-words text-slate-700">
                      {m.name ? `${m.email} · ` : ''}
                      {m.joinedAt ? `joined ${formatDate(m.joinedAt)}` : `invited ${formatDate(m.invitedAt)}`}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleSelect member={m} />
                    <RemoveButton member={m} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
