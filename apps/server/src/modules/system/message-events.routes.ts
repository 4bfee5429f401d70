import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MessageEvent } from '@localperks/shared';
import { openEventStream } from '../../lib/sse';
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
        summary: 'Server-Sent Events: new or read messages the caller may see',
        response: { 200: z.string().describe('text/event-stream: `message` events saying which thread changed'), ...errorResponses },
      },
    },
    (request, reply) => {
      const viewer = request.user! as Viewer;
      const res = openEventStream(reply);
      const unsubscribe = app.events.subscribeMessages((e) => {
        if (canSee(viewer, e)) res.write(`event: message\ndata: ${JSON.stringify(e)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
