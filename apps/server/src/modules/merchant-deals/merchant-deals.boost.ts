import type { FastifyInstance } from 'fastify';
import type { merchants } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { boostPriceCents } from './merchant-deals.service';

/** TEMPORARY until billing lands. */
export async function startBoostPayment(
  _app: FastifyInstance,
  opts: { merchant: typeof merchants.$inferSelect; merchantEmail: string; dealId: string; dealTitle: string; boostDays: number },
): Promise<string> {
  boostPriceCents(opts.boostDays);
  throw new AppError('UNAVAILABLE', 'PerkBoost payments are not available yet.');
}
