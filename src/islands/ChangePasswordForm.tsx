import { api } from './api.ts';
import { changePasswordCheck } from '../lib/checks/settings.ts';
import { TextField } from './form-kit.tsx';
import { NewPasswordFields } from './password-fields.tsx';
import { SettingsForm, useSettingsForm, type SettingsIslandProps } from './settings-kit.tsx';
import type { ChangePasswordWords } from '../i18n/settings-words.ts';

export default function ChangePasswordForm(props: SettingsIslandProps<ChangePasswordWords>) {
  const { words } = props;
  const { form, formProps } = useSettingsForm(
    'password',
    changePasswordCheck,
    { current_password: '', password: '', password_confirmation: '' },
    props,
    (values) => api<{ signed_out_sessions: number }>('POST', '/v1/profile/password/update', values),
    (data) => ({ signed_out: String(data.signed_out_sessions) }),
  );
  return (
    <SettingsForm {...formProps} submitLabel={words['settings.password.submit']}>
      <TextField label={words['settings.password.current']} type="password" autoComplete="current-password" error={form.errorFor('current_password')} {...form.bind('current_password')} />
      <NewPasswordFields form={form} words={{ label: words['onboarding.newPassword.label'], confirm: words['onboarding.newPassword.confirm'], hint: words['form.passwordHint'] }} />
    </SettingsForm>
  );
}
