import { paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** To the new address: the link that makes the change (docs/decisions/0053-account-controls.md). */
export function confirmEmailChangeEmail(to: string, oldEmail: string, url: string): MailMessage {
  return {
    to,
    kind: 'email_change_confirm',
    subject: 'Confirm your new LocalPerks email address',
    ...composeMail({
      heading: 'Confirm your new email address',
      paragraphs: [
        `You asked to use this address for your LocalPerks account (until now ${oldEmail}). Nothing changes until you confirm.`,
        'This link is valid for 24 hours and can be used once. If you did not ask for it, you can ignore this email.',
      ],
      action: { label: 'Confirm my new email', url },
    }),
  };
}

/** To the new address when it already has an account: no link, nothing changes. */
export function emailChangeTakenEmail(to: string, appUrl: string): MailMessage {
  return {
    to,
    kind: 'email_change_taken',
    subject: 'Someone tried to move a LocalPerks account to your address',
    ...composeMail({
      heading: 'Your address already has a LocalPerks account',
      paragraphs: [
        'Someone asked to move another LocalPerks account to this email address. Your address already has an account, so nothing was changed.',
        'If this was you, sign in to the account that uses this address instead.',
      ],
      action: { label: 'Sign in to LocalPerks', url: `${appUrl}${paths.login}` },
    }),
  };
}

/** To the old address once the change is made: what changed, and the undo link. */
export function emailChangedEmail(to: string, newEmail: string, url: string): MailMessage {
  return {
    to,
    kind: 'email_change_undo',
    subject: 'Your LocalPerks email address was changed',
    ...composeMail({
      heading: 'Your email address was changed',
      paragraphs: [
        `Your LocalPerks account now uses ${newEmail}. From now on we write to that address.`,
        'If you did not make this change, undo it: your account goes back to this address and every session is signed out. The link is valid for 7 days.',
      ],
      action: { label: 'Undo this change', url },
    }),
  };
}

/** To the restored address after an undo. */
export function emailRestoredEmail(to: string, appUrl: string): MailMessage {
  return {
    to,
    kind: 'email_change_undone',
    subject: 'Your LocalPerks email address was restored',
    ...composeMail({
      heading: 'Your email address is back',
      paragraphs: [
        'Your LocalPerks account uses this address again and every session was signed out.',
        'Someone may know your password: choose a new one now.',
      ],
      action: { label: 'Choose a new password', url: `${appUrl}${paths.forgotPassword}` },
    }),
  };
}
