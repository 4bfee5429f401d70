/** Typed error codes, their HTTP status, and the one JSON error shape of the API. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** A change to the sign-in factors needs the password confirmed again first (docs/decisions/0055). */
  REAUTH_REQUIRED: 403,
  CSRF: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_REDEEMED: 409,
  EXPIRED: 410,
  PAYMENT_DECLINED: 402,
  INVALID_SIGNATURE: 400,
  TOKEN_INVALID: 400,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
