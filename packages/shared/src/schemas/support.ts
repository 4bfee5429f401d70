import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH, FEEDBACK_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../constants';
import { FEEDBACK_MESSAGES } from '../messages';

export const feedbackSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, FEEDBACK_MESSAGES.emptyDescription)
    .max(FEEDBACK_MAX_LENGTH, `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters`),
  page: z.string().max(300).optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const contactSchema = z.object({
  name: z.string().trim().min(2, 'Please enter your name').max(PERSON_NAME_MAX_LENGTH),
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: z.string().trim().min(3, 'Please enter a subject').max(200),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(CONTACT_MESSAGE_MAX_LENGTH),
});
export type Contact = z.infer<typeof contactSchema>;

export const merchantLeadSchema = z.object({
  optionType: z.enum(['free', 'premium', 'commission', 'close'], { error: 'Please select an option' }),
  email: z
    .string()
    .trim()
    .min(1, 'Email required')
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  name: z.string().trim().max(PERSON_NAME_MAX_LENGTH).optional(),
});
export type MerchantLead = z.infer<typeof merchantLeadSchema>;
export type MerchantLeadForm = z.input<typeof merchantLeadSchema>;

/** GET /api/dev/mailbox: whose mail (optional) and which page. */
export const mailboxQuerySchema = z.object({ to: z.string().optional(), page: z.coerce.number().int().min(1).default(1) });

/** Browser journeys' hold on time (apps/server/src/jobs/test-clock.ts; never in production): the app clock's offset. */
export const testClockSchema = z.object({
  offsetMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000),
});
