import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MessageEvent as LiveMessageEvent } from '@localperks/shared';

/**
 * Live customer messages: the server says something changed (`GET /api/events/messages`, filtered to
 * what this user may see) and the thread is refetched through the normal API.
 */
export function useCustomerMessageEvents(queryKey: QueryKey) {
  const qc = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events/messages');
    source.addEventListener('message', (m: MessageEvent<string>) => {
      try {
        const e = JSON.parse(m.data) as LiveMessageEvent;
        if (e.type === 'customer_message') void qc.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
      } catch {
        // not an event of ours
      }
    });
    return () => source.close();
  }, [qc, key]);
}
