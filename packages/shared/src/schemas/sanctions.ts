import { z } from 'zod';
import { SANCTION_REASON_MAX_LENGTH } from '../constants';
import { SANCTION_MESSAGES } from '../messages';

/**
 * Suspending a merchant and banning a customer (docs/decisions/0063-suspensions-and-bans.md): always with a reason,
 * which the merchant reads on its dashboard and the customer when signing in.
 */
export const sanctionSchema = z.object({
  reason: z
    .string({ error: SANCTION_MESSAGES.reasonRequired })
    .trim()
    .min(1, SANCTION_MESSAGES.reasonRequired)
    .max(SANCTION_REASON_MAX_LENGTH, SANCTION_MESSAGES.reasonTooLong),
});
export type Sanction = z.infer<typeof sanctionSchema>;

const blankIsNone = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The admins' customer list: by name or e-mail, in part; banned ones only if asked. */
export const adminCustomersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.preprocess(blankIsNone, z.string().trim().max(200).optional()),
  status: z.enum(['all', 'banned']).default('all'),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

/** The admins' list of approved businesses: by name, city or e-mail, in part; suspended ones only if asked. */
export const adminBusinessesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.preprocess(blankIsNone, z.string().trim().max(200).optional()),
  status: z.enum(['all', 'suspended']).default('all'),
});
export type AdminBusinessesQuery = z.infer<typeof adminBusinessesQuerySchema>;
