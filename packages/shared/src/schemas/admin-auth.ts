import { z } from 'zod';
import { ACCESS_CODE_LENGTH, ADMIN_ROLES } from '../constants';
import { AUTH_MESSAGES } from '../messages';
import { loginSchema, newPasswordSchema } from './auth';

/** Admin sign-in texts (docs/product/merchant-admin-spec.md §5, §8), word for word where the spec gives them. */
export const ADMIN_AUTH_MESSAGES = {
  notAdmin: 'You do not have admin privileges',
  codeFormat: 'Access code must be 6 digits',
  codeInvalid: 'Invalid access code',
  codeExpiredTitle: 'Access Code Expired',
  codeExpired: 'This access code has expired. Please request a new one.',
  codeTooManyTries: 'Too many incorrect codes. Please request a new one.',
  tooManyWrongCodes: 'Too many incorrect access codes. For your security, admin sign-in is paused for this account for an hour.',
  codeNotIssued: 'No access code is active. Please request a new one.',
  tooManyCodes: 'Too many access codes requested. Please wait a few minutes and try again.',
  loginFailed: 'Login failed',
  unexpected: 'An unexpected error occurred.',
} as const;

/** Step 1: the same e-mail and 6-character password rules as the shared login. */
export const adminLoginSchema = loginSchema;
export type AdminLogin = z.infer<typeof adminLoginSchema>;

/** Step 2: exactly six digits. */
export const accessCodeSchema = z.object({
  code: z
    .string({ error: ADMIN_AUTH_MESSAGES.codeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`), ADMIN_AUTH_MESSAGES.codeFormat),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;

/** Settings: an admin creates another admin account (admins never sign themselves up). */
export const createAdminSchema = z.object({
  name: z.string().trim().min(2, AUTH_MESSAGES.nameMin).max(100),
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  password: newPasswordSchema,
  /** Owner unless chosen (docs/decisions/0062-roles-and-staff.md); the form always sends one. */
  role: z.enum(ADMIN_ROLES, { error: 'Choose owner, support or finance.' }).default('owner'),
});
export type CreateAdmin = z.input<typeof createAdminSchema>;
