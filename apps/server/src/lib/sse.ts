import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Listener } from './events';

/** What a browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
export const SSE_RETRY_MS = 3000;
/** The hint sent when this instance shuts down: reconnect soon, to another instance behind the balancer. */
export const SSE_DRAIN_RETRY_MS = 1000;
const HEARTBEAT_MS = 25_000;

/** This instance's open event streams: counted for /metrics, ended with a retry hint on shutdown. */
export class EventStreams {
  private open = new Set<ServerResponse>();
  private draining = false;

  get size() {
    return this.open.size;
  }

  get isDraining() {
    return this.draining;
  }

  add(res: ServerResponse) {
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
  }

  /** Ends every stream with `retry: 1000` and refuses new ones the same way (SIGTERM, server.ts). */
  drain() {
    this.draining = true;
    for (const res of this.open) endWithRetry(res);
  }
}

function endWithRetry(res: ServerResponse) {
  res.end(`retry: ${SSE_DRAIN_RETRY_MS}\n\n`);
}

/**
 * Takes over the response for a Server-Sent Events stream. A hijacked reply skips Fastify's own
 * header writing, so the headers hooks already set on the reply (security headers: CSP, nosniff,
 * frame-ancestors…) are copied onto the raw response here; every stream goes through this one door.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  const inherited = reply.getHeaders();
  reply.hijack();
  const res = reply.raw;
  for (const [name, value] of Object.entries(inherited)) if (value !== undefined) res.setHeader(name, value);
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const streams = (reply.server as { eventStreams?: EventStreams }).eventStreams;
  if (streams?.isDraining) {
    endWithRetry(res);
    return res;
  }
  res.write(`retry: ${SSE_RETRY_MS}\n\n`);
  streams?.add(res);
  return res;
}

export interface LiveStreamOptions<E> {
  /** The SSE `event:` name the browser listens for. */
  eventName: string;
  subscribe(listener: Listener<E>): () => void;
  /** Events published after an id, for a browser reconnecting with `Last-Event-ID`. */
  replay(afterId: number): Promise<{ id: number; event: unknown }[]>;
  /** What this browser may see (its deals, its threads). */
  filter(e: E): boolean;
  /** An event that ends this stream at once (the viewer's sessions were ended): the browser's reconnection is refused. */
  endsOn?(e: E): boolean;
}

/**
 * A stream of live events: each carries its id, so a browser that reconnects (EventSource does it by
 * itself, sending `Last-Event-ID`) first gets the events it missed, then the live ones, in order and
 * without duplicates. Events arriving while the missed ones are read wait in a buffer.
 */
export function streamLiveEvents<E>(request: FastifyRequest, reply: FastifyReply, opts: LiveStreamOptions<E>) {
  const res = openEventStream(reply);
  if (res.writableEnded) return;
  const send = (e: E, id: number) => {
    if (!res.destroyed && !res.writableEnded && opts.endsOn?.(e)) {
      res.end();
      return;
    }
    if (!res.destroyed && !res.writableEnded && opts.filter(e))
      res.write(`id: ${id}\nevent: ${opts.eventName}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const header = request.headers['last-event-id'];
  const lastEventId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
  let buffered: { e: E; id: number }[] | null = lastEventId === null ? null : [];
  // The replayed ids: an event's notification can reach this instance after the replay has already read the event
  // (under load it arrives late), and it must not be sent twice. Kept for the stream's life; a replay is short.
  const replayed = new Set<number>();
  const unsubscribe = opts.subscribe((e, id) => (buffered ? buffered.push({ e, id }) : replayed.has(id) ? undefined : send(e, id)));
  const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
  res.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
  if (lastEventId === null) return;
  void opts
    .replay(lastEventId)
    .catch((err: unknown) => {
      request.log.warn({ err }, 'live events: could not replay missed events');
      return [];
    })
    .then((missed) => {
      for (const m of missed) {
        send(m.event as E, m.id);
        replayed.add(m.id);
      }
      const waiting = buffered ?? [];
      buffered = null;
      for (const b of waiting) if (!replayed.has(b.id)) send(b.e, b.id);
    });
}
