import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import {
  MERCHANT_DASHBOARD_MESSAGES as D,
  REGISTRATION_MESSAGE_MAX_LENGTH,
  registrationMessageSchema,
  type RegistrationMessageInput,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Textarea } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { useMessageEvents } from '../../../../lib/use-message-events';
import { toast } from '../../../../lib/toast';
import { cn } from '../../../../lib/cn';
import { merchantThreadQuery, useSendMerchantMessage } from '../api';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The merchant's side of the thread with the LocalPerks team about their registration
 * (docs/product/merchant-admin-spec.md §4, §5): own messages on the right, the team's on the left, live over SSE.
 */
export function AdminThread({
  description = 'Questions about your application? Write to us here; we answer in this thread.',
}: {
  description?: string;
} = {}) {
  const qc = useQueryClient();
  const thread = useQuery(merchantThreadQuery);
  const send = useSendMerchantMessage();
  const form = useForm({ resolver: zodResolver(registrationMessageSchema), defaultValues: { message: '' } });
  const text = useWatch({ control: form.control, name: 'message' });
  const listRef = useRef<HTMLOListElement>(null);
  const registrationId = thread.data?.registrationId;

  const refreshThread = () => void qc.invalidateQueries({ queryKey: merchantThreadQuery.queryKey });
  // Also on each (re)connect: a message written before the stream was listening is shown too.
  useMessageEvents(
    (e) => {
      if (e.type === 'registration_message' && (!registrationId || e.registrationId === registrationId)) refreshThread();
    },
    true,
    refreshThread,
  );

  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const sendMessage = ({ message }: RegistrationMessageInput) => {
    if (send.isPending) return;
    send.mutate(message, {
      onSuccess: () => {
        form.reset();
        toast.success(D.messageSentTitle);
      },
      onError: (err) => toast.error(D.sendFailed, { description: err.message }),
    });
  };
  // Blank is simply not sent: the schema refuses it and nothing is shown (the button is disabled too).
  const submit = form.handleSubmit(sendMessage);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <MessageSquare aria-hidden className="h-5 w-5 text-brand-700" /> Messages with the LocalPerks team
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {thread.isLoading ? (
          <Spinner label="Loading messages..." />
        ) : thread.isError ? (
          <Alert variant="destructive">{D.loadMessagesFailed}</Alert>
        ) : count === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">No messages yet. Start the conversation by sending a message.</p>
        ) : (
          <ol
            ref={listRef}
            aria-label="Messages"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region: focusable so keyboard users can scroll it (axe scrollable-region-focusable)
            tabIndex={0}
            className="max-h-96 space-y-3 overflow-y-auto rounded-lg bg-slate-50 p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {thread.data!.messages.map((m) => {
              const own = m.senderType === 'merchant';
              return (
                <li key={m.id} className={cn('flex', own ? 'justify-end' : 'justify-start')}>
                  <div
                    className={cn(
                      'max-w-[85%] rounded-2xl px-4 py-2 text-sm shadow-sm',
                      own ? 'bg-brand-700 text-white' : 'border border-slate-200 bg-white text-slate-900',
                    )}
                  >
                    <p
                      className={cn('mb-1 flex flex-wrap items-center gap-2 text-xs font-semibold', own ? 'text-white' : 'text-slate-700')}
                    >
                      {own ? 'You' : 'LocalPerks team'}
                      {m.messageType === 'rejection_response' && (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-800">Rejection Notice</span>
                      )}
                    </p>
                    <p className="whitespace-pre-wrap break-words">{m.message}</p>
                    <p className={cn('mt-1 text-xs', own ? 'text-white' : 'text-slate-600')}>
                      <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {!thread.isError && (
          <form className="space-y-2" onSubmit={submit}>
            <label htmlFor="merchant-thread-message" className="block text-sm font-medium text-slate-800">
              Your message
            </label>
            <Textarea
              id="merchant-thread-message"
              rows={3}
              {...form.register('message')}
              onKeyDown={onKeyDown}
              aria-describedby="merchant-thread-hint"
              maxLength={REGISTRATION_MESSAGE_MAX_LENGTH}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id="merchant-thread-hint" className="text-xs text-slate-600">
                Press Ctrl+Enter (⌘+Enter on Mac) to send.
              </p>
              <Button type="submit" disabled={!text.trim() || send.isPending}>
                <Send aria-hidden className="h-4 w-4" /> {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
