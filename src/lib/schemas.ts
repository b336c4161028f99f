import { z } from 'zod';
import { securityQuestions } from './reference.ts';
import { controlCharacterMessage, isCleanLine, personNamePattern } from './text.ts';
import { isTrivialPin, passwordMaxLength, passwordMinLength } from './checks/fields.ts';

// Zod-free (form-checks.ts holds the islands' copies of these rules, checked against the schemas here).
export { isTrivialPin, newPasswordHint, passwordMaxLength, passwordMinLength, registerDetailFields } from './checks/fields.ts';

/**
 * One schema per form. The same object validates the island as you type, the no-JavaScript
 * form post and the JSON API, and feeds the OpenAPI description. Messages are written for the
 * customer, since they are shown beside the field.
 */

/** A required one-line text field (src/lib/text.ts: no control characters). */
export function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).refine(isCleanLine, { error: controlCharacterMessage, abort: true });
}

/** An optional one-line text field: trimmed, no control characters. */
export function lineText() {
  return z.string().trim().refine(isCleanLine, { error: controlCharacterMessage, abort: true });
}

/**
 * A whole number where the client may send it as text: an HTML select's value, a query string
 * (?page=2). Only a JSON integer or plain decimal digits (at most `maxDigits`) are read: no
 * signs, spaces, decimals, exponents or radix prefixes ("0x1f4", "1e3", " 2 ", "2.0").
 */
export function digitsInteger(message: string, maxDigits = 6) {
  const digits = new RegExp(`^\\d{1,${maxDigits}}$`);
  return z.union([z.int(), z.string().regex(digits).transform(Number)], { error: message }).pipe(z.int({ error: message }));
}

/** HTML checkboxes send "on" (or nothing); JSON clients send true. */
export const checkbox = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true' || value === '1',
  z.boolean(),
);

export const nameSchema = (label: string) =>
  requiredText(`Enter your ${label}`)
    .max(50, `Your ${label} must be 50 characters or fewer`)
    .regex(personNamePattern, `Your ${label} can only contain letters, spaces, hyphens and apostrophes`);

export const emailSchema = requiredText('Enter your email address')
  .max(254, 'That email address is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com' }));

/**
 * Nigerian mobile numbers: 080…, +23480…, 23480… (070, 080, 081, 090, 091 ranges), stored
 * and returned in E.164 form.
 */
export const phoneNumberSchema = requiredText('Enter your phone number')
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:\+?234|0)[789][01]\d{8}$/, 'Enter a Nigerian mobile number, like 0803 123 4567')
      .transform((value) => '+234' + value.replace(/^(?:\+?234|0)/, '')),
  );

export const newPasswordSchema = z
  .string({ error: 'Choose a password' })
  .min(passwordMinLength, `Use at least ${passwordMinLength} characters`)
  .max(passwordMaxLength, `Use at most ${passwordMaxLength} characters`)
  .refine(isCleanLine, controlCharacterMessage);

/** Step 1 of registration: who you are. Step 2 adds the password and the terms. */
export const registerDetailsSchema = z.object({
  first_name: nameSchema('first name'),
  last_name: nameSchema('last name'),
  email: emailSchema,
  phone_number: phoneNumberSchema,
});

export const registerSchema = registerDetailsSchema
  .extend({
    password: newPasswordSchema,
    password_confirmation: z.string({ error: 'Type your password again' }).min(1, 'Type your password again'),
    terms: checkbox.refine((accepted) => accepted, 'Accept the terms and conditions to open an account'),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    error: 'The two passwords do not match',
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const otpSchema = z.object({
  otp: requiredText('Enter the 6-digit code from the email').regex(/^\d{6}$/, 'The code is 6 digits'),
});


export const pinSchema = z
  .object({
    pin: requiredText('Choose a 4-digit PIN')
      .regex(/^\d{4}$/, 'Your PIN is exactly 4 digits')
      .refine((pin) => !isTrivialPin(pin), 'That PIN is too easy to guess: avoid repeated digits and runs like 1234'),
    pin_confirmation: requiredText('Type your PIN again'),
  })
  .refine((form) => form.pin === form.pin_confirmation, {
    path: ['pin_confirmation'],
    error: 'The two PINs do not match',
  });

export const securityAnswerSchema = requiredText('Type your answer')
  .min(2, 'Your answer must be at least 2 characters')
  .max(100, 'Keep your answer under 100 characters');

export const securityQuestionSchema = z.object({
  security_question_id: digitsInteger('Choose a question', 4).refine((id) => securityQuestions.some((question) => question.id === id), 'Choose a question from the list'),
  answer: securityAnswerSchema,
});

export type FieldErrors = Record<string, string[]>;

/** zod issues → { field: [messages] }, the shape API errors and forms both use. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
