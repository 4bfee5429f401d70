import { describe, expect, it } from 'vitest';
import { browseQuerySchema } from '@localperks/shared';
import { listDeals } from './browse.service';

/**
 * The first page starts its capped count beside the rows. When the rows fail first (the database went away),
 * the request must answer that error, and the count's own failure must not be an unhandled rejection: Node ends
 * the process on one (seen in the suite when a test restarted PostgreSQL under a listing).
 */
describe('a listing whose database fails', () => {
  it('answers the first error and leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = () => {
        throw new Error('terminating connection due to administrator command');
      };
      const db = {
        execute: () => Promise.reject(new Error('count: terminating connection')),
        select: failing,
      };
      const deps = { db, clock: { now: () => new Date('2026-11-29T12:00:00Z') }, storage: { publicUrl: (u: string) => u } };
      const listing = deps as unknown as Parameters<typeof listDeals>[0];
      // The general path (a search's, or a numbered page by distance) starts the count beside the rows.
      await expect(listDeals(listing, browseQuerySchema.parse({}), { plain: false })).rejects.toThrow('administrator command');
      // A plain browse is one statement: its error is the answer.
      await expect(listDeals(listing, browseQuerySchema.parse({}))).rejects.toThrow('count: terminating connection');
      // Node reports an unhandled rejection once the microtasks of the turn have run: let this turn end.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
