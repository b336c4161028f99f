import { requiredText, type Field, type FormInput, type FormRule, type Message } from '../form-rules.ts';

/** PINs: a new one nobody would guess first, and its confirmation. */

/** A PIN anyone could guess first is refused: one digit repeated, or a run up or down. */
export function isTrivialPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

/** pinSchema's pin and settings-schemas.ts's newPin differ only in the first message. */
export function newPin(value: unknown, message: Message): Field {
  return requiredText(value, message)
    .matches(/^\d{4}$/, 'said.pin.digits')
    .rule((pin) => !isTrivialPin(pin), 'said.pin.easy');
}

export const pinsMatch: FormRule = [(form: FormInput) => form.pin === form.pin_confirmation, 'pin_confirmation', 'said.pin.mismatch'];
