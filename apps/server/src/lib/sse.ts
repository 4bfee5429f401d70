import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

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
  res.write('retry: 3000\n\n');
  return res;
}
