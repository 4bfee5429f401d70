import { z } from 'zod';
import { ADMIN_ROLES, LOGIN_PASSWORD_MIN, MERCHANT_ROLES, PASSWORD_MAX_LENGTH, SIGNUP_PASSWORD_MIN } from '../constants';
import { AUTH_MESSAGES } from '../messages';

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** The parts of the new-password rule, for checklists that tick them off while the user types. */
export const PASSWORD_UPPERCASE = /[A-Z]/;
export const PASSWORD_DIGIT = /[0-9]/;

/**
 * The new-password rule (docs/product/customer-spec.md §5, docs/product/merchant-admin-spec.md §5): SIGNUP_PASSWORD_MIN+ characters, one
 * upper-case letter, one digit. Every new password (sign-up, merchant registration, reset, change,
 * admin create, the admin:create CLI) goes through this one rule; only the wording differs, because
 * the merchant pages' messages end with a full stop.
 */
export function newPasswordRule(m: { min: string; uppercase: string; number: string; max?: string }) {
  return z
    .string({ error: m.min })
    .min(SIGNUP_PASSWORD_MIN, m.min)
    .max(PASSWORD_MAX_LENGTH, m.max ?? `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .regex(PASSWORD_UPPERCASE, m.uppercase)
    .regex(PASSWORD_DIGIT, m.number);
}

/** The new-password rule with the customer pages' messages. */
export const newPasswordSchema = newPasswordRule({
  min: AUTH_MESSAGES.passwordMin,
  uppercase: AUTH_MESSAGES.passwordUppercase,
  number: AUTH_MESSAGES.passwordNumber,
});

export const emailSchema = email;

export const loginSchema = z.object({
  email,
  password: z.string().min(LOGIN_PASSWORD_MIN, AUTH_MESSAGES.loginPasswordMin).max(PASSWORD_MAX_LENGTH),
});
export type Login = z.infer<typeof loginSchema>;

const confirm = z.string().min(1, AUTH_MESSAGES.confirmRequired);
/**
 * Confirmation must equal the password, shown on confirmPassword. `when` lets the check run even
 * while other fields are still invalid, so the form shows every problem at once.
 */
const passwordsMatch = {
  path: ['confirmPassword'],
  message: AUTH_MESSAGES.passwordsMismatch,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword.length > 0;
  },
};
const matches = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
/** The same "type it twice" rule for other forms that set a password (a staff invitation's, issue 33). */
export const confirmPasswordRule = { field: confirm, matches, issue: passwordsMatch } as const;

/** Sign-up on the shared /login page (customer tab). */
export const signupFormSchema = z
  .object({
    email,
    password: newPasswordSchema,
    confirmPassword: confirm,
    acceptTerms: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
  })
  .refine(matches, passwordsMatch);
export type SignupForm = z.infer<typeof signupFormSchema>;

/** Sign-up tab of the combined /auth page. */
export const authPageSignupSchema = z
  .object({ email, password: newPasswordSchema, confirmPassword: confirm })
  .refine(matches, passwordsMatch);
export type AuthPageSignup = z.infer<typeof authPageSignupSchema>;

/** Customer registration page /register. */
export const registerFormSchema = z
  .object({
    name: z.string().trim().min(2, AUTH_MESSAGES.nameMin).max(100),
    email,
    password: newPasswordSchema,
    confirmPassword: confirm,
    acceptTerms: z.literal(true, { error: AUTH_MESSAGES.registerTermsRequired }),
  })
  .refine(matches, passwordsMatch);
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** What the server accepts for a customer sign-up. A `role` other than customer is ignored. */
export const signupRequestSchema = z.object({
  email,
  password: newPasswordSchema,
  name: z.string().trim().max(100).optional(),
  role: z.string().optional(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const emailOnlySchema = z.object({ email });
export type EmailOnly = z.infer<typeof emailOnlySchema>;

/** /reset-password form: the new-password rule on the password (a mismatch is the page's toast, checked first). */
export const resetPasswordFormSchema = z.object({
  password: newPasswordSchema,
  confirmPassword: z.string(),
});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(16).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const verifyEmailRequestSchema = z.object({ token: z.string().min(16).max(200) });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['customer', 'merchant', 'admin']),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** An admin's role; null for other accounts (docs/decisions/0062-roles-and-staff.md). */
  adminRole: z.enum(ADMIN_ROLES).nullable(),
  /** For a merchant account: the business's owner, or the staff role; null otherwise (and for removed staff). */
  merchantRole: z.enum(MERCHANT_ROLES).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /api/auth/reset-password: the tokens of the reset link and the new password. */
export const resetPasswordTokensSchema = z.object({
  accessToken: z.string().min(1).max(200),
  refreshToken: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type ResetPasswordTokens = z.infer<typeof resetPasswordTokensSchema>;
