import { checkForm, type FormCheck } from '../form-rules.ts';
import { email } from './identity.ts';

/** recovery-schemas.ts's forgotPasswordSchema. */

export const forgotPasswordCheck: FormCheck = (values) => checkForm({ email: email(values.email) });
