import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Ban, RotateCcw } from 'lucide-react';
import { SANCTION_REASON_MAX_LENGTH, sanctionSchema, type AdminCustomer } from '@localperks/shared';
import { Badge } from '../../../components/ui/admin-parts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchableList, useListFilters } from '../../../components/ui/searchable-list';
import { TextDialog } from '../../../components/ui/text-dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { adminCustomersQuery, useBanCustomer, useUnbanCustomer } from './api';

function BanButton({ c }: { c: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  const ban = useBanCustomer();
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label={`Ban ${c.name}`}>
        <Ban aria-hidden className="h-4 w-4" /> Ban
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title={`Ban ${c.name}?`}
        description="They are signed out everywhere at once and can no longer sign in; they read your reason when they try. Their vouchers stay valid and refunds under way are still paid."
        label="Reason (the customer reads it)"
        field="reason"
        schema={sanctionSchema}
        maxLength={SANCTION_REASON_MAX_LENGTH}
        submitLabel="Ban"
        pendingLabel="Banning..."
        submitVariant="destructive"
        isPending={ban.isPending}
        onSubmit={(reason) =>
          ban.mutateAsync({ id: c.id, reason }).then(
            () => {
              setOpen(false);
              toast.success('Customer banned', { description: `${c.email} was signed out and cannot sign in.` });
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The customer was not banned. Please try again.') }),
          )
        }
      />
    </>
  );
}

function UnbanButton({ c }: { c: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  const unban = useUnbanCustomer();
  const confirm = () =>
    unban.mutateAsync(c.id).then(
      () => {
        setOpen(false);
        toast.success('Ban lifted', { description: `${c.email} can sign in again.` });
      },
      (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The ban was not lifted. Please try again.') }),
    );
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Lift ban: ${c.name}`}>
        <RotateCcw aria-hidden className="h-4 w-4" /> Lift ban
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Lift the ban of ${c.name}?`}
        description="They can sign in again with their password."
        confirmLabel="Lift ban"
        pendingLabel="Lifting..."
        isPending={unban.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function CustomerRow({ c }: { c: AdminCustomer }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-slate-900">{c.name}</span>
          {c.bannedAt && <Badge tone="red">Banned</Badge>}
          {!c.emailVerified && <Badge tone="amber">Unverified</Badge>}
        </p>
        <p className="break-words text-slate-700">
          {c.email} · joined {formatDate(c.createdAt)} · {c.purchases} {c.purchases === 1 ? 'voucher' : 'vouchers'}
        </p>
        {c.bannedAt && (
          <p className="whitespace-pre-wrap break-words text-red-900">
            Banned {formatDate(c.bannedAt)}: {c.banReason}
          </p>
        )}
      </div>
      {c.bannedAt ? <UnbanButton c={c} /> : <BanButton c={c} />}
    </li>
  );
}

/** The admins' Customers tab (owners and support): find a customer, ban them with a reason, lift a ban. */
export default function CustomersTab() {
  const filters = useListFilters<'all' | 'banned'>('all');
  const q = useQuery(adminCustomersQuery({ page: filters.page, search: filters.search, status: filters.status }));
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle className="text-lg">Customers ({q.data?.total ?? 0})</CardTitle>
        <CardDescription>Ban a customer who abuses refunds or messages; their vouchers and refunds stay as they are.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <SearchableList
          filters={filters}
          search={{ id: 'admin-customers-search', label: 'Search customers', placeholder: 'Name or e-mail' }}
          statuses={{
            label: 'Show customers',
            options: [
              ['all', 'All'],
              ['banned', 'Banned'],
            ],
          }}
          query={q}
          items={q.data?.customers}
          labels={{
            list: 'Customers',
            loading: 'Loading customers...',
            failed: 'Customers could not be loaded.',
            empty: 'No customer yet.',
            noMatch: 'No customer matches.',
            pager: 'Customer pages',
          }}
        >
          {(c) => <CustomerRow key={c.id} c={c} />}
        </SearchableList>
      </CardContent>
    </Card>
  );
}
