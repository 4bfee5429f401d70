import { useQueryClient } from '@tanstack/react-query';
import { useMessageEvents } from '../../../lib/use-message-events';
import { merchantRequestsKey } from './api';

/**
 * Live admin–merchant threads: while the approval tab is open, a message sent or read anywhere
 * (another admin, the merchant) refetches the cards' unread counts and any open thread through
 * the normal API (the event itself carries no content). Each time the stream (re)connects the
 * cards and threads are refetched too: what changed before it was listening is shown as well.
 */
export function useRegistrationEvents() {
  const qc = useQueryClient();
  useMessageEvents(
    (event) => {
      if (event.type !== 'registration_message') return;
      void qc.invalidateQueries({ queryKey: [...merchantRequestsKey, 'thread', event.registrationId] });
      void qc.invalidateQueries({ queryKey: [...merchantRequestsKey, 'list'] });
    },
    true,
    () => void qc.invalidateQueries({ queryKey: merchantRequestsKey }),
  );
}
