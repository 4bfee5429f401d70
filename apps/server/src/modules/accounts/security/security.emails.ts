import { paths } from '@localperks/shared';
import { composeMail, type MailMessage } from '../../../mail/mailer';

/** What changed in the account's sign-in (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export type SecurityChange =
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }
  | { kind: 'totp_enabled' }
  | { kind: 'totp_disabled' }
  | { kind: 'recovery_codes_renewed' };

const WHAT: Record<SecurityChange['kind'], { subject: string; heading: string; line: (c: SecurityChange) => string }> = {
  passkey_added: {
    subject: 'A passkey was added to your LocalPerks account',
    heading: 'A passkey was added',
    line: (c) => `The passkey “${'name' in c ? c.name : ''}” can now sign in to your LocalPerks account.`,
  },
  passkey_removed: {
    subject: 'A passkey was removed from your LocalPerks account',
    heading: 'A passkey was removed',
    line: (c) => `The passkey “${'name' in c ? c.name : ''}” can no longer sign in to your LocalPerks account.`,
  },
  totp_enabled: {
    subject: 'Two-step sign-in is on for your LocalPerks account',
    heading: 'Your authenticator app was turned on',
    line: () => 'From now on, signing in with your password also asks for a code from your authenticator app.',
  },
  totp_disabled: {
    subject: 'Two-step sign-in was turned off for your LocalPerks account',
    heading: 'Your authenticator app was turned off',
    line: () => 'Signing in with your password no longer asks for a code from your authenticator app. Its recovery codes no longer work.',
  },
  recovery_codes_renewed: {
    subject: 'New recovery codes for your LocalPerks account',
    heading: 'Your recovery codes were replaced',
    line: () => 'New recovery codes were made for your account; the earlier ones no longer work.',
  },
};

/** To the account's address after any change to how it signs in: the owner learns of a change they did not make. */
export function securityChangedEmail(to: string, change: SecurityChange, appUrl: string): MailMessage {
  const what = WHAT[change.kind];
  return {
    to,
    kind: `security_${change.kind}`,
    subject: what.subject,
    ...composeMail({
      heading: what.heading,
      paragraphs: [
        what.line(change),
        'If this was not you, sign in, remove any passkey you do not recognise, change your password and sign out your other sessions.',
      ],
      action: { label: 'Review your sign-in settings', url: `${appUrl}${paths.profileTab('security')}` },
    }),
  };
}
