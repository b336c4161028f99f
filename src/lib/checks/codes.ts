import { Field, requiredText, type Message } from '../form-rules.ts';

/** otpSchema and the reset code (recovery-schemas.ts's resetCodeSchema): the 6-digit code from an email. */
export function sixDigitCode(value: unknown): Field {
  return requiredText(value, 'said.code.required').matches(/^\d{6}$/, 'said.code.digits');
}

/** checkbox.refine(accepted): HTML sends "on", JSON true. */
export function accepted(value: unknown, message: Message): Field {
  const ticked = value === true || value === 'on' || value === 'true' || value === '1';
  return ticked ? new Field(true) : new Field(false).fail(message);
}
