import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { ScrollText, UserCheck, UserPlus, UserX } from 'lucide-react';
import { ADMIN_ROLES, ADMIN_ROLE_LABELS, createAdminSchema, type AdminAccount, type AdminRole, type CreateAdmin } from '@localperks/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAdmins, useCreateAdmin, useSetAdminActive, useSetAdminRole } from './api';
import { Badge, ErrorState } from '../../../components/ui/admin-parts';

/** What each admin role may do (docs/decisions/0062-roles-and-staff.md), as the owner chooses it. */
const ROLE_HINTS: Record<AdminRole, string> = {
  owner: 'Owner: everything, managing admins included.',
  support: 'Support: tickets, customers and refund requests; no payouts or settings.',
  finance: 'Finance: payouts, refunds, disputes and reports.',
};

function CreateAdminForm() {
  const form = useForm<CreateAdmin>({
    resolver: zodResolver(createAdminSchema),
    defaultValues: { name: '', email: '', password: '', role: 'owner' },
  });
  const create = useCreateAdmin();
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' }) ?? 'owner';
  const submit = (v: CreateAdmin) =>
    create.mutate(v, {
      onSuccess: ({ admin }) => {
        toast.success('Admin Created', { description: `${admin.name} (${admin.email}) can now sign in at the admin access page.` });
        form.reset({ name: '', email: '', password: '', role: v.role });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [k, m] of Object.entries(err.fields)) form.setError(k as keyof CreateAdmin, { message: m });
        toast.error('Error', { description: errorMessage(err, 'Failed to create admin') });
      },
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Create admin">
      <Field label="Full Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} autoComplete="off" disabled={create.isPending} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="off" disabled={create.isPending} />}
      </Field>
      <Field label="Role" error={errors.role?.message} hint={ROLE_HINTS[role]}>
        {(p) => (
          <Select {...p} {...form.register('role')}>
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {ADMIN_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters with an uppercase letter and a number. Share it with the new admin privately."
      >
        {(p) => <Input {...p} {...form.register('password')} type="password" autoComplete="new-password" disabled={create.isPending} />}
      </Field>
      <Button type="submit" disabled={create.isPending}>
        <UserPlus aria-hidden className="h-4 w-4" /> {create.isPending ? 'Creating...' : 'Create Admin'}
      </Button>
    </form>
  );
}

function RoleSelect({ admin }: { admin: AdminAccount }) {
  const id = useId();
  const setRole = useSetAdminRole();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Role of {admin.name}
      </label>
      <Select
        id={id}
        className="w-auto min-w-32"
        value={admin.role ?? ''}
        disabled={setRole.isPending || admin.deactivatedAt !== null}
        onChange={(e) => {
          const role = e.target.value as AdminRole;
          setRole.mutate(
            { id: admin.id, role },
            {
              onSuccess: () => toast.success('Role changed', { description: `${admin.name} is now ${ADMIN_ROLE_LABELS[role]}.` }),
              onError: (err) => toast.error('Role not changed', { description: errorMessage(err, 'Please try again.') }),
            },
          );
        }}
      >
        {admin.role === null && <option value="">No role</option>}
        {ADMIN_ROLES.map((r) => (
          <option key={r} value={r}>
            {ADMIN_ROLE_LABELS[r]}
          </option>
        ))}
      </Select>
    </>
  );
}

function ActiveButton({ admin }: { admin: AdminAccount }) {
  const [open, setOpen] = useState(false);
  const setActive = useSetAdminActive();
  const deactivating = admin.deactivatedAt === null;
  const confirm = () =>
    setActive.mutate(
      { id: admin.id, active: !deactivating },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(deactivating ? 'Admin deactivated' : 'Admin reactivated', {
            description: deactivating
              ? `${admin.name} was signed out everywhere and can no longer sign in.`
              : `${admin.name} can sign in again.`,
          });
        },
        onError: (err) => {
          setOpen(false);
          toast.error('Error', { description: errorMessage(err, 'Please try again.') });
        },
      },
    );
  return (
    <>
      <Button
        variant={deactivating ? 'secondary' : 'primary'}
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${deactivating ? 'Deactivate' : 'Reactivate'} ${admin.name}`}
      >
        {deactivating ? <UserX aria-hidden className="h-4 w-4" /> : <UserCheck aria-hidden className="h-4 w-4" />}{' '}
        {deactivating ? 'Deactivate' : 'Reactivate'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`${deactivating ? 'Deactivate' : 'Reactivate'} ${admin.name}?`}
        description={
          deactivating
            ? 'Their sessions end at once everywhere and they can no longer sign in. Their past actions stay in the audit trail.'
            : 'They can sign in again with their password and the e-mailed code.'
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
        pendingLabel={deactivating ? 'Deactivating...' : 'Reactivating...'}
        confirmVariant={deactivating ? 'destructive' : 'primary'}
        isPending={setActive.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function AdminList() {
  const admins = useAdmins();
  const { user } = useSession();
  if (admins.isPending) return <Spinner />;
  if (admins.isError) return <ErrorState message="Failed to load admins" onRetry={() => void admins.refetch()} />;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Admins">
      {admins.data.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              {a.name}
              {a.deactivatedAt && <Badge tone="red">Deactivated</Badge>}
              {a.id === user?.id && <Badge tone="blue">You</Badge>}
            </p>
            <p className="break-words text-slate-700">
              {a.email} · since {formatDate(a.createdAt)}
            </p>
          </div>
          {a.id === user?.id ? (
            <p className="text-slate-700">{a.role ? ADMIN_ROLE_LABELS[a.role] : 'No role'}</p>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <RoleSelect admin={a} />
              <ActiveButton admin={a} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Settings tab (owners): admins and their roles (admins never sign themselves up), and the way to their audit trail. */
export default function SettingsTab() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Add an Admin</CardTitle>
            <CardDescription>Admin accounts are only ever created here, by an owner.</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateAdminForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Admins</CardTitle>
            <CardDescription>Change a role or deactivate an admin; the change applies to their next click.</CardDescription>
          </CardHeader>
          <CardContent>
            <AdminList />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Audit Trail</CardTitle>
          <CardDescription>
            Every recorded action is in the Audit Trail section: searched, filtered by day and by what it was done to, sorted and exported.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {/* The table's filter by what an action was done to: `admin` is this section's changes (docs/decisions/0068-console.md). */}
          <Link to={`${paths.adminAudit}?status=admin`} className={buttonClass('secondary')}>
            <ScrollText aria-hidden className="h-4 w-4" /> Changes to admins
          </Link>
          <Link to={paths.adminAudit} className={buttonClass('ghost')}>
            The whole audit trail
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
