import { z } from 'zod';

/*
 * The console's tables (issue 32, docs/decisions/0069-console-tables.md): one query shape for every table, kept in
 * the page's address (`?page=2&sort=totalCents&dir=asc&q=…&status=paid&from=2026-11-01&to=2026-11-30`), the same
 * for its page (JSON) and its CSV export.
 */

export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
export const TABLE_SEARCH_MAX_LENGTH = 100;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-30.');

export const tableQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (TABLE_PAGE_SIZES as readonly number[]).includes(n), `Choose ${TABLE_PAGE_SIZES.join(', ')} rows a page.`)
    .default(25),
  /** A column id; each table says which it sorts by (others are refused with 400). */
  sort: z
    .string()
    .regex(/^[a-zA-Z]{1,40}$/)
    .optional(),
  dir: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(TABLE_SEARCH_MAX_LENGTH, `Search for at most ${TABLE_SEARCH_MAX_LENGTH} characters.`).default(''),
  status: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type TableQuery = z.infer<typeof tableQuerySchema>;

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const ORDER_STATUSES = ['open', 'paid', 'canceled', 'expired'] as const;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  status: z.enum(ORDER_STATUSES),
  vouchers: z.number().int(),
  totalCents: z.number().int(),
  discountCents: z.number().int(),
  promoCode: z.string().nullable(),
  provider: z.string(),
  providerSessionId: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export const adminOrdersPageSchema = pageOf(adminOrderRowSchema);
