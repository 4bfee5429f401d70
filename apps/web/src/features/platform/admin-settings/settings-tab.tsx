import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import {
  TICKET_STATUS_LABELS,
  createAdminSchema,
  formatCents,
  type AuditEntry,
  type CreateAdmin,
  type TicketStatus,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAdmins, useAudit, useCreateAdmin } from './api';
import { Pager } from '../../../components/ui/pager';
import { ErrorState } from '../../../components/ui/admin-parts';

function CreateAdminForm() {
  const form = useForm<CreateAdmin>({ resolver: zodResolver(createAdminSchema), defaultValues: { name: '', email: '', password: '' } });
  const create = useCreateAdmin();
  const { errors } = form.formState;
  const submit = (v: CreateAdmin) =>
    create.mutate(v, {
      onSuccess: ({ admin }) => {
        toast.success('Admin Created', { description: `${admin.name} (${admin.email}) can now sign in at the admin access page.` });
        form.reset();
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

const ACTION_LABELS: Record<string, string> = {
  'merchant.approved': 'Merchant approved',
  'merchant.rejected': 'Merchant rejected',
  'merchant.reset_to_review': 'Merchant reset to review',
  'payout.marked_paid': 'Payout marked as paid',
  'ticket.status_changed': 'Ticket status changed',
  'deal.deactivated': 'Deal deactivated',
  'deal.appeal_reinstated': 'Deal reinstated on appeal',
  'deal.appeal_upheld': 'Deal removal upheld on appeal',
  'admin.created': 'Admin created',
};

const statusLabel = (s?: string) => (s && s in TICKET_STATUS_LABELS ? TICKET_STATUS_LABELS[s as TicketStatus] : (s ?? '?'));

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
  else if (e.action === 'admin.created') parts.push(`${str('name') ?? ''} (${str('email') ?? ''})`);
  else if (e.action === 'payout.marked_paid')
    parts.push(str('businessName') ?? 'Unknown Merchant', `${str('periodStart') ?? ''} – ${str('periodEnd') ?? ''}`);
  else if (e.action === 'merchant.approved')
    parts.push(str('businessName') ?? '', typeof d.commissionRate === 'number' ? `${d.commissionRate}% commission` : '');
  else if (name) parts.push(name);
  if (typeof d.netCents === 'number') parts.push(formatCents(d.netCents));
  if (str('reason') && e.action !== 'deal.deactivated') parts.push(`reason: ${str('reason')}`);
  return parts.filter(Boolean).join(' · ') || e.entityType;
}

function AuditTrail() {
  const [page, setPage] = useState(1);
  const q = useAudit(page);
  if (q.isPending) return <Spinner label="Loading audit trail..." />;
  if (q.isError) return <ErrorState message="Failed to load the audit trail" onRetry={() => void q.refetch()} />;
  if (q.data.entries.length === 0) return <p className="py-4 text-sm text-slate-600">No admin actions recorded yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Audit trail entries">
        {q.data.entries.map((e) => (
          <li key={e.id} className="py-3 text-sm">
            <p className="font-medium text-slate-900">{ACTION_LABELS[e.action] ?? e.action}</p>
            <p className="break-words text-slate-700">{describe(e)}</p>
            <p className="text-xs text-slate-600">
              {e.admin ? `${e.admin.name} (${e.admin.email})` : 'A deleted admin'} · {formatDateTime(e.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={q.data.pageSize}
        total={q.data.total}
        onPage={setPage}
        label="Audit trail pages"
        size="sm"
        className="mt-4"
      />
    </>
  );
}

/** Settings tab: more admins (admins never sign themselves up) and the audit trail. */
export default function SettingsTab() {
  const admins = useAdmins();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Add an Admin</CardTitle>
            <CardDescription>Admin accounts are only ever created here, by another admin.</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateAdminForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Admins</CardTitle>
          </CardHeader>
          <CardContent>
            {admins.isPending ? (
              <Spinner />
            ) : admins.isError ? (
              <ErrorState message="Failed to load admins" onRetry={() => void admins.refetch()} />
            ) : (
              <ul className="divide-y divide-slate-200">
                {admins.data.map((a) => (
                  <li key={a.id} className="py-2 text-sm">
                    <p className="font-medium text-slate-900">{a.name}</p>
                    <p className="break-words text-slate-700">
                      {a.email} · since {formatDate(a.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Audit Trail</CardTitle>
          <CardDescription>Every admin action, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <AuditTrail />
        </CardContent>
      </Card>
    </div>
  );
}
