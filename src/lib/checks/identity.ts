import { requiredText, type Field } from '../form-rules.ts';
import { personNamePattern } from '../text.ts';

/** Who someone is: schemas.ts's nameSchema, emailSchema, phoneNumberSchema. */

/** Step 1 of registration: who you are. Step 2 adds the password and the terms. */
export const registerDetailFields = ['first_name', 'last_name', 'email', 'phone_number'] as const;

// The zod email pattern (z.email()'s default), which emailSchema pipes into.
const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** nameSchema(label) */
export function name(value: unknown, label: string): Field {
  return requiredText(value, `Enter your ${label}`)
    .max(50, `Your ${label} must be 50 characters or fewer`)
    .matches(personNamePattern, `Your ${label} can only contain letters, spaces, hyphens and apostrophes`);
}

/** emailSchema */
export function email(value: unknown): Field {
  return requiredText(value, 'Enter your email address').max(254, 'That email address is too long').lower().pipe().matches(emailPattern, 'Enter a valid email address, like name@example.com');
}

/** phoneNumberSchema */
export function phoneNumber(value: unknown): Field {
  return requiredText(value, 'Enter your phone number')
    .map((text) => text.replace(/[\s()-]/g, ''))
    .matches(/^(?:\+?234|0)[789][01]\d{8}$/, 'Enter a Nigerian mobile number, like 0803 123 4567');
}
