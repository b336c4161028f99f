import { checkForm, type FormCheck } from '../form-rules.ts';
import { sixDigitCode } from './codes.ts';

/** schemas.ts's otpSchema, for the email code island. */

export const otpCheck: FormCheck = (values) => checkForm({ otp: sixDigitCode(values.otp) });
