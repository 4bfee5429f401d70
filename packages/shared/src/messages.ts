/** User-facing texts of the spec, word for word. Kept free of zod so pages can import them cheaply. */

/** Messages of customer.md §5 and merchant-admin.md §5, word for word. */
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
} as const;

export const FEEDBACK_MESSAGES = {
  emptyTitle: 'Empty feedback',
  emptyDescription: 'Please enter your feedback before submitting.',
  sentTitle: 'Feedback sent',
} as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Display name is required',
  passwordMinLong: 'Password must be at least 6 characters long.',
  mismatchTitle: 'Password Mismatch',
  currentRequired: 'Please enter your current password',
  currentWrong: 'Your current password is incorrect.',
} as const;

/** Crowd-vote texts (customer.md §8); the server's vote conflicts use the same words. */
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
