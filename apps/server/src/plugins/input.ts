import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * NUL and unpaired UTF-16 surrogates. PostgreSQL refuses U+0000 in text and jsonb, and a lone
 * surrogate is not valid UTF-8: either one turned an ordinary insert or search into a 500.
 */
// eslint-disable-next-line no-control-regex -- matching the NUL character is the point of this pattern
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed (a NUL byte or a broken Unicode character).';

export function hasUnstorableText(s: string): boolean {
  return UNSTORABLE.test(s);
}

/** The dotted path of the first string (or object key) in `value` that cannot be stored, or null. */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasUnstorableText(v)) return at || '_';
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        const here = at ? `${at}.${k}` : k;
        if (hasUnstorableText(k)) return here;
        stack.push([child, here]);
      }
    }
  }
  return null;
}

/**
 * One rule for every route, so no schema can forget it: strings in the path, the query and a parsed
 * body must be storable text, else 400 with the field named. Raw bodies (webhooks) stay bytes.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field) throw new AppError('VALIDATION', UNSTORABLE_TEXT_MESSAGE, { [field]: UNSTORABLE_TEXT_MESSAGE });
    }
  });
});
