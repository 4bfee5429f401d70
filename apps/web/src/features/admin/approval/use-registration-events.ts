import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageEvent as LiveMessageEvent } from '@localperks/shared';
import { merchantRequestsKey } from './api';

/**
 * Live admin–merchant threads: while the approval tab is open, a message sent or read anywhere
 * (another admin, the merchant) refetches the cards' unread counts and any open thread through
 * the normal API (the event itself carries no content).
 */
export function useRegistrationEvents() {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events/messages');
    const onMessage = (e: MessageEvent<string>) => {
      let event: LiveMessageEvent;
      try {
        event = JSON.parse(e.data) as LiveMessageEvent;
      } catch {
        return;
      }
      if (event.type !== 'registration_message') return;
      void qc.invalidateQueries({ queryKey: [...merchantRequestsKey, 'thread', event.registrationId] });
      void qc.invalidateQueries({ queryKey: [...merchantRequestsKey, 'list'] });
    };
    source.addEventListener('message', onMessage);
    return () => {
      source.removeEventListener('message', onMessage);
      source.close();
    };
  }, [qc]);
}
