import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Search, UserCheck, UserPlus, UserX } from 'lucide-react';
import {
  ADMIN_ROLES,
  ADMIN_ROLE_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  TICKET_STATUS_LABELS,
  auditQuerySchema,
  createAdminSchema,
  formatCents,
  type AdminAccount,
  type AdminRole,
  type AuditEntry,
  type CreateAdmin,
  type TicketStatus,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Input, Select } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useAdmins, useAudit, useCreateAdmin, useSetAdminActive, useSetAdminRole, type AuditFilters } from './api';
import { Pager } from '../../../components/ui/pager';
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

const statusLabel = (s?: string) => (s && s in TICKET_STATUS_LABELS ? TICKET_STATUS_LABELS[s as TicketStatus] : (s ?? '?'));
const actionLabel = (a: string) => (a in AUDIT_ACTION_LABELS ? AUDIT_ACTION_LABELS[a as keyof typeof AUDIT_ACTION_LABELS] : a);

/** A short "what" for an entry, from the details its action records. */
function describe(e: AuditEntry): string {
  const d = e.details;
  const str = (k: string) => (typeof d[k] === 'string' ? d[k] : undefined);
  const parts: string[] = [];
  const name = str('businessName') ?? str('title') ?? str('subject') ?? str('name');
  if (e.action === 'deal.deactivated')
    parts.push(`"${str('title') ?? ''}"${str('businessName') ? ` of ${str('businessName')}` : ''}`, `reason: ${str('reason') ?? ''}`);
  else if (e.action === 'ticket.status_changed')
    parts.push(`"${str('subject') ?? ''}"`, `${statusLabel(str('from'))} → ${statusLabel(str('to'))}`);
  else if (e.action === 'ticket.assigned') parts.push(`"${str('subject') ?? ''}"`, `to ${str('to') ?? 'nobody'}`);
  else if (e.action === 'admin.created') parts.push(`${str('name') ?? ''} (${str('email') ?? ''})`, str('role') ?? '');
  else if (e.action === 'admin.role_changed')
    parts.push(`${str('name') ?? ''} (${str('email') ?? ''})`, `${str('from') ?? 'none'} → ${str('to') ?? ''}`);
  else if (e.action.startsWith('admin.') || e.action.startsWith('customer.')) parts.push(str('name') ?? str('email') ?? '');
  else if (e.action.startsWith('staff.')) parts.push(str('businessName') ?? '', `${str('email') ?? ''} (${str('role') ?? ''})`);
  else if (e.action === 'payout.marked_paid')
    parts.push(str('businessName') ?? 'Unknown Merchant', `${str('periodStart') ?? ''} – ${str('periodEnd') ?? ''}`);
  else if (e.action === 'merchant.approved')
    parts.push(str('businessName') ?? '', typeof d.commissionRate === 'number' ? `${d.commissionRate}% commission` : '');
  else if (name) parts.push(name);
  if (typeof d.netCents === 'number') parts.push(formatCents(d.netCents));
  if (str('reason') && e.action !== 'deal.deactivated') parts.push(`reason: ${str('reason')}`);
  return parts.filter(Boolean).join(' · ') || e.entityType;
}

const NO_FILTERS: AuditFilters = { actor: '', target: '', action: '', from: '', to: '' };

/** The actions grouped by what they are done to, for the filter: "Businesses › Suspended". */
const GROUP_OF: Record<string, string> = {
  merchant: 'Businesses',
  customer: 'Customers',
  admin: 'Admins',
  staff: 'Staff',
  ticket: 'Tickets',
  deal: 'Deals',
  payout: 'Payouts',
  refund: 'Refunds',
};
const ACTION_GROUPS = Object.values(GROUP_OF).map(
  (group) => [group, AUDIT_ACTIONS.filter((a) => GROUP_OF[a.split('.')[0]!] === group)] as const,
);
/** An action's label without its group's word: "Admin created" reads "Created" under Admins. */
const optionLabel = (a: (typeof AUDIT_ACTIONS)[number]) => {
  const text = AUDIT_ACTION_LABELS[a].replace(/^(Merchant|Customer|Admin|Staff|Ticket|Deal|Payout|Refund) /, '');
  return text[0]!.toUpperCase() + text.slice(1);
};

/** The search form, checked with the server's own rules (auditQuerySchema): a date, the range's order, an action of the list. */
function AuditSearch({ onSearch }: { onSearch: (f: AuditFilters) => void }) {
  const form = useForm({ resolver: zodResolver(auditQuerySchema), defaultValues: NO_FILTERS });
  const { errors } = form.formState;
  // The fields as typed (a blank one is no filter): the query string carries them as text.
  const submit = () => {
    const v = form.getValues();
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    onSearch({ actor: text(v.actor), target: text(v.target), action: text(v.action), from: text(v.from), to: text(v.to) });
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} role="search" aria-label="Search the audit trail" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Who (name or e-mail)" error={errors.actor?.message}>
          {(p) => <Input {...p} {...form.register('actor')} autoComplete="off" maxLength={200} />}
        </Field>
        <Field label="Target (id, business, e-mail, subject)" error={errors.target?.message}>
          {(p) => <Input {...p} {...form.register('target')} autoComplete="off" maxLength={200} />}
        </Field>
        <Field label="Action" error={errors.action?.message}>
          {(p) => (
            <Select {...p} {...form.register('action')}>
              <option value="">Any action</option>
              {ACTION_GROUPS.map(([group, actions]) => (
                <optgroup key={group} label={group}>
                  {actions.map((a) => (
                    <option key={a} value={a}>
                      {optionLabel(a)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="From" error={errors.from?.message}>
            {(p) => <Input {...p} {...form.register('from')} type="date" />}
          </Field>
          <Field label="To" error={errors.to?.message}>
            {(p) => <Input {...p} {...form.register('to')} type="date" />}
          </Field>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">
          <Search aria-hidden className="h-4 w-4" /> Search
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(NO_FILTERS);
            onSearch(NO_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function AuditTrail() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const q = useAudit(page, filters);
  const isFiltered = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-4">
      <AuditSearch
        onSearch={(f) => {
          setFilters(f);
          setPage(1);
        }}
      />
      {q.isPending ? (
        <Spinner label="Loading audit trail..." />
      ) : q.isError ? (
        <ErrorState message="Failed to load the audit trail" onRetry={() => void q.refetch()} />
      ) : q.data.entries.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">
          {isFiltered ? 'No recorded action matches this search.' : 'No admin actions recorded yet.'}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {q.data.total} {q.data.total === 1 ? 'entry' : 'entries'}
            {isFiltered ? ' match' : ''}
          </p>
          <ul className="divide-y divide-slate-200" aria-label="Audit trail entries">
            {q.data.entries.map((e) => (
              <li key={e.id} className="py-3 text-sm">
                <p className="font-medium text-slate-900">{actionLabel(e.action)}</p>
                <p className="break-words text-slate-700">{describe(e)}</p>
                <p className="break-words text-xs text-slate-600">
                  {e.admin ? `${e.admin.name} (${e.admin.email})` : 'A deleted account'} · {formatDateTime(e.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={q.data.pageSize} total={q.data.total} onPage={setPage} label="Audit trail pages" size="sm" />
        </>
      )}
    </div>
  );
}

/** Settings tab (owners): admins and their roles (admins never sign themselves up), and the searchable audit trail. */
export default function SettingsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
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
          <CardDescription>Every recorded action, newest first: search by who, what, which action and when.</CardDescription>
        </CardHeader>
        <CardContent>
          <AuditTrail />
        </CardContent>
      </Card>
    </div>
  );
}
