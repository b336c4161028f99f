import { checkForm, requiredText, type FormCheck } from '../form-rules.ts';
import { newPin, pinsMatch } from './pins.ts';

/** schemas.ts's pinSchema, for the set-PIN island. */

export const pinCheck: FormCheck = (values) =>
  checkForm({ pin: newPin(values.pin, 'said.pin.choose'), pin_confirmation: requiredText(values.pin_confirmation, 'said.pin.again') }, [pinsMatch]);
