import { z } from 'zod';
import { saidOf, says } from './zod-said.ts';
import type { Said } from '../i18n/said.ts';
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

/** A first or last name, each with its own messages (`said.firstName.*`, `said.lastName.*`). */
export const nameSchema = (which: 'firstName' | 'lastName') =>
  requiredText(says(`said.${which}.required`))
    .max(50, says(`said.${which}.long`))
    .regex(personNamePattern, says(`said.${which}.letters`));

export const emailSchema = requiredText(says('said.email.required'))
  .max(254, says('said.email.long'))
  .toLowerCase()
  .pipe(z.email({ error: says('said.email.invalid') }));

/**
 * Nigerian mobile numbers: 080…, +23480…, 23480… (070, 080, 081, 090, 091 ranges), stored
 * and returned in E.164 form.
 */
export const phoneNumberSchema = requiredText(says('said.phone.required'))
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:\+?234|0)[789][01]\d{8}$/, says('said.phone.invalid'))
      .transform((value) => '+234' + value.replace(/^(?:\+?234|0)/, '')),
  );

export const newPasswordSchema = z
  .string({ error: says('said.password.choose') })
  .min(passwordMinLength, says('said.password.min', { min: passwordMinLength }))
  .max(passwordMaxLength, says('said.password.max', { max: passwordMaxLength }))
  .refine(isCleanLine, controlCharacterMessage);

/** Step 1 of registration: who you are. Step 2 adds the password and the terms. */
export const registerDetailsSchema = z.object({
  first_name: nameSchema('firstName'),
  last_name: nameSchema('lastName'),
  email: emailSchema,
  phone_number: phoneNumberSchema,
});

export const registerSchema = registerDetailsSchema
  .extend({
    password: newPasswordSchema,
    password_confirmation: z.string({ error: says('said.password.again') }).min(1, says('said.password.again')),
    terms: checkbox.refine((accepted) => accepted, says('said.terms')),
  })
  .refine((form) => form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    error: says('said.password.mismatch'),
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: says('said.password.enter') }).min(1, says('said.password.enter')).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const otpSchema = z.object({
  otp: requiredText(says('said.code.required')).regex(/^\d{6}$/, says('said.code.digits')),
});

/** POST /v1/auth/device/confirm and the /login/device form: the new-device code (decision 026). */
export const deviceCodeSchema = z.object({
  code: requiredText(says('said.code.required')).regex(/^\d{6}$/, says('said.code.digits')),
});


export const pinSchema = z
  .object({
    pin: requiredText(says('said.pin.choose'))
      .regex(/^\d{4}$/, says('said.pin.digits'))
      .refine((pin) => !isTrivialPin(pin), says('said.pin.easy')),
    pin_confirmation: requiredText(says('said.pin.again')),
  })
  .refine((form) => form.pin === form.pin_confirmation, {
    path: ['pin_confirmation'],
    error: says('said.pin.mismatch'),
  });

export const securityAnswerSchema = requiredText(says('said.answer.required'))
  .min(2, says('said.answer.min'))
  .max(100, says('said.answer.max'));

export const securityQuestionSchema = z.object({
  security_question_id: digitsInteger(says('said.question.choose'), 4).refine((id) => securityQuestions.some((question) => question.id === id), says('said.question.list')),
  answer: securityAnswerSchema,
});

/** { field: [messages] } worded in the customer's language: the shape API errors and forms show. */
export type FieldErrors = Record<string, string[]>;

/**
 * zod issues → { field: [what is wrong] } as catalogue keys with values (zod-said.ts), worded
 * where they are shown; the islands' checks (form-checks.ts) give the same, message for message.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, Said[]> {
  const errors: Record<string, Said[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    (errors[field] ??= []).push(saidOf(issue.message));
  }
  return errors;
}
