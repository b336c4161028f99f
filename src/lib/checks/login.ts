import { checkForm, type FormCheck } from '../form-rules.ts';
import { email } from './identity.ts';
import { password } from './passwords.ts';

/** schemas.ts's loginSchema, for the sign-in island. */

export const loginCheck: FormCheck = (values) => checkForm({ email: email(values.email), password: password(values.password, 'said.password.enter') });
