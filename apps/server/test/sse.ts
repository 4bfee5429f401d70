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

export interface OpenSse {
  /** Reads events named `event` until `want` of them arrived or `timeoutMs` ran out (then closes the stream). */
  collect<T>(event: string, want: number, timeoutMs?: number): Promise<T[]>;
  close(): void;
}

/**
 * Opens an event stream and resolves once the server answered 200 and sent its first bytes: the
 * stream is subscribed by then, so an event raised after this resolves reaches it (no fixed pause,
 * no peeking into the server).
 */
export async function openSse(url: string, opts: { cookie?: string } = {}): Promise<OpenSse> {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = decoder.decode((await reader.read()).value, { stream: true });
  return {
    async collect<T>(event: string, want: number, timeoutMs = 10_000) {
      const events: T[] = [];
      const timer = setTimeout(() => ctrl.abort(), timeoutMs);
      try {
        for (;;) {
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (block.split('\n').includes(`event: ${event}`) && data) events.push(JSON.parse(data.slice(6)) as T);
          }
          if (events.length >= want) break;
          const { value, done } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
        }
      } catch {
        /* aborted on timeout */
      } finally {
        clearTimeout(timer);
        ctrl.abort();
      }
      return events;
    },
    close: () => ctrl.abort(),
  };
}
