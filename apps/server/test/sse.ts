import { expect } from 'vitest';

/**
 * Reads Server-Sent Events named `event` from a listening server until `want` of them arrived or
 * `timeoutMs` ran out, and returns their parsed `data` payloads. Pass a session `cookie` for
 * per-user streams. The response must be 200.
 */
export async function collectSse<T>(url: string, opts: { event: string; want: number; cookie?: string; timeoutMs?: number }): Promise<T[]> {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const events: T[] = [];
  let buf = '';
  const timer = setTimeout(() => ctrl.abort(), opts.timeoutMs ?? 3000);
  try {
    while (events.length < opts.want) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += new TextDecoder().decode(value);
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes(`event: ${opts.event}`) && data) events.push(JSON.parse(data.slice(6)) as T);
      }
    }
  } catch {
    /* aborted on timeout */
  } finally {
    clearTimeout(timer);
    ctrl.abort();
  }
  return events;
}

/** One block of a Server-Sent Events stream, as a browser's EventSource parses it. */
export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

export interface SseStream {
  /** Every block received so far, in order. */
  blocks: SseBlock[];
  /** The first block after the `from`-th one that matches (bounded wait). */
  waitFor(match: (b: SseBlock) => boolean, opts?: { timeoutMs?: number; from?: number }): Promise<SseBlock>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The parsed data of the first `want` events named `event` (bounded wait: fails after `timeoutMs`). */
  collect<T>(event: string, want: number, timeoutMs?: number): Promise<T[]>;
  close(): void;
}

/**
 * Opens an event stream the way a browser does and parses every block; `lastEventId` is sent as the
 * `Last-Event-ID` header, as EventSource does when it reconnects.
 */
export async function openSse(url: string, opts: { cookie?: string; lastEventId?: string } = {}): Promise<SseStream> {
  const ctrl = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(url, { signal: ctrl.signal, headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const blocks: SseBlock[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let isEnded = false;
  const ended = (async () => {
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block: SseBlock = {};
          for (const line of buf.slice(0, i).split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === '') block.comment = value;
            else if (field === 'retry') block.retry = Number(value);
            else if (field === 'id' || field === 'event' || field === 'data') block[field] = value;
          }
          buf = buf.slice(i + 2);
          blocks.push(block);
          for (const w of waiters) w();
        }
      }
    } catch {
      /* closed by the test */
    } finally {
      isEnded = true;
      for (const w of waiters) w();
    }
  })();
  const stream: SseStream = {
    blocks,
    ended,
    close: () => ctrl.abort(),
    async collect<T>(event: string, want: number, timeoutMs = 10_000) {
      const found: T[] = [];
      let from = 0;
      while (found.length < want) {
        const block = await stream.waitFor((b) => b.event === event, { timeoutMs, from });
        from = blocks.indexOf(block) + 1;
        found.push(JSON.parse(block.data ?? 'null') as T);
      }
      return found;
    },
    waitFor(match, { timeoutMs = 5000, from = 0 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = blocks.slice(from).find(match);
          if (found) done(() => resolve(found));
          else if (isEnded) done(() => reject(new Error(`stream ended without the block; got ${JSON.stringify(blocks)}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`no matching block in ${timeoutMs} ms; got ${JSON.stringify(blocks)}`))),
          timeoutMs,
        );
        const done = (fn: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          fn();
        };
        waiters.add(check);
        check();
      });
    },
  };
  // The server subscribes the stream before it writes its first block (`retry:`): once that arrived,
  // an event raised afterwards reaches this stream (no fixed pause, no peeking into the server).
  await stream.waitFor(() => true, { timeoutMs: 10_000 }).catch(() => undefined);
  return stream;
}
