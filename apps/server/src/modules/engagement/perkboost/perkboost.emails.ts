import { composeMail, type MailMessage } from '../../../mail/mailer';

export function unlockedVoterEmail(to: string, title: string, url: string): MailMessage {
  return {
    to,
    kind: 'perkboost_unlocked',
    subject: `Unlocked: ${title}`,
    ...composeMail({
      heading: 'PerkBoost™ Deal Unlocked!',
      paragraphs: [
        `Thanks to your vote, "${title}" reached its goal and is now available for purchase.`,
        'As a voter you get early access: grab it before it sells out.',
      ],
      action: { label: 'View the deal', url },
    }),
  };
}

export function unlockedMerchantEmail(to: string, title: string, url: string): MailMessage {
  return {
    to,
    kind: 'perkboost_unlocked_merchant',
    subject: `Your PerkBoost deal unlocked: ${title}`,
    ...composeMail({
      heading: 'Your PerkBoost™ deal is unlocked',
      paragraphs: [`"${title}" reached its vote goal and is now on sale to every customer.`, 'Voters have been told and get early access.'],
      action: { label: 'View the deal', url },
    }),
  };
}
