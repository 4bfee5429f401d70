import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Listener } from './events';
import { streamLiveEvents } from './sse';

/** A response that keeps what is written to it, behind the few reply methods the stream uses. */
function fakeReply() {
  const res = Object.assign(new EventEmitter(), {
    written: [] as string[],
    destroyed: false,
    writableEnded: false,
    setHeader: () => {},
    writeHead: () => {},
    write(chunk: string) {
      res.written.push(chunk);
      return true;
    },
    end() {
      res.writableEnded = true;
    },
  });
  const reply = { getHeaders: () => ({}), hijack: () => {}, raw: res, server: {} } as unknown as FastifyReply;
  return { reply, res };
}

const ids = (written: string[]) => written.flatMap((w) => /^id: (\d+)/.exec(w)?.[1] ?? []);

describe('a live stream resumed with Last-Event-ID', () => {
  it('sends a replayed event once, even when its notification reaches the instance after the replay read it', async () => {
    const { reply, res } = fakeReply();
    let listener: Listener<{ n: number }> = () => {};
    let replayDone!: () => void;
    const replayed = new Promise<void>((resolve) => (replayDone = resolve));
    const request = { headers: { 'last-event-id': '1' }, log: { warn: () => {} } } as unknown as FastifyRequest;
    streamLiveEvents<{ n: number }>(request, reply, {
      eventName: 'message',
      subscribe: (l) => ((listener = l), () => {}),
      replay: async () => {
        setImmediate(replayDone);
        return [{ id: 2, event: { n: 2 } }];
      },
      filter: () => true,
    });
    await replayed;
    await new Promise((r) => setImmediate(r));
    // Event 2's own notification arrives late, then a new event 3.
    listener({ n: 2 }, 2);
    listener({ n: 3 }, 3);
    expect(ids(res.written)).toEqual(['2', '3']);
    res.emit('close');
  });
});
