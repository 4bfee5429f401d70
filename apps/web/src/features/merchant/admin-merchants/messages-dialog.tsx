import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  ADMIN_APPROVAL_MESSAGES as M,
  REGISTRATION_MESSAGE_MAX_LENGTH,
  registrationMessageSchema,
  type RegistrationMessageInput,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { registrationThreadQuery, useMarkThreadRead, useSendRegistrationMessage } from './api';
import { useLoadErrorToast } from '../../../lib/use-load-error-toast';
import { Badge, capitalise } from '../../../components/ui/status-badge';

/**
 * The admin side of a registration's thread (docs/product/merchant-admin-spec.md §2 Messages dialog): admin messages
 * on the right, the merchant's on the left. Merchant messages that were unread when they arrived on
 * screen keep their New tag while the dialog is open, although opening marks them read.
 */
export function MessagesDialog({
  registrationId,
  open,
  onOpenChange,
}: {
  registrationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const thread = useQuery({ ...registrationThreadQuery(registrationId), enabled: open });
  const markRead = useMarkThreadRead(registrationId);
  const send = useSendRegistrationMessage(registrationId);
  const form = useForm({ resolver: zodResolver(registrationMessageSchema), defaultValues: { message: '' } });
  const text = useWatch({ control: form.control, name: 'message' });
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const boxId = useId();
  const listRef = useRef<HTMLOListElement | null>(null);
  // The thread opens at its newest message (the dialog's content may mount after the first effect).
  const attachList = useCallback((el: HTMLOListElement | null) => {
    listRef.current = el;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  const { mutate: markAsRead } = markRead;

  useLoadErrorToast(thread.isError, M.loadMessagesFailed);

  const messages = thread.data?.messages;
  useEffect(() => {
    if (!open || !messages) return;
    const unread = messages.filter((m) => m.senderType === 'merchant' && !m.isRead).map((m) => m.id);
    if (!unread.length) return;
    setNewIds((prev) => (unread.every((id) => prev.has(id)) ? prev : new Set([...prev, ...unread])));
    markAsRead();
  }, [open, messages, markAsRead]);

  useEffect(() => {
    if (!open) setNewIds(new Set());
  }, [open]);

  useEffect(() => {
    // The newest message in view, inside the thread only (the dialog itself keeps its place).
    if (listRef.current) listRef.current.scrollTop = listRef.current.scrollHeight;
  }, [messages?.length]);

  const sendMessage = ({ message }: RegistrationMessageInput) => {
    if (send.isPending) return;
    send.mutate(message, {
      onSuccess: () => {
        form.reset();
        toast.success(M.messageSentTitle, { description: 'The merchant has been notified by e-mail.' });
      },
      onError: () => toast.error('Error', { description: M.sendFailed }),
    });
  };
  // Blank or whitespace-only is simply not sent (docs/product/merchant-admin-spec.md §5): the schema refuses it, nothing is shown.
  const submit = form.handleSubmit(sendMessage);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const reg = thread.data?.registration;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Messages" className="max-h-[92vh] max-w-2xl overflow-y-auto">
        {thread.isPending ? (
          <p role="status" className="py-8 text-center text-slate-700">
            Loading messages...
          </p>
        ) : thread.isError || !reg ? (
          <div className="space-y-3">
            <Alert variant="destructive" title={M.loadMessagesFailed} />
            <Button variant="secondary" onClick={() => void thread.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <p className="font-semibold text-slate-900">{reg.businessName}</p>
              <p className="break-all">Registration ID: {reg.id}</p>
              <p className="break-all">{reg.email}</p>
              <div className="flex flex-wrap gap-2 pt-1">
                {reg.requiresMerchantResponse && <Badge tone="orange">Awaiting Response</Badge>}
                <Badge tone={reg.status === 'approved' ? 'green' : reg.status === 'rejected' ? 'red' : 'amber'}>
                  {capitalise(reg.status)}
                </Badge>
              </div>
            </div>
            <ol
              ref={attachList}
              aria-label="Conversation"
              className="max-h-[35vh] min-h-24 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:max-h-80"
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
              tabIndex={0}
            >
              {thread.data.messages.length === 0 ? (
                <li className="py-6 text-center text-sm text-slate-700">{M.noMessages}</li>
              ) : (
                thread.data.messages.map((m) => {
                  const isAdmin = m.senderType === 'admin';
                  return (
                    <li key={m.id} className={cn('flex', isAdmin ? 'justify-end' : 'justify-start')}>
                      <div
                        className={cn(
                          'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                          isAdmin ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
                        )}
                      >
                        <div className="mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold">
                          <span>{isAdmin ? 'Admin' : 'Merchant'}</span>
                          {m.messageType === 'rejection_response' && <Badge tone="red">Rejection Notice</Badge>}
                          {!isAdmin && newIds.has(m.id) && (
                            <Badge tone="brand" className="bg-brand-800">
                              New
                            </Badge>
                          )}
                        </div>
                        <p className="whitespace-pre-wrap break-words">{m.message}</p>
                        <p className={cn('mt-1 text-xs', isAdmin ? 'text-white' : 'text-slate-700')}>{formatDateTime(m.createdAt)}</p>
                      </div>
                    </li>
                  );
                })
              )}
            </ol>
            <form className="space-y-2" onSubmit={submit}>
              <label htmlFor={boxId} className="block text-sm font-medium text-slate-800">
                Message to {reg.businessName}
              </label>
              <Textarea
                id={boxId}
                rows={3}
                maxLength={REGISTRATION_MESSAGE_MAX_LENGTH}
                {...form.register('message')}
                onKeyDown={onKeyDown}
                placeholder="Type your message..."
              />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-slate-700">Ctrl or Cmd + Enter sends</p>
                <Button type="submit" disabled={send.isPending || text.trim() === ''}>
                  {send.isPending ? 'Sending...' : 'Send'}
                </Button>
              </div>
            </form>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
