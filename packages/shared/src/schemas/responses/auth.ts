import { z } from 'zod';
import { ROLES } from '../../constants';
import { sessionUserSchema } from '../auth';
import { isoDate } from './common';

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const loginResponseSchema = z.object({ user: sessionUserSchema });
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
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Admin sign-in (docs/product/design.md §9). */
export const ADMIN_STEPS = ['credentials', 'code', 'signed-in', 'not-admin'] as const;
export type AdminStep = (typeof ADMIN_STEPS)[number];
export const adminAuthStatusSchema = z.object({
  step: z.enum(ADMIN_STEPS),
  user: sessionUserSchema.nullable(),
  codeExpiresAt: isoDate().nullable(),
});
export type AdminAuthStatus = z.infer<typeof adminAuthStatusSchema>;

/** A new access code was mailed; `devCode` only in development, for someone at this machine. */
export const codeIssuedSchema = z.object({ codeExpiresAt: isoDate(), devCode: z.string().optional() });
export type CodeIssued = z.infer<typeof codeIssuedSchema>;

export const adminCredentialsAcceptedSchema = codeIssuedSchema.extend({ step: z.literal('code'), user: sessionUserSchema });
export type AdminCredentialsAccepted = z.infer<typeof adminCredentialsAcceptedSchema>;

export const adminSignedInSchema = z.object({ step: z.literal('signed-in'), user: sessionUserSchema });
export type AdminSignedIn = z.infer<typeof adminSignedInSchema>;
