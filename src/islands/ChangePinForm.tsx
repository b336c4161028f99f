import { api } from './api.ts';
import { changePinWithCurrentCheck } from '../lib/checks/settings.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, pinInput, useSettingsForm } from './settings-kit.tsx';
import type { ChangePinWords } from '../i18n/settings-words.ts';

export default function ChangePinForm({ words, ...props }: FormProps & { words: ChangePinWords }) {
  const { form, formProps } = useSettingsForm(
    'pin',
    changePinWithCurrentCheck,
    { current_pin: '', pin: '', pin_confirmation: '' },
    { ...props, words },
    (values) => api('POST', '/v1/profile/pin/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel={words['settings.pin.submit']} busyText={words['onboarding.newPassword.busy']}>
      <TextField label={words['settings.pin.current']} error={form.errorFor('current_pin')} {...pinInput} {...form.bind('current_pin')} />
      <TextField label={words['settings.pin.new']} hint={words['settings.pin.newHint']} error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label={words['settings.pin.confirm']} error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
    </SettingsForm>
  );
}
