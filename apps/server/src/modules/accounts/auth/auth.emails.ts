import { composeMail, type MailMessage } from '../../../mail/mailer';
import { paths } from '@localperks/shared';

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    kind: 'email_verification',
    subject: 'Confirm your LocalPerks email address',
    ...composeMail({
      heading: `Welcome to LocalPerks${name ? `, ${name}` : ''}!`,
      paragraphs: [
        'Please confirm your email address to finish setting up your account.',
        'This link is valid for 24 hours. If you did not sign up, you can ignore this email.',
      ],
      action: { label: 'Confirm my email', url },
    }),
  };
}

export function passwordResetEmail(to: string, url: string): MailMessage {
  return {
    to,
    kind: 'password_reset',
    subject: 'Reset your LocalPerks password',
    ...composeMail({
      heading: 'Reset your password',
      paragraphs: [
        'We received a request to reset the password of your LocalPerks account.',
        'This link is valid for 1 hour and can be used once. If you did not ask for it, you can ignore this email: your password stays the same.',
      ],
      action: { label: 'Choose a new password', url },
    }),
  };
}

export function passwordChangedEmail(to: string): MailMessage {
  return {
    to,
    kind: 'password_changed',
    subject: 'Your LocalPerks password was changed',
    ...composeMail({
      heading: 'Your password was changed',
      paragraphs: [
        'The password of your LocalPerks account was just changed and every other session was signed out.',
        'If this was not you, reset your password right away and contact support.',
      ],
    }),
  };
}

/** The kind of the warning below. */
export const EXISTING_ACCOUNT_MAIL = 'signup_existing_account';

/** To the owner of an address someone tried to sign up or register a business with (docs/decisions/0007). */
export function existingAccountSignupEmail(to: string, what: 'account' | 'business', appUrl: string): MailMessage {
  return {
    to,
    kind: EXISTING_ACCOUNT_MAIL,
    subject: 'Someone tried to register with your LocalPerks address',
    ...composeMail({
      heading: 'You already have a LocalPerks account',
      paragraphs: [
        what === 'business'
          ? 'Someone tried to register a business on LocalPerks with your email address. Your address already has an account, so no new account was created and nothing was changed.'
          : 'Someone tried to create a LocalPerks account with your email address. Your address already has an account, so no new account was created and nothing was changed.',
        'If this was you, sign in with your password, or reset it if you forgot it. If it was not you, you can ignore this email.',
      ],
      action: { label: 'Sign in to LocalPerks', url: `${appUrl}${paths.login}` },
    }),
  };
}
