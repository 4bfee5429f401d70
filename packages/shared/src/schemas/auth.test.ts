import { describe, expect, it } from 'vitest';
import {
  PASSWORD_DIGIT,
  PASSWORD_UPPERCASE,
  authPageSignupSchema,
  emailOnlySchema,
  loginSchema,
  newPasswordRule,
  newPasswordSchema,
  registerFormSchema,
  signupFormSchema,
} from './auth';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { AUTH_MESSAGES } from '../messages';
import { changePasswordSchema } from './account';
import { contactSchema, feedbackSchema, merchantLeadSchema } from './support';

/** Messages per field for an input, as forms show them. */
const messages = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error!.issues) (out[String(i.path[0] ?? '_')] ??= []).push(i.message);
  return out;
};

describe('login (docs/product/customer-spec.md §5)', () => {
  it('needs a valid email and a 6-character password', () => {
    expect(messages(loginSchema, { email: 'nope', password: '12345' })).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters'],
    });
    expect(loginSchema.parse({ email: ' Casey@Example.COM ', password: '123456' }).email).toBe('casey@example.com');
  });
});

describe('sign-up on /login', () => {
  it('says Email is required for an empty address', () => {
    expect(messages(signupFormSchema, { email: '', password: 'Passw0rd', confirmPassword: 'Passw0rd', acceptTerms: true }).email).toEqual([
      'Email is required',
    ]);
  });
  it('applies the 8-character, uppercase and digit rules with the spec messages', () => {
    expect(messages(signupFormSchema, { email: 'a@b.co', password: 'abc', confirmPassword: 'abc', acceptTerms: true }).password).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
  });
  it('needs the confirmation, equal, on confirmPassword, and the terms', () => {
    expect(messages(signupFormSchema, { email: 'a@b.co', password: 'Passw0rd', confirmPassword: '', acceptTerms: false })).toEqual({
      confirmPassword: ['Please confirm your password'],
      acceptTerms: ['You must accept the terms and conditions'],
    });
    expect(messages(signupFormSchema, { email: 'a@b.co', password: 'Passw0rd', confirmPassword: 'Passw0rx', acceptTerms: true })).toEqual({
      confirmPassword: ['Passwords do not match'],
    });
  });
  it('shows the mismatch together with other problems, so the form lists them all at once', () => {
    expect(messages(signupFormSchema, { email: 'a@b.co', password: 'weakpass', confirmPassword: 'other', acceptTerms: false })).toEqual({
      password: ['Password must contain at least one uppercase letter', 'Password must contain at least one number'],
      acceptTerms: ['You must accept the terms and conditions'],
      confirmPassword: ['Passwords do not match'],
    });
  });
  it('accepts a valid sign-up', () => {
    expect(
      signupFormSchema.safeParse({ email: 'a@b.co', password: 'Passw0rd', confirmPassword: 'Passw0rd', acceptTerms: true }).success,
    ).toBe(true);
  });
});

describe('sign-up on /auth', () => {
  it('has no terms and puts the mismatch on confirmPassword', () => {
    expect(messages(authPageSignupSchema, { email: 'bad', password: 'Passw0rd', confirmPassword: 'Other1234' })).toEqual({
      email: ['Please enter a valid email address'],
      confirmPassword: ['Passwords do not match'],
    });
  });
});

describe('customer registration /register', () => {
  it('uses its own name and terms messages', () => {
    expect(
      messages(registerFormSchema, { name: 'A', email: 'a@b.co', password: 'Passw0rd', confirmPassword: 'Passw0rd', acceptTerms: false }),
    ).toEqual({
      name: ['Name must be at least 2 characters'],
      acceptTerms: ['You must accept the Terms of Service'],
    });
  });
});

describe('other forms', () => {
  it('verify-email and forgot-password need a valid email', () => {
    expect(messages(emailOnlySchema, { email: 'x' })).toEqual({ email: ['Please enter a valid email address'] });
  });
  it('password change: the strength rule the hint names, its minimum first', () => {
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: 'Ab1' }).newPassword?.[0]).toBe(
      'Password must be at least 8 characters',
    );
    expect(AUTH_MESSAGES.passwordHint).toBe('At least 8 characters with an uppercase letter and a number.');
    expect(messages(changePasswordSchema, { currentPassword: 'x', newPassword: 'abcdef1' }).newPassword?.[0]).toBe(
      'Password must be at least 8 characters',
    );
    expect(messages(changePasswordSchema, { currentPassword: '', newPassword: 'Passw0rd' })).toEqual({
      currentPassword: ['Please enter your current password'],
    });
  });
  it('feedback must not be blank after trimming', () => {
    expect(messages(feedbackSchema, { message: '   ' })).toEqual({ message: ['Please enter your feedback before submitting.'] });
    expect(feedbackSchema.parse({ message: ' hi ' }).message).toBe('hi');
  });
  it('contact form validates each field', () => {
    expect(Object.keys(messages(contactSchema, { name: '', email: '', subject: '', message: '' })).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
  });
  it('merchant signup section needs an option and an email', () => {
    expect(messages(merchantLeadSchema, { email: '' })).toEqual({ optionType: ['Please select an option'], email: ['Email required'] });
  });
});

describe('the one new-password rule', () => {
  const errorsOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
    schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
  it('applies the same checks to customer and merchant passwords, each with its page’s wording', () => {
    expect(errorsOf(newPasswordSchema, 'Passw0rd')).toEqual([]);
    expect(errorsOf(newPasswordSchema, 'password1')).toEqual([AUTH_MESSAGES.passwordUppercase]);
    expect(errorsOf(newPasswordSchema, 'Pa1')).toEqual([AUTH_MESSAGES.passwordMin]);
    expect(errorsOf(newPasswordSchema, `A1${'x'.repeat(PASSWORD_MAX_LENGTH)}`)).toEqual([
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    ]);
    const merchant = newPasswordRule({ min: 'min.', uppercase: 'upper.', number: 'number.' });
    expect(errorsOf(merchant, 'Passw0rd')).toEqual([]);
    expect(errorsOf(merchant, 'Password')).toEqual(['number.']);
    expect(PASSWORD_UPPERCASE.test('aB')).toBe(true);
    expect(PASSWORD_DIGIT.test('ab')).toBe(false);
  });
});
