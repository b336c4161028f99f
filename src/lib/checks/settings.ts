import { checkForm, requiredText, type FormCheck } from '../form-rules.ts';
import { filled, newPassword, password, passwordsMatch } from './passwords.ts';
import { newPin, pinsMatch } from './pins.ts';
import { securityAnswer, securityQuestionId } from './questions.ts';

/** settings-schemas.ts: the four forms of /account/settings (all on one page, so one module). */

export const changePasswordCheck: FormCheck = (values) =>
  checkForm(
    { current_password: password(values.current_password), password: newPassword(values.password), password_confirmation: filled(values.password_confirmation, 'said.password.newAgain') },
    [passwordsMatch('password_confirmation'), [(form) => form.password !== form.current_password, 'password', 'said.password.same']],
  );

export const changeSecurityQuestionCheck: FormCheck = (values) =>
  checkForm({ security_question_id: securityQuestionId(values.security_question_id), answer: securityAnswer(values.answer), password: password(values.password) });

export const changePinWithCurrentCheck: FormCheck = (values) =>
  checkForm(
    {
      current_pin: requiredText(values.current_pin, 'said.pin.current').matches(/^\d{4}$/, 'said.pin.digits'),
      pin: newPin(values.pin, 'said.pin.chooseNew'),
      pin_confirmation: requiredText(values.pin_confirmation, 'said.pin.newAgain'),
    },
    [pinsMatch],
  );

export const resetPinWithAnswerCheck: FormCheck = (values) =>
  checkForm(
    {
      password: password(values.password),
      security_answer: securityAnswer(values.security_answer),
      pin: newPin(values.pin, 'said.pin.chooseNew'),
      pin_confirmation: requiredText(values.pin_confirmation, 'said.pin.newAgain'),
    },
    [pinsMatch],
  );
