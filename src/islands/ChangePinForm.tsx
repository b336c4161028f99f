import { api } from './api.ts';
import { changePinWithCurrentCheck } from '../lib/checks/settings.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, newPinHint, pinInput, useSettingsForm } from './settings-kit.tsx';

export default function ChangePinForm(props: FormProps) {
  const { form, formProps } = useSettingsForm(
    'pin',
    changePinWithCurrentCheck,
    { current_pin: '', pin: '', pin_confirmation: '' },
    props,
    (values) => api('POST', '/v1/profile/pin/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel="Change my PIN">
      <TextField label="Current PIN" error={form.errorFor('current_pin')} {...pinInput} {...form.bind('current_pin')} />
      <TextField label="New PIN" hint={newPinHint} error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label="Confirm new PIN" error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
    </SettingsForm>
  );
}
