import { PLANS, paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

const planName = (plan: string) => PLANS.find((p) => p.id === plan)?.name ?? plan;

export function merchantApprovedEmail(
  to: string,
  r: { businessName: string; plan: string; commissionRate: number },
  appUrl: string,
): MailMessage {
  return {
    to,
    kind: 'merchant_approved',
    subject: `${r.businessName} is approved on LocalPerks`,
    ...composeMail({
      heading: 'Your business is approved',
      paragraphs: [
        `Congratulations! ${r.businessName} has been approved on the ${planName(r.plan)} plan with a ${r.commissionRate}% commission rate.`,
        r.plan === 'advertise_messaging'
          ? 'You can now use your merchant dashboard. Complete the subscription payment there to activate customer messaging.'
          : 'You can now use your merchant dashboard.',
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}

export function merchantRejectedEmail(to: string, r: { businessName: string; reason: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'merchant_rejected',
    subject: `Your LocalPerks registration for ${r.businessName} needs a response`,
    ...composeMail({
      heading: 'Your registration needs a response',
      paragraphs: [
        `We could not approve the registration of ${r.businessName} yet, for this reason:`,
        r.reason,
        'Please address these concerns and respond from your merchant dashboard. Your application stays pending until then.',
      ],
      action: { label: 'Respond in your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}

export function adminMessageEmail(to: string, r: { businessName: string; message: string }, appUrl: string): MailMessage {
  return {
    to,
    kind: 'admin_merchant_message',
    subject: `New message about your LocalPerks registration (${r.businessName})`,
    ...composeMail({
      heading: 'You have a new message from LocalPerks',
      paragraphs: [r.message, 'Reply from the messages of your merchant dashboard.'],
      action: { label: 'Open your dashboard', url: `${appUrl}${paths.merchantDashboard}` },
    }),
  };
}
