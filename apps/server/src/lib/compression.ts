import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * Compression of dynamic answers (docs/decisions/0015-serving-and-web-performance.md). Static files
 * are compressed at build time and served as such; Server-Sent Events take over the raw response
 * (lib/sse.ts) and are never compressed, and @fastify/compress skips text/event-stream anyway.
 */
export const ENCODINGS = ['br', 'gzip'] as const;
/** Smaller answers gain less than their compression costs. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli quality 4: about gzip's speed with smaller output; 11 costs tens of milliseconds a page. */
const BROTLI_QUALITY = 4;

export const compressOptions: FastifyCompressOptions = {
  encodings: [...ENCODINGS],
  threshold: COMPRESS_THRESHOLD,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
};

/**
 * A serialised answer kept by a micro-cache together with its compressed forms, each made once on
 * first use: a cached answer is compressed once per cache period instead of once per request.
 */
export class EncodedBody {
  private encoded: Partial<Record<(typeof ENCODINGS)[number], Buffer>> = {};
  constructor(readonly text: string) {}

  in(encoding: (typeof ENCODINGS)[number]): Buffer {
    return (this.encoded[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(this.text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : zlib.gzipSync(this.text));
  }
}

/** Sends a cached answer in the best encoding the client accepts; sets Content-Encoding, so @fastify/compress leaves it alone. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && Buffer.byteLength(body.text) >= COMPRESS_THRESHOLD ? negotiate(accepted, [...ENCODINGS]) : undefined;
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(body.text);
  return reply.header('content-encoding', encoding).send(body.in(encoding));
}
