import { requiredText, type Field, type FormInput, type FormRule } from '../form-rules.ts';

/** PINs: a new one nobody would guess first, and its confirmation. */

/** A PIN anyone could guess first is refused: one digit repeated, or a run up or down. */
export function isTrivialPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

/** pinSchema's pin and settings-schemas.ts's newPin differ only in the first message. */
export function newPin(value: unknown, message: string): Field {
  return requiredText(value, message)
    .matches(/^\d{4}$/, 'Your PIN is exactly 4 digits')
    .rule((pin) => !isTrivialPin(pin), 'That PIN is too easy to guess: avoid repeated digits and runs like 1234');
}

export const pinsMatch: FormRule = [(form: FormInput) => form.pin === form.pin_confirmation, 'pin_confirmation', 'The two PINs do not match'];
