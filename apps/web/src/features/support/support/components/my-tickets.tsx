import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Plus } from 'lucide-react';
import {
  TICKET_STATUS_LABELS,
  newTicketSchema,
  ticketMessageSchema,
  type NewTicket,
  type TicketMessage as TicketMessageInput,
  type TicketStatus,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Pager } from '../../../../components/ui/pager';
import { Field, Input, Textarea } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { TicketMessage } from '../../../../components/ui/ticket-message';
import { errorMessage } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { useMessageEvents } from '../../../../lib/use-message-events';
import { useMyTicket, useMyTickets, useOpenTicket, useSendTicketMessage } from '../api';

const statusClass: Record<TicketStatus, string> = {
  open: 'bg-sky-100 text-sky-900',
  pending_customer: 'bg-violet-100 text-violet-900',
  in_progress: 'bg-amber-100 text-amber-900',
  resolved: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};
// Support's "pending on customer", as the customer reads it.
const customerLabel = (status: TicketStatus) => (status === 'pending_customer' ? 'Awaiting your reply' : TICKET_STATUS_LABELS[status]);
const StatusBadge = ({ status }: { status: TicketStatus }) => (
  <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', statusClass[status])}>{customerLabel(status)}</span>
);

function NewTicketForm({ onDone }: { onDone: (id: string) => void }) {
  const form = useForm({ resolver: zodResolver(newTicketSchema), defaultValues: { subject: '', message: '' } });
  const { errors } = form.formState;
  const open = useOpenTicket();
  const submit = (values: NewTicket) =>
    open.mutate(values, {
      onSuccess: (r) => {
        toast.success('Message Sent', { description: 'Our support team will reply within one business day.' });
        onDone(r.ticket.id);
      },
      onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to send message') }),
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" aria-label="New support request">
      <Field label="Subject" error={errors.subject?.message}>
        {(p) => <Input {...p} {...form.register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(p) => <Textarea {...p} rows={5} {...form.register('message')} />}
      </Field>
      <Button type="submit" disabled={open.isPending}>
        {open.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

/** While a support query loads, or why it could not (the spec's Failed to load messages). */
function LoadState({ error }: { error: unknown }) {
  if (!error) return <Spinner />;
  return (
    <p role="alert" className="text-sm text-red-800">
      {errorMessage(error, 'Failed to load messages')}
    </p>
  );
}

function Thread({ id, onBack }: { id: string; onBack: () => void }) {
  const q = useMyTicket(id);
  const send = useSendTicketMessage();
  const form = useForm({ resolver: zodResolver(ticketMessageSchema), defaultValues: { message: '' } });
  const error = form.formState.errors.message?.message;
  const submit = (values: TicketMessageInput) =>
    send.mutate(
      { id, message: values.message },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Message Sent');
        },
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'Failed to send message') }),
      },
    );
  return (
    <div className="space-y-4">
      <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
        <ArrowLeft aria-hidden className="h-4 w-4" /> All requests
      </Button>
      {q.isPending || q.isError ? (
        <LoadState error={q.error} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="break-words text-lg font-semibold text-slate-900">{q.data.ticket.subject}</h3>
            <StatusBadge status={q.data.ticket.status} />
          </div>
          <ol className="space-y-3" aria-label="Conversation">
            {q.data.messages.map((m) => (
              <TicketMessage
                key={m.id}
                fromSupport={m.senderType === 'admin'}
                own={m.senderType !== 'admin'}
                title={m.senderType === 'admin' ? `LocalPerks Support: ${m.subject}` : 'You'}
                meta={formatDateTime(m.createdAt)}
              >
                {m.message}
              </TicketMessage>
            ))}
          </ol>
          <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" aria-label="Reply to support">
            <Field label="Your reply" error={error}>
              {(p) => <Textarea {...p} rows={3} {...form.register('message')} />}
            </Field>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}

/** The account page's Support tab: the user's tickets with the replies, a new request, follow-ups. */
export function MyTickets() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isWriting, setIsWriting] = useState(false);
  const q = useMyTickets(page);
  const qc = useQueryClient();
  const refreshTickets = () => void qc.invalidateQueries({ queryKey: ['support'] });
  // Also on each (re)connect: a reply written before the stream was listening is shown too.
  useMessageEvents(
    (e) => {
      if (e.type === 'support_ticket') refreshTickets();
    },
    true,
    refreshTickets,
  );
  if (openId) return <Thread id={openId} onBack={() => setOpenId(null)} />;
  if (isWriting)
    return (
      <div className="space-y-3">
        <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setIsWriting(false)}>
          <ArrowLeft aria-hidden className="h-4 w-4" /> All requests
        </Button>
        <NewTicketForm
          onDone={(id) => {
            setIsWriting(false);
            setOpenId(id);
          }}
        />
      </div>
    );
  return (
    <div className="space-y-4">
      <Button onClick={() => setIsWriting(true)}>
        <Plus aria-hidden className="h-4 w-4" /> New Request
      </Button>
      {q.isPending || q.isError ? (
        <LoadState error={q.error} />
      ) : q.data.tickets.length === 0 ? (
        <p className="py-4 text-sm text-slate-600">You have not contacted support yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {q.data.tickets.map((t) => (
            <li key={t.id}>
              <button type="button" onClick={() => setOpenId(t.id)} className="flex w-full flex-col gap-1 p-4 text-left hover:bg-slate-50">
                <span className="flex w-full flex-wrap items-center justify-between gap-2">
                  <span className="break-words font-medium text-slate-900">{t.subject}</span>
                  <StatusBadge status={t.status} />
                </span>
                <span className="text-xs text-slate-600">
                  {t.hasReply ? 'Support replied · ' : ''}
                  {t.messageCount} {t.messageCount === 1 ? 'message' : 'messages'} · last activity {formatDateTime(t.updatedAt)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {q.data && (
        <Pager page={page} total={q.data.total} pageSize={q.data.pageSize} onPage={setPage} label="Support request pages" size="sm" />
      )}
    </div>
  );
}
