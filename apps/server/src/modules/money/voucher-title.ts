import { sql } from 'drizzle-orm';
import { purchases } from '../../db/schema';

/**
 * A voucher's name where the money screens and e-mails show it: its deal's title and, for a deal sold
 * with several options, the option bought (lineTitle in packages/shared, in SQL; docs/decisions/0047).
 */
export const voucherTitle = sql<string>`case when ${purchases.optionTitle} = '' then ${purchases.dealTitle} else ${purchases.dealTitle} || ' — ' || ${purchases.optionTitle} end`;
