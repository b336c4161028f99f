import { requiredText, type Field } from '../form-rules.ts';
import { personNamePattern } from '../text.ts';

/** Who someone is: schemas.ts's nameSchema, emailSchema, phoneNumberSchema. */

/** Step 1 of registration: who you are. Step 2 adds the password and the terms. */
export const registerDetailFields = ['first_name', 'last_name', 'email', 'phone_number'] as const;

// The zod email pattern (z.email()'s default), which emailSchema pipes into.
const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** nameSchema(which): a first or last name, each with its own messages (`said.firstName.*`, `said.lastName.*`). */
export function name(value: unknown, which: 'firstName' | 'lastName'): Field {
  return requiredText(value, `said.${which}.required`).max(50, `said.${which}.long`).matches(personNamePattern, `said.${which}.letters`);
}

/** emailSchema */
export function email(value: unknown): Field {
  return requiredText(value, 'said.email.required').max(254, 'said.email.long').lower().pipe().matches(emailPattern, 'said.email.invalid');
}

/** phoneNumberSchema */
export function phoneNumber(value: unknown): Field {
  return requiredText(value, 'said.phone.required')
    .map((text) => text.replace(/[\s()-]/g, ''))
    .matches(/^(?:\+?234|0)[789][01]\d{8}$/, 'said.phone.invalid');
}
