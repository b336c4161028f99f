import { Field, type FormInput, type FormRule, type Message } from '../form-rules.ts';
import { controlCharacterMessage, isCleanLine } from '../text.ts';

/** Passwords: schemas.ts's newPasswordSchema, a current password, a confirmation. */

export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** The hint beside every new-password field: registration, reset and settings. */
export const newPasswordHint = `At least ${passwordMinLength} characters. A phrase of a few unrelated words is easy to remember and hard to guess.`;

/** newPasswordSchema */
export function newPassword(value: unknown): Field {
  return new Field(value)
    .string('said.password.choose')
    .min(passwordMinLength, { key: 'said.password.min', params: { min: passwordMinLength } })
    .max(passwordMaxLength, { key: 'said.password.max', params: { max: passwordMaxLength } })
    .rule(isCleanLine, controlCharacterMessage);
}

/** A field that must not be empty, untrimmed (z.string({ error }).min(1, message)). */
export function filled(value: unknown, message: Message): Field {
  return new Field(value).string(message).min(1, message);
}

/** A password proving who you are (loginSchema's, settings-schemas.ts's currentPassword). */
export function password(value: unknown, message: Message = 'said.password.current'): Field {
  // The string's own error ({ error }) is max's message too.
  return filled(value, message).max(1024, message);
}

export function passwordsMatch(confirmation: string): FormRule {
  return [(form: FormInput) => form.password === form[confirmation], confirmation, 'said.password.mismatch'];
}
