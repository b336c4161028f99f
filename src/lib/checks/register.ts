import { checkForm, type FormCheck } from '../form-rules.ts';
import { email, name, phoneNumber } from './identity.ts';
import { filled, newPassword, passwordsMatch } from './passwords.ts';
import { accepted } from './codes.ts';

/** schemas.ts's registerSchema, for the registration island. */

export const registerCheck: FormCheck = (values) =>
  checkForm(
    {
      first_name: name(values.first_name, 'first name'),
      last_name: name(values.last_name, 'last name'),
      email: email(values.email),
      phone_number: phoneNumber(values.phone_number),
      password: newPassword(values.password),
      password_confirmation: filled(values.password_confirmation, 'Type your password again'),
      terms: accepted(values.terms, 'Accept the terms and conditions to open an account'),
    },
    [passwordsMatch('password_confirmation')],
  );
