import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PLAN_IDS } from '../constants';
import { newPasswordRule } from './auth';
import { MERCHANT_MESSAGES as M } from '../messages';
import { addressFields } from './location';

/** An optional website: blank means none; otherwise an http(s) URL. */
const website = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]{2,}$/i.test(v), M.websiteInvalid)
  .transform((v) => (v === '' ? null : v))
  .optional()
  .transform((v) => v ?? null);

/** The business fields shared by registration and the profile edit. */
export const businessFields = {
  businessName: z
    .string({ error: M.businessNameMin })
    .trim()
    .min(2, M.businessNameMin)
    .max(100, 'Business name must be at most 100 characters.'),
  description: z
    .string({ error: M.descriptionMin })
    .trim()
    .min(10, M.descriptionMin)
    .max(2000, 'Description must be at most 2000 characters.'),
  website,
  phone: z.string({ error: M.phoneRequired }).trim().min(1, M.phoneRequired).max(30, 'Phone number must be at most 30 characters.'),
  city: z.string({ error: M.cityMin }).trim().min(2, M.cityMin).max(60),
  state: z.string({ error: M.stateMin }).trim().min(2, M.stateMin).max(40),
  plan: z.enum(PLAN_IDS, { error: M.planRequired }).default('advertise_only'),
};

/** /merchant/register (docs/product/merchant-admin-spec.md §5): the form and the API use this one definition. */
export const merchantRegistrationSchema = z
  .object({
    email: z
      .string({ error: M.emailInvalid })
      .trim()
      .pipe(z.email({ error: M.emailInvalid }))
      .transform((v) => v.toLowerCase()),
    password: newPasswordRule({
      min: M.passwordMin,
      max: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
      uppercase: M.passwordUppercase,
      number: M.passwordNumber,
    }),
    confirmPassword: z.string({ error: M.passwordsMismatch }),
    ...businessFields,
    // The street address (docs/decisions/0049-location.md): geocoded to the ZIP code's centre on the server.
    ...addressFields,
    acceptTerms: z.literal(true, { error: M.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordsMismatch,
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });
export type MerchantRegistrationForm = z.input<typeof merchantRegistrationSchema>;
