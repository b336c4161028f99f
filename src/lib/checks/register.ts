import { checkForm, type FormCheck } from '../form-rules.ts';
import { email, name, phoneNumber } from './identity.ts';
import { filled, newPassword, passwordsMatch } from './passwords.ts';
import { accepted } from './codes.ts';

/** schemas.ts's registerSchema, for the registration island. */

export const registerCheck: FormCheck = (values) =>
  checkForm(
    {
      first_name: name(values.first_name, 'firstName'),
      last_name: name(values.last_name, 'lastName'),
      email: email(values.email),
      phone_number: phoneNumber(values.phone_number),
      password: newPassword(values.password),
      password_confirmation: filled(values.password_confirmation, 'said.password.again'),
      terms: accepted(values.terms, 'said.terms'),
    },
    [passwordsMatch('password_confirmation')],
  );
