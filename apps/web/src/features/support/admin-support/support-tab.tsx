import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Mail } from 'lucide-react';
import {
  SUPPORT_MESSAGES,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  supportReplySchema,
  type AdminTicket,
  type SupportReply,
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
import { useAdminTicket, useAdminTickets, useReplyToTicket, useSetTicketStatus } from './api';
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
  const { ticket, messages } = q.data;
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
    </div>
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
          {formatDateTime(t.createdAt)} · {t.messageCount} {t.messageCount === 1 ? 'message' : 'messages'}
        </span>
      </button>
    </li>
  );
}

/** Customer Support tab: tickets from the contact form and from accounts, their status and replies. */
export default function SupportTab() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useAdminTickets(page);
  const qc = useQueryClient();
  const refreshTickets = () => void qc.invalidateQueries({ queryKey: ['admin', 'support'] });
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
          {openId ? (
            <TicketDetail id={openId} onBack={() => setOpenId(null)} />
          ) : q.isPending ? (
            <Spinner label="Loading tickets..." />
          ) : q.isError ? (
            <ErrorState message="Failed to load customer support messages" onRetry={refresh} />
          ) : q.data.tickets.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">No customer support messages</p>
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
