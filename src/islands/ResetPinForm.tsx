import { api } from './api.ts';
import { resetPinWithAnswerCheck } from '../lib/checks/settings.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, newPinHint, pinInput, useSettingsForm } from './settings-kit.tsx';

/** A forgotten or locked PIN: the password and the security answer prove it is you, and lift a PIN lock. */
export default function ResetPinForm(props: FormProps & { question: string }) {
  const { form, formProps } = useSettingsForm(
    'pin_reset',
    resetPinWithAnswerCheck,
    { password: '', security_answer: '', pin: '', pin_confirmation: '' },
    props,
    (values) => api('POST', '/v1/profile/pin/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel="Set my new PIN">
      <TextField label="Your password" type="password" autoComplete="current-password" error={form.errorFor('password')} {...form.bind('password')} />
      <TextField label={props.question} autoComplete="off" hint="The answer to your security question. Not case-sensitive." error={form.errorFor('security_answer')} {...form.bind('security_answer')} />
      <TextField label="New PIN" hint={newPinHint} error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label="Confirm new PIN" error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
    </SettingsForm>
  );
}
