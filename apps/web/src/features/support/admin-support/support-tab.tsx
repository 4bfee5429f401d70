import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Mail, StickyNote } from 'lucide-react';
import {
  SUPPORT_MESSAGES,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  supportReplySchema,
  ticketNoteSchema,
  type AdminTicket,
  type SupportReply,
  type TicketNote,
  type TicketNoteOut,
  type TicketStatus,
} from '@localperks/shared';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { TicketMessage } from '../../../components/ui/ticket-message';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMessageEvents } from '../../../lib/use-message-events';
import {
  useAddTicketNote,
  useAdminTicket,
  useAdminTickets,
  useAssignTicket,
  useReplyToTicket,
  useSetTicketStatus,
  useTicketAssignees,
  type TicketFilters,
} from './api';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Badge, ErrorState, RefreshButton } from '../../../components/ui/admin-parts';

import { showLoadError, useLoadErrorToast } from '../../../lib/use-load-error-toast';

const statusTone: Record<TicketStatus, 'blue' | 'amber' | 'green' | 'slate'> = {
  open: 'blue',
  pending_customer: 'slate',
  in_progress: 'amber',
  resolved: 'green',
  closed: 'slate',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={statusTone[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

function ReplyForm({ ticketId, defaultSubject, onCancel }: { ticketId: string; defaultSubject: string; onCancel: () => void }) {
  const form = useForm({ resolver: zodResolver(supportReplySchema), defaultValues: { subject: defaultSubject, message: '' } });
  const reply = useReplyToTicket();
  const submit = (values: SupportReply) =>
    reply.mutate(
      { id: ticketId, ...values },
      {
        onSuccess: () => {
          toast.success(SUPPORT_MESSAGES.replySent, { description: 'The customer was e-mailed and can read it in their account.' });
          form.setValue('message', '');
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to send reply') }),
      },
    );
  // A missing subject or message is the spec's toast (docs/product/merchant-admin-spec.md §8), not a field message.
  const missing = () => toast.error(SUPPORT_MESSAGES.missingTitle, { description: SUPPORT_MESSAGES.missingDescription });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit, missing)}
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-labelledby={`${ticketId}-reply`}
    >
      <h4 id={`${ticketId}-reply`} className="font-semibold text-slate-900">
        Reply to Customer
      </h4>
      <Field label="Subject">{(p) => <Input {...p} {...form.register('subject')} />}</Field>
      <Field label="Message">{(p) => <Textarea {...p} rows={4} {...form.register('message')} />}</Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={reply.isPending}>
          <Mail aria-hidden className="h-4 w-4" /> {reply.isPending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}

function TicketDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const q = useAdminTicket(id);
  const setStatus = useSetTicketStatus();
  const selectId = useId();
  const [isReplying, setIsReplying] = useState(false);
  if (q.isPending) return <Spinner label="Loading ticket..." />;
  if (q.isError) return <ErrorState message="Failed to load customer support messages" onRetry={() => void q.refetch()} />;
  const { ticket, messages, notes } = q.data;
  const change = (status: TicketStatus) =>
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => toast.success(`Ticket status updated to ${TICKET_STATUS_LABELS[status]}`),
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to update ticket status') }),
      },
    );
  return (
    <div className="space-y-4">
      <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> All tickets
      </Button>
      <div>
        <h3 className="break-words text-lg font-semibold text-slate-900">{ticket.subject}</h3>
        <p className="break-words text-sm text-slate-700">
          {ticket.name} · {ticket.email}
        </p>
        <p className="text-xs text-slate-600">Opened {formatDateTime(ticket.createdAt)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
          Ticket status
        </label>
        <select
          id={selectId}
          value={ticket.status}
          disabled={setStatus.isPending}
          onChange={(e) => change(e.target.value as TicketStatus)}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900"
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <AssigneeSelect ticketId={id} assigneeId={ticket.assignee?.id ?? null} />
      <ol className="space-y-3" aria-label="Conversation">
        {messages.map((m) => (
          <TicketMessage
            key={m.id}
            fromSupport={m.senderType === 'admin'}
            own={m.senderType === 'admin'}
            title={m.senderType === 'admin' ? `Support: ${m.subject}` : m.subject}
            meta={`${m.senderType === 'admin' ? (m.senderName ?? 'Support') : ticket.name} · ${formatDateTime(m.createdAt)}`}
          >
            {m.message}
          </TicketMessage>
        ))}
      </ol>
      {isReplying ? (
        <ReplyForm ticketId={id} defaultSubject={`Re: ${ticket.subject}`} onCancel={() => setIsReplying(false)} />
      ) : (
        <Button onClick={() => setIsReplying(true)}>
          <Mail aria-hidden className="h-4 w-4" /> Reply to Customer
        </Button>
      )}
      <InternalNotes ticketId={id} notes={notes} />
    </div>
  );
}

/** Who works the ticket: an owner or support admin, or nobody (audited). */
function AssigneeSelect({ ticketId, assigneeId }: { ticketId: string; assigneeId: string | null }) {
  const id = useId();
  const admins = useTicketAssignees();
  const assign = useAssignTicket();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Assigned to
      </label>
      <select
        id={id}
        value={assigneeId ?? ''}
        disabled={assign.isPending || admins.isPending}
        onChange={(e) =>
          assign.mutate(
            { id: ticketId, adminId: e.target.value || null },
            {
              onSuccess: ({ ticket }) =>
                toast.success(ticket.assignee ? `Ticket assigned to ${ticket.assignee.name}` : 'Ticket unassigned'),
              onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to assign the ticket') }),
            },
          )
        }
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900"
      >
        <option value="">Nobody</option>
        {(admins.data ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Internal notes: for the admins only; the customer never sees them, and they are never e-mailed. */
function InternalNotes({ ticketId, notes }: { ticketId: string; notes: TicketNoteOut[] }) {
  const form = useForm({ resolver: zodResolver(ticketNoteSchema), defaultValues: { note: '' } });
  const add = useAddTicketNote();
  const error = form.formState.errors.note?.message;
  const noteId = useId();
  const submit = ({ note }: TicketNote) =>
    add.mutate(
      { id: ticketId, note },
      {
        onSuccess: () => {
          toast.success('Note added', { description: 'Only admins can read it.' });
          form.reset({ note: '' });
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to add the note') }),
      },
    );
  return (
    <section aria-labelledby={`${noteId}-heading`} className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h4 id={`${noteId}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
        <StickyNote aria-hidden className="h-4 w-4 text-amber-800" /> Internal notes
      </h4>
      <p className="text-sm text-slate-700">Only admins see these; the customer never does.</p>
      {notes.length > 0 && (
        <ol className="space-y-2" aria-label="Internal notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-white p-3 text-sm">
              <p className="whitespace-pre-wrap break-words text-slate-900">{n.note}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.authorName ?? 'A deleted admin'} · {formatDateTime(n.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-2" aria-label="Add an internal note">
        <Field label="New note" error={error}>
          {(p) => <Textarea {...p} rows={3} {...form.register('note')} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </form>
    </section>
  );
}

function TicketRow({ t, onOpen }: { t: AdminTicket; onOpen: () => void }) {
  return (
    <li>
      <button type="button" onClick={onOpen} className="flex w-full flex-col gap-1 py-3 text-left hover:bg-slate-50">
        <span className="flex w-full flex-wrap items-center justify-between gap-2">
          <span className="min-w-0 break-words font-medium text-slate-900">{t.subject}</span>
          <span className="flex items-center gap-1">
            {t.awaitingReply && <Badge tone="red">Awaiting reply</Badge>}
            <TicketStatusBadge status={t.status} />
          </span>
        </span>
        <span className="break-words text-sm text-slate-700">
          {t.name} · {t.email}
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">{t.firstMessage}</span>
        <span className="text-xs text-slate-600">
          {formatDateTime(t.createdAt)} · {t.messageCount} {t.messageCount === 1 ? 'message' : 'messages'} ·{' '}
          {t.assignee ? `assigned to ${t.assignee.name}` : 'unassigned'}
        </span>
      </button>
    </li>
  );
}

/**
 * Customer Support tab: tickets from the contact form and from accounts, their status and replies. `table`, the
 * console's Support tickets table (issue 32), is the list when given: a ticket's subject opens its thread.
 */
export default function SupportTab({ table }: { table?: (open: (id: string) => void) => ReactNode } = {}) {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [filters, setFilters] = useState<TicketFilters>({ assigned: 'all', status: 'all' });
  const q = useAdminTickets(page, filters);
  const statusId = useId();
  const qc = useQueryClient();
  const refreshTickets = () => {
    void qc.invalidateQueries({ queryKey: ['admin', 'support'] });
    void qc.invalidateQueries({ queryKey: ['/api/admin/tables/tickets'] });
  };
  // Also on each (re)connect: a ticket written before the stream was listening is shown too.
  useMessageEvents(
    (e) => {
      if (e.type === 'support_ticket') refreshTickets();
    },
    true,
    refreshTickets,
  );
  useLoadErrorToast(q.isError, 'Failed to load customer support messages');
  const refresh = () =>
    void q.refetch().then((r) => {
      if (r.isError) showLoadError('Failed to load customer support messages');
    });
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <RefreshButton spinning={q.isFetching} disabled={q.isFetching} onClick={refresh} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Support Tickets ({q.data?.total ?? 0})</CardTitle>
        </CardHeader>
        <CardContent>
          {!openId && !table && (
            <div className="mb-4 flex flex-wrap items-end gap-4">
              <FilterChips
                label="Whose tickets"
                options={[
                  ['all', 'Everyone’s'],
                  ['me', 'Mine'],
                  ['unassigned', 'Unassigned'],
                ]}
                value={filters.assigned}
                onChange={(assigned) => {
                  setFilters((f) => ({ ...f, assigned }));
                  setPage(1);
                }}
              />
              <div className="flex items-center gap-2">
                <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
                  Status
                </label>
                <select
                  id={statusId}
                  value={filters.status}
                  onChange={(e) => {
                    setFilters((f) => ({ ...f, status: e.target.value as TicketFilters['status'] }));
                    setPage(1);
                  }}
                  className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900"
                >
                  <option value="all">All statuses</option>
                  {TICKET_STATUSES.map((st) => (
                    <option key={st} value={st}>
                      {TICKET_STATUS_LABELS[st]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          {openId ? (
            <TicketDetail
              id={openId}
              onBack={() => {
                setOpenId(null);
                refreshTickets();
              }}
            />
          ) : table ? (
            table(setOpenId)
          ) : q.isPending ? (
            <Spinner label="Loading tickets..." />
          ) : q.isError ? (
            <ErrorState message="Failed to load customer support messages" onRetry={refresh} />
          ) : q.data.tickets.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">
              {filters.assigned === 'all' && filters.status === 'all' ? 'No customer support messages' : 'No ticket matches these filters.'}
            </p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200">
                {q.data.tickets.map((t) => (
                  <TicketRow key={t.id} t={t} onOpen={() => setOpenId(t.id)} />
                ))}
              </ul>
              <Pager
                page={page}
                pageSize={q.data.pageSize}
                total={q.data.total}
                onPage={setPage}
                label="Ticket pages"
                size="sm"
                className="mt-4"
              />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
