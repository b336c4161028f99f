import { api } from './api.ts';
import { resetPinWithAnswerCheck } from '../lib/checks/settings.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, pinInput, useSettingsForm } from './settings-kit.tsx';
import type { ResetPinWords } from '../i18n/settings-words.ts';

/** A forgotten or locked PIN: the password and the security answer prove it is you, and lift a PIN lock. `question` comes asked in the customer's language. */
export default function ResetPinForm({ question, words, ...props }: FormProps & { question: string; words: ResetPinWords }) {
  const { form, formProps } = useSettingsForm(
    'pin_reset',
    resetPinWithAnswerCheck,
    { password: '', security_answer: '', pin: '', pin_confirmation: '' },
    { ...props, words },
    (values) => api('POST', '/v1/profile/pin/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel={words['settings.pinReset.submit']} busyText={words['onboarding.newPassword.busy']}>
      <TextField label={words['safety.account.yourPassword']} type="password" autoComplete="current-password" error={form.errorFor('password')} {...form.bind('password')} />
      <TextField label={question} autoComplete="off" hint={words['settings.pinReset.answerHint']} error={form.errorFor('security_answer')} {...form.bind('security_answer')} />
      <TextField label={words['settings.pin.new']} hint={words['settings.pin.newHint']} error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label={words['settings.pin.confirm']} error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
    </SettingsForm>
  );
}
