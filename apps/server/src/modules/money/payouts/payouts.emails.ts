import { eq } from 'drizzle-orm';
import { formatCents, plural, paths } from '@localperks/shared';
import type { Tx } from '../../../db/client';
import { merchantPayouts, merchants, users } from '../../../db/schema';
import type { Deps } from '../../../lib/deps';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** A calendar day `YYYY-MM-DD` as "Nov 1, 2026". */
const day = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function payoutPaidEmail(
  to: string,
  p: {
    businessName: string;
    periodStart: string;
    periodEnd: string;
    totalPurchases: number;
    grossCents: number;
    commissionCents: number;
    netCents: number;
  },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'payout_paid',
    subject: `Your LocalPerks payout of ${formatCents(p.netCents)} has been paid`,
    ...composeMail({
      heading: 'Your payout has been paid',
      paragraphs: [
        `The payout of ${p.businessName} for sales from ${day(p.periodStart)} to ${day(p.periodEnd)} has been paid.`,
        `${plural(p.totalPurchases, 'purchase')}: ${formatCents(p.grossCents)} in sales, ${formatCents(p.commissionCents)} commission, ${formatCents(p.netCents)} paid to you.`,
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}

/** "Your payout has been paid" to the merchant, in the transaction that paid it. */
export async function queuePaidMail(
  deps: Pick<Deps, 'mailer' | 'config'>,
  tx: Tx,
  paid: typeof merchantPayouts.$inferSelect,
): Promise<string | null> {
  const [merchant] = await tx
    .select({ businessName: merchants.businessName, email: users.email })
    .from(merchants)
    .innerJoin(users, eq(users.id, merchants.userId))
    .where(eq(merchants.id, paid.merchantId));
  if (!merchant) return null;
  return deps.mailer.queue(tx, payoutPaidEmail(merchant.email, { ...paid, businessName: merchant.businessName }, deps.config.appUrl));
}
