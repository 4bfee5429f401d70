import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMessageEvents } from '../../../lib/use-message-events';

/**
 * Live customer messages: the server says something changed (`GET /api/events/messages`, filtered to
 * what this user may see) and the thread is refetched through the normal API. It is refetched too
 * each time the stream (re)connects: a message sent between the first fetch and the stream's start,
 * or while it was reconnecting, would otherwise stay unseen until the next one.
 */
export function useCustomerMessageEvents(queryKey: QueryKey) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey });
  useMessageEvents(
    (e) => {
      if (e.type === 'customer_message') refresh();
    },
    true,
    refresh,
  );
}
