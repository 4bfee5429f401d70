import { formatCents } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../mail/mailer';

export function payoutPaidEmail(to: string, p: { businessName: string; periodStart: string; periodEnd: string; totalPurchases: number; grossCents: number; commissionCents: number; netCents: number }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'payout_paid',
    subject: `Your LocalPerks payout of ${formatCents(p.netCents)} has been paid`,
    ...composeMail({
      heading: 'Your payout has been paid',
      paragraphs: [
        `The payout of ${p.businessName} for sales from ${p.periodStart} to ${p.periodEnd} has been paid.`,
        `${p.totalPurchases} purchase${p.totalPurchases === 1 ? '' : 's'}: ${formatCents(p.grossCents)} in sales, ${formatCents(p.commissionCents)} commission, ${formatCents(p.netCents)} paid to you.`,
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}/merchant/dashboard` },
    }),
  };
}
