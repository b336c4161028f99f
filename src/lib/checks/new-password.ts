import { checkForm, type FormCheck } from '../form-rules.ts';
import { filled, newPassword, passwordsMatch } from './passwords.ts';

/** recovery-schemas.ts's newPasswordFormSchema. */

export const newPasswordFormCheck: FormCheck = (values) =>
  checkForm({ password: newPassword(values.password), password_confirmation: filled(values.password_confirmation, 'said.password.newAgain') }, [passwordsMatch('password_confirmation')]);
