import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageEvent } from '@localperks/shared';
import { MESSAGE_EVENTS_CHANNEL } from '../../../lib/events';
import { streamLiveEvents } from '../../../lib/sse';
import { errorResponses } from '@localperks/shared';

interface Viewer {
  id: string;
  role: 'customer' | 'merchant' | 'admin';
  secondFactorPassed: boolean;
}

/** Whether a signed-in user may be told about an event (the data itself is fetched through the API). */
export function canSee(viewer: Viewer, e: MessageEvent): boolean {
  const isAdmin = viewer.role === 'admin' && viewer.secondFactorPassed;
  switch (e.type) {
    case 'registration_message':
      return isAdmin || e.merchantUserId === viewer.id;
    case 'customer_message':
      return e.merchantUserId === viewer.id || e.customerId === viewer.id;
    case 'support_ticket':
      return isAdmin || (e.customerId !== null && e.customerId === viewer.id);
    case 'notification':
      return e.userId === viewer.id;
    case 'purchase':
      return e.customerId === viewer.id;
  }
}

export async function messageEventsRoutes(app: FastifyInstance) {
  /** Live message threads (admin–merchant, customer–merchant, support) over Server-Sent Events. */
  app.get(
    '/api/events/messages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        summary: 'Server-Sent Events: new or read messages the caller may see, and changes to the caller’s own vouchers',
        response: { 200: z.string().describe('text/event-stream: `message` events saying which thread changed'), ...errorResponses },
      },
    },
    (request, reply) => {
      const viewer = request.user! as Viewer;
      streamLiveEvents<MessageEvent>(request, reply, {
        eventName: 'message',
        subscribe: (listener) => app.events.subscribeMessages(listener),
        replay: (afterId) => app.events.replay(MESSAGE_EVENTS_CHANNEL, afterId),
        filter: (e) => canSee(viewer, e),
      });
    },
  );
}
