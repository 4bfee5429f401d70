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
