import { checkForm, requiredText, type FormCheck } from '../form-rules.ts';
import { newPin, pinsMatch } from './pins.ts';

/** schemas.ts's pinSchema, for the set-PIN island. */

export const pinCheck: FormCheck = (values) =>
  checkForm({ pin: newPin(values.pin, 'Choose a 4-digit PIN'), pin_confirmation: requiredText(values.pin_confirmation, 'Type your PIN again') }, [pinsMatch]);
