import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Ban, ExternalLink, MessageSquare, RotateCcw } from 'lucide-react';
import { PLANS, SANCTION_REASON_MAX_LENGTH, paths, sanctionSchema, type AdminBusiness } from '@localperks/shared';
import { Badge } from '../../../components/ui/admin-parts';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchableList, useListFilters } from '../../../components/ui/searchable-list';
import { TextDialog } from '../../../components/ui/text-dialog';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { adminBusinessesQuery, useReinstateBusiness, useSuspendBusiness } from './api';
import { MessagesDialog } from './messages-dialog';

const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

function SuspendButton({ b }: { b: AdminBusiness }) {
  const [open, setOpen] = useState(false);
  const suspend = useSuspendBusiness();
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setOpen(true)} aria-label={`Suspend ${b.businessName}`}>
        <Ban aria-hidden className="h-4 w-4" /> Suspend
      </Button>
      <TextDialog
        open={open}
        onOpenChange={setOpen}
        title={`Suspend ${b.businessName}?`}
        description="Its business page and deals disappear from LocalPerks (404) and cannot be bought, open payment pages are closed, and its payouts are held. Vouchers already sold stay valid. The merchant reads your reason on its dashboard and by e-mail, and can answer in its thread."
        label="Reason (the merchant reads it)"
        field="reason"
        schema={sanctionSchema}
        maxLength={SANCTION_REASON_MAX_LENGTH}
        submitLabel="Suspend"
        pendingLabel="Suspending..."
        submitVariant="destructive"
        isPending={suspend.isPending}
        onSubmit={(reason) =>
          suspend.mutateAsync({ id: b.id, reason }).then(
            () => {
              setOpen(false);
              toast.success('Business suspended', { description: `${b.businessName} is hidden from customers and its payouts are held.` });
            },
            (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The business was not suspended. Please try again.') }),
          )
        }
      />
    </>
  );
}

function ReinstateButton({ b }: { b: AdminBusiness }) {
  const [open, setOpen] = useState(false);
  const reinstate = useReinstateBusiness();
  const confirm = () =>
    reinstate.mutateAsync(b.id).then(
      () => {
        setOpen(false);
        toast.success('Business reinstated', { description: `${b.businessName} is back on LocalPerks and its payouts are released.` });
      },
      (err: unknown) => toast.error('Error', { description: errorMessage(err, 'The business was not reinstated. Please try again.') }),
    );
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-label={`Reinstate ${b.businessName}`}>
        <RotateCcw aria-hidden className="h-4 w-4" /> Reinstate
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Reinstate ${b.businessName}?`}
        description="Its business page and deals are shown and sold again, and its held payouts are paid as usual. The merchant is e-mailed."
        confirmLabel="Reinstate"
        pendingLabel="Reinstating..."
        isPending={reinstate.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

function BusinessRow({ b }: { b: AdminBusiness }) {
  const [isThreadOpen, setIsThreadOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-4">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-words font-semibold text-slate-900">{b.businessName}</span>
          {b.suspendedAt ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Live</Badge>}
        </p>
        <p className="break-words text-slate-700">
          {b.city}, {b.state} · {planName(b.plan)} · {b.email}
        </p>
        <p className="text-slate-700">
          {b.liveDeals} live {b.liveDeals === 1 ? 'deal' : 'deals'}
          {b.suspendedAt ? ` (hidden) · suspended ${formatDate(b.suspendedAt)}` : ''}
        </p>
        {b.suspensionReason && <p className="whitespace-pre-wrap break-words text-red-900">Reason: {b.suspensionReason}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {!b.suspendedAt && (
          <Link to={paths.business(b.slug)} className={buttonClass('ghost', 'sm')} aria-label={`Page of ${b.businessName}`}>
            <ExternalLink aria-hidden className="h-4 w-4" /> Page
          </Link>
        )}
        {b.registrationId && (
          <>
            <Button variant="secondary" size="sm" onClick={() => setIsThreadOpen(true)} aria-label={`Messages with ${b.businessName}`}>
              <MessageSquare aria-hidden className="h-4 w-4" /> Messages
            </Button>
            <MessagesDialog registrationId={b.registrationId} open={isThreadOpen} onOpenChange={setIsThreadOpen} />
          </>
        )}
        {b.suspendedAt ? <ReinstateButton b={b} /> : <SuspendButton b={b} />}
      </div>
    </li>
  );
}

/** The admins' Businesses tab (owners): every approved business, suspended and reinstated here. */
export default function BusinessesTab() {
  const filters = useListFilters<'all' | 'suspended'>('all');
  const q = useQuery(adminBusinessesQuery({ page: filters.page, search: filters.search, status: filters.status }));
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle className="text-lg">Businesses ({q.data?.total ?? 0})</CardTitle>
        <CardDescription>Suspend a business that breaks the merchant terms; reinstating undoes everything.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <SearchableList
          filters={filters}
          search={{ id: 'admin-businesses-search', label: 'Search businesses', placeholder: 'Business name, city or e-mail' }}
          statuses={{
            label: 'Show businesses',
            options: [
              ['all', 'All'],
              ['suspended', 'Suspended'],
            ],
          }}
          query={q}
          items={q.data?.businesses}
          labels={{
            list: 'Businesses',
            loading: 'Loading businesses...',
            failed: 'Businesses could not be loaded.',
            empty: 'No approved business yet.',
            noMatch: 'No business matches.',
            pager: 'Business pages',
          }}
        >
          {(b) => <BusinessRow key={b.id} b={b} />}
        </SearchableList>
      </CardContent>
    </Card>
  );
}
