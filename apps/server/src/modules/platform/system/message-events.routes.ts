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
  /** A merchant account's business, by its owner's user id (its own for the owner; staff: the owner's). */
  merchantOwnerId?: string | null;
  merchantRole?: 'owner' | 'manager' | 'redeemer' | null;
}

/** Whether a signed-in user may be told about an event (the data itself is fetched through the API). */
export function canSee(viewer: Viewer, e: MessageEvent): boolean {
  const isAdmin = viewer.role === 'admin' && viewer.secondFactorPassed;
  // The business's threads: its owner and managers (a redeemer has the redeem screen only; docs/decisions/0062).
  const business = viewer.merchantRole === 'owner' || viewer.merchantRole === 'manager' ? viewer.merchantOwnerId : null;
  const isBusiness = (merchantUserId: string) => merchantUserId === viewer.id || (business != null && merchantUserId === business);
  switch (e.type) {
    case 'registration_message':
      return isAdmin || isBusiness(e.merchantUserId);
    case 'customer_message':
      return isBusiness(e.merchantUserId) || e.customerId === viewer.id;
    case 'support_ticket':
      return isAdmin || (e.customerId !== null && e.customerId === viewer.id);
    case 'notification':
      return e.userId === viewer.id;
    case 'purchase':
      return e.customerId === viewer.id;
    case 'session_ended':
      return false;
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
        endsOn: (e) => e.type === 'session_ended' && e.userId === viewer.id,
      });
    },
  );
}
