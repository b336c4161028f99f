import { api } from './api.ts';
import { changePasswordCheck } from '../lib/checks/settings.ts';
import { NewPasswordFields, TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, useSettingsForm } from './settings-kit.tsx';

export default function ChangePasswordForm(props: FormProps) {
  const { form, formProps } = useSettingsForm(
    'password',
    changePasswordCheck,
    { current_password: '', password: '', password_confirmation: '' },
    props,
    (values) => api<{ signed_out_sessions: number }>('POST', '/v1/profile/password/update', values),
    (data) => ({ signed_out: String(data.signed_out_sessions) }),
  );
  return (
    <SettingsForm {...formProps} submitLabel="Change my password">
      <TextField label="Current password" type="password" autoComplete="current-password" error={form.errorFor('current_password')} {...form.bind('current_password')} />
      <NewPasswordFields form={form} />
    </SettingsForm>
  );
}
