import { checkForm, type FormCheck } from '../form-rules.ts';
import { sixDigitCode } from './codes.ts';

/** recovery-schemas.ts's reset code (verifyResetTokenSchema's token). */

export const resetCodeCheck: FormCheck = (values) => checkForm({ token: sixDigitCode(values.token) });
