import { useEffect, useRef } from 'react';
import type { MessageEvent as LiveMessageEvent } from '@localperks/shared';

/*
 * Live conversation events (docs/product/design.md: Server-Sent Events). The server sends only what the
 * signed-in user may see and only says that something changed; the caller refetches through the
 * normal API. One EventSource per mounted caller, closed on unmount. `onOpen` runs each time the
 * stream (re)connects: a caller refetches there what may have changed before it was listening
 * (between its first fetch and the stream's start, or while it was reconnecting).
 */
export function useMessageEvents(onEvent: (e: LiveMessageEvent) => void, enabled = true, onOpen?: () => void) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events/messages');
    source.addEventListener('open', () => opened.current?.());
    source.addEventListener('message', (m: MessageEvent<string>) => {
      try {
        handler.current(JSON.parse(m.data) as LiveMessageEvent);
      } catch {
        /* not an event of ours */
      }
    });
    return () => source.close();
  }, [enabled]);
}
