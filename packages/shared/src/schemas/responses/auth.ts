import { z } from 'zod';
import { ROLES } from '../../constants';
import { sessionUserSchema } from '../auth';
import { isoDate } from './common';

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * A password sign-in: signed in, or (an account with an authenticator app) the code is asked for next, and no
 * session starts until it is given (docs/decisions/0055-passkeys-and-authenticator-codes.md).
 */
/** A session started: the signed-in user. */
export const signedInResponseSchema = z.object({ user: sessionUserSchema });
export const loginResponseSchema = z.union([
  signedInResponseSchema,
  z.object({ secondStep: z.object({ token: z.string(), expiresAt: isoDate() }) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyEmailResponseSchema = z.object({ user: sessionUserSchema, hasMerchantRegistration: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const resendVerificationResponseSchema = z.object({ ok: z.literal(true), alreadyVerified: z.boolean() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

/** The account page's profile. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: isoDate(),
  updatedAt: isoDate(),
  /** A change of e-mail waiting for its confirmation from this address (docs/decisions/0053-account-controls.md). */
  pendingEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Admin sign-in (docs/product/design.md §9). */
export const ADMIN_STEPS = ['credentials', 'code', 'signed-in', 'not-admin'] as const;
export type AdminStep = (typeof ADMIN_STEPS)[number];
/**
 * The admin's second step: an e-mailed code, the authenticator app, or a passkey. A passkey replaces the e-mailed
 * code; the app is an alternative to it (docs/decisions/0055-passkeys-and-authenticator-codes.md).
 */
export const ADMIN_SECOND_STEPS = ['passkey', 'totp', 'email'] as const;
export type AdminSecondStep = (typeof ADMIN_SECOND_STEPS)[number];
export const adminAuthStatusSchema = z.object({
  step: z.enum(ADMIN_STEPS),
  user: sessionUserSchema.nullable(),
  codeExpiresAt: isoDate().nullable(),
  /** On the code step: the ways this admin may pass it, the preferred first. */
  methods: z.array(z.enum(ADMIN_SECOND_STEPS)),
});
export type AdminAuthStatus = z.infer<typeof adminAuthStatusSchema>;

/** A new access code was mailed; `devCode` only in development, for someone at this machine. */
export const codeIssuedSchema = z.object({ codeExpiresAt: isoDate(), devCode: z.string().optional() });
export type CodeIssued = z.infer<typeof codeIssuedSchema>;

/** Step 1 passed: a code was mailed (`codeExpiresAt`) unless the admin uses a passkey or an authenticator app. */
export const adminCredentialsAcceptedSchema = z.object({
  step: z.literal('code'),
  user: sessionUserSchema,
  codeExpiresAt: isoDate().nullable(),
  devCode: z.string().optional(),
  methods: z.array(z.enum(ADMIN_SECOND_STEPS)),
});
export type AdminCredentialsAccepted = z.infer<typeof adminCredentialsAcceptedSchema>;

export const adminSignedInSchema = z.object({ step: z.literal('signed-in'), user: sessionUserSchema });
export type AdminSignedIn = z.infer<typeof adminSignedInSchema>;
