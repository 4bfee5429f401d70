import { formatCents, paths, receiptNumber } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

const day = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The provider confirmed the first payment of the messaging subscription: a receipt. */
export function subscriptionActivatedEmail(
  to: string,
  s: { businessName: string; amountCents: number; periodEnd: Date; chargeId: string },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'merchant_subscription_activated',
    subject: 'Your LocalPerks messaging subscription is active',
    ...composeMail({
      heading: 'Subscription Activated!',
      paragraphs: [
        `Thank you, ${s.businessName}. We received your payment of ${formatCents(s.amountCents)} for the Advertise + Messaging plan.`,
        `Your messaging features are now available. The subscription renews automatically on ${day(s.periodEnd)} at ${formatCents(s.amountCents)} a month until canceled.`,
        `Receipt number: ${receiptNumber(s.chargeId)}. Your receipt: ${appUrl}${paths.merchantReceipt(s.chargeId)}`,
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}

/** A renewal was paid: the receipt of the period it pays for, with a link to the printable one. */
export function subscriptionRenewedEmail(
  to: string,
  s: { businessName: string; amountCents: number; periodId: string; periodStart: Date; periodEnd: Date; paidAt: Date },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'merchant_subscription_renewed',
    subject: `Your LocalPerks messaging subscription renewed: receipt ${receiptNumber(s.periodId)}`,
    ...composeMail({
      heading: 'Subscription renewed',
      paragraphs: [
        `Thank you, ${s.businessName}. We received your payment of ${formatCents(s.amountCents)} on ${day(s.paidAt)}.`,
        `Advertise + Messaging plan, ${day(s.periodStart)} – ${day(s.periodEnd)}: ${formatCents(s.amountCents)}. Your subscription is paid through ${day(s.periodEnd)}.`,
        `Receipt number: ${receiptNumber(s.periodId)}`,
      ],
      action: { label: 'View your receipt', url: `${appUrl}${paths.merchantReceipt(s.periodId)}` },
    }),
  };
}

/** The subscription ended (canceled at its period end, or not paid): messaging stops. */
export function subscriptionEndedEmail(to: string, s: { businessName: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'merchant_subscription_ended',
    subject: 'Your LocalPerks messaging subscription has ended',
    ...composeMail({
      heading: 'Subscription ended',
      paragraphs: [
        `${s.businessName}: your Advertise + Messaging subscription has ended, so customer messaging is paused.`,
        'You can subscribe again, or switch plans, from the Switch Plans tab of your dashboard at any time.',
      ],
      action: { label: 'Open Switch Plans', url: `${appUrl}${paths.merchantDashboardTab('plans')}` },
    }),
  };
}

/** A one-off charge (a PerkBoost) was paid: its receipt, with a link to the printable one. */
export function chargeReceiptEmail(
  to: string,
  r: { businessName: string; chargeId: string; description: string; amountCents: number; paidAt: Date },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'merchant_charge_receipt',
    subject: `Your LocalPerks receipt ${receiptNumber(r.chargeId)}`,
    ...composeMail({
      heading: 'Payment received',
      paragraphs: [
        `Thank you, ${r.businessName}. We received your payment of ${formatCents(r.amountCents)} on ${day(r.paidAt)}.`,
        `${r.description}: ${formatCents(r.amountCents)}`,
        `Receipt number: ${receiptNumber(r.chargeId)}`,
      ],
      action: { label: 'View your receipt', url: `${appUrl}${paths.merchantReceipt(r.chargeId)}` },
    }),
  };
}
