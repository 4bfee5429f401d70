/** User-facing texts of the spec, word for word. Kept free of zod so pages can import them cheaply. */

import { CHECKOUT_MIN_DEAL_REMAINING_MS, MAX_CART_LINE_QUANTITY, MAX_CHECKOUT_LINES, SIGNUP_PASSWORD_MIN } from './constants';
import { MINUTE_MS } from './domain/time';

/** Messages of docs/product/customer-spec.md §5 and docs/product/merchant-admin-spec.md §5, word for word. */
export const AUTH_MESSAGES = {
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  loginPasswordMin: 'Password must be at least 6 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  registerTermsRequired: 'You must accept the Terms of Service',
  nameMin: 'Name must be at least 2 characters',
  resetMismatchTitle: "Passwords don't match",
  resetMismatchDescription: 'Please make sure both passwords are the same.',
  /** The hint under every new-password field: the rule newPasswordSchema enforces, in one place. */
  passwordHint: `At least ${SIGNUP_PASSWORD_MIN} characters with an uppercase letter and a number.`,
} as const;

export const FEEDBACK_MESSAGES = {
  emptyTitle: 'Empty feedback',
  emptyDescription: 'Please enter your feedback before submitting.',
  sentTitle: 'Feedback sent',
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Display name is required',
  mismatchTitle: 'Password Mismatch',
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is incorrect.',
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Your password is incorrect.',
  sameEmail: 'This is already your email address.',
  tooManyEmailChanges: 'Too many email change requests. Please try again in an hour.',
  emailLinkInvalid: 'This link is invalid. Please request a new one from your account page.',
  emailLinkExpired: 'This link has expired. Please request a new one from your account page.',
  emailLinkUsed: 'This link has already been used.',
  emailNowTaken: 'Another account uses this address now. Please choose another one.',
  undoExpired: 'This undo link has expired. Please contact support to recover your account.',
  sessionNotFound: 'This session has already ended.',
  deleteConfirmation: 'Type DELETE to confirm',
  deletionBlocked: 'Your account cannot be deleted yet.',
  exportExpired: 'This download has expired. Please ask for a new one.',
} as const;

/** Passkeys and authenticator codes (docs/decisions/0055-passkeys-and-authenticator-codes.md). */
export const SECURITY_MESSAGES = {
  reauthRequired: 'Please confirm your password to continue.',
  tooManyPasswordTries: 'Too many incorrect passwords. Please try again in 15 minutes.',
  adminCodeFirst: 'Please complete the admin sign-in step first.',
  passkeyNameRequired: 'Please give this passkey a name',
  passkeyNameTooLong: 'Keep the name under 60 characters',
  passkeyNotFound: 'This passkey was already removed.',
  passkeyFailed: 'This passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with LocalPerks. Sign in with your password, then add it in your account.',
  passkeyTooMany: 'An account can have at most 10 passkeys. Remove one first.',
  passkeyAlreadyAdded: 'This passkey is already registered.',
  challengeInvalid: 'This passkey request has expired. Please try again.',
  tooManyPasskeyRequests: 'Too many passkey requests. Please wait a few minutes and try again.',
  codeFormat: 'Enter the 6-digit code from your app, or a recovery code',
  totpFormat: 'Enter the 6-digit code from your authenticator app',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  tooManyWrongCodes: 'Too many incorrect codes. For your security, please wait a while and try again.',
  secondStepExpired: 'This sign-in has expired. Please enter your email and password again.',
  totpNotStarted: 'Please start setting up your authenticator app again.',
  totpAlreadyOn: 'Your authenticator app is already turned on.',
  totpNotOn: 'Your authenticator app is not turned on.',
  emailCodeReplaced: 'Your account signs in with a passkey: use it instead of an e-mailed code.',
} as const;

/** What a person types to confirm deleting their account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Crowd-vote texts (docs/product/customer-spec.md §8); the server's vote conflicts use the same words. */
export const VOTE_MESSAGES = {
  loginRequiredTitle: 'Login Required',
  loginRequiredDescription: 'Please log in to vote for this deal',
  alreadyUnlockedTitle: 'Deal Already Unlocked',
  alreadyUnlockedDescription: 'This PerkBoost deal has already been unlocked and is available for purchase.',
  cannotCancelTitle: 'Cannot Cancel Vote',
  cannotCancelDescription: 'This deal has already been unlocked and is available for purchase.',
  votingOver: 'Voting for this deal has ended.',
  unlockedToast: 'PerkBoost™ Deal Unlocked!',
} as const;

/** Checkout, purchases and redemption (docs/product/customer-spec.md §5, §8; our own wording where the spec has none). */
export const CHECKOUT_MESSAGES = {
  nameRequired: 'Please fill in your name.',
  addressRequired: 'Please fill in all address details.',
  zipInvalid: 'Enter a 5-digit ZIP code (or ZIP+4).',
  stateInvalid: 'Choose a US state.',
  cartEmpty: 'Your cart is empty.',
  tooManyLines: `An order can hold at most ${MAX_CHECKOUT_LINES} different deals.`,
  quantityMin: 'Quantity must be at least 1.',
  quantityMax: `You can buy at most ${MAX_CART_LINE_QUANTITY} of one deal per order.`,
  paymentErrorTitle: 'Payment Error',
  paymentErrorDescription: 'There was a problem processing your payment. Please try again.',
  paymentSuccessTitle: 'Payment Successful',
  paymentSuccessDescription: 'Your order has been processed successfully!',
  paymentCanceledTitle: 'Payment Canceled',
  paymentCanceledDescription: 'Your payment was canceled. Your cart is still here when you are ready.',
  secureCheckout: 'Payment is processed securely via our card payment provider. Your card details never touch our servers.',
  redeemTip: 'Tip: redeem your deals within two weeks to make sure you get the best experience.',
  /** A deal expiring within CHECKOUT_MIN_DEAL_REMAINING_MS (`what`: “Title” or “This deal”). */
  closingSoon: (what: string) =>
    `${what} expires in less than ${CHECKOUT_MIN_DEAL_REMAINING_MS / MINUTE_MS} minutes and can no longer be bought online.`,
} as const;

/**
 * A line of a paid order refunded because its deal was withdrawn (paused, deleted, taken down or
 * expired) before the payment was confirmed: the same words on My Purchases and in the e-mail.
 */
export const REFUND_MESSAGES = {
  withdrawnRefunded: (line: RefundedLine, amount: string) =>
    `Refunded: ${lineName(line)} was withdrawn before your payment completed — ${amount} refunded to your card.`,
  withdrawnPending: (line: RefundedLine, amount: string) =>
    `Refund on its way: ${lineName(line)} was withdrawn before your payment completed — ${amount} is being refunded to your card.`,
} as const;
type RefundedLine = { dealTitle: string; quantity: number };
const lineName = (l: RefundedLine) => (l.quantity > 1 ? `${l.dealTitle} (x${l.quantity})` : l.dealTitle);

export const SANDBOX_MESSAGES = {
  cardNumberInvalid: 'Your card number is invalid.',
  cardNumberUnsupported: 'This is a test payment page: use the test card 4242 4242 4242 4242.',
  expiryInvalid: 'Enter the expiry as MM/YY.',
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is invalid.",
  nameRequired: 'Enter the name on the card.',
  declined: 'Your card was declined. Try another card.',
  sessionClosed: 'This payment page is no longer open.',
} as const;

export const REDEEM_MESSAGES = {
  codeRequired: 'Enter a redemption code.',
  notFound: 'No purchase with this code was found for your business.',
  alreadyRedeemed: 'This code has already been redeemed.',
  expired: 'This voucher has expired and can no longer be redeemed.',
  refunded: 'This voucher was refunded to the customer and can no longer be redeemed.',
  forfeited: 'This voucher was forfeited when its owner deleted their account and can no longer be redeemed.',
  redeemedTitle: 'Voucher Redeemed',
} as const;

/** Merchant registration and profile (docs/product/merchant-admin-spec.md §5, §8), word for word. */
export const MERCHANT_MESSAGES = {
  emailInvalid: 'Please enter a valid email address.',
  passwordMin: 'Password must be at least 8 characters.',
  passwordUppercase: 'Password must contain at least one uppercase letter.',
  passwordNumber: 'Password must contain at least one number.',
  passwordsMismatch: "Passwords don't match",
  businessNameMin: 'Business name must be at least 2 characters.',
  descriptionMin: 'Description must be at least 10 characters.',
  websiteInvalid: 'Please enter a valid URL.',
  phoneRequired: 'Phone number is required.',
  cityMin: 'City must be at least 2 characters.',
  stateMin: 'State must be at least 2 characters.',
  planRequired: 'Please select a subscription plan.',
  termsRequired: 'You must accept the terms and conditions.',
  createFailed: 'Failed to create merchant account',
  genericFailure: 'An error occurred during registration.',
  noProfile: 'No merchant profile found. Please complete your registration.',
} as const;

/**
 * Roles, staff, suspensions and bans (docs/decisions/0062-roles-and-staff.md, 0063-suspensions-and-bans.md). The spec
 * has none of these: each says what happened and what the person can do.
 */
export const ACCESS_MESSAGES = {
  adminRole: (role: string | null) =>
    role
      ? `Your admin role (${role[0]!.toUpperCase()}${role.slice(1)}) does not include this. Ask an owner if you need it.`
      : 'Your admin account has no role yet. Ask an owner to give you one.',
  merchantRole: (role: string) =>
    `Your staff role (${role[0]!.toUpperCase()}${role.slice(1)}) does not include this. Ask the business owner if you need it.`,
  staffRemoved: 'Your staff access to this business was removed. Ask the business owner if you think this is a mistake.',
  banned: (reason: string | null) =>
    `This account has been banned${reason ? ` (${reason.replace(/[.!?\s]+$/, '')})` : ''}. If you think this is a mistake, write to support through the contact page.`,
  deactivated: 'This admin account has been deactivated. Ask an owner of the platform if you need access again.',
} as const;

export const SANCTION_MESSAGES = {
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'Please keep the reason under 1000 characters.',
  merchantNotFound: 'This business was not found.',
  alreadySuspended: 'This business is already suspended.',
  notSuspended: 'This business is not suspended.',
  customerNotFound: 'This customer was not found.',
  alreadyBanned: 'This customer is already banned.',
  notBanned: 'This customer is not banned.',
  suspendedNotice: (reason: string) => `Your business has been suspended by LocalPerks: ${reason}`,
  /** What a suspended merchant is told when it tries what suspension stops. */
  suspended: 'Your business is suspended: this is not available until LocalPerks reinstates it. See the reason on your dashboard.',
  payoutHeld: 'This payout is held while its business is suspended. Reinstate the business to pay it.',
  adminNotFound: 'This admin was not found.',
  lastOwner: 'The platform needs at least one active owner: make another admin an owner first.',
  notYourself: 'You cannot change your own role or deactivate your own account.',
  alreadyDeactivated: 'This admin is already deactivated.',
  notDeactivated: 'This admin is active.',
} as const;

export const STAFF_MESSAGES = {
  emailTaken: 'This address already has a LocalPerks account. Staff sign in with an account of their own: invite another address.',
  alreadyInvited: 'This address is already invited or on your staff.',
  tooMany: 'Your business has reached the staff limit. Remove someone before inviting another.',
  notFound: 'This staff member was not found.',
  inviteInvalid: 'This invitation link is invalid or was withdrawn. Ask the business owner for a new one.',
  inviteExpired: 'This invitation has expired. Ask the business owner to invite you again.',
  inviteUsed: 'This invitation was already accepted. Log in with your staff account.',
} as const;
