import { api } from './api.ts';
import { changePasswordCheck } from '../lib/checks/settings.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { NewPasswordFields } from './password-fields.tsx';
import { SettingsForm, useSettingsForm } from './settings-kit.tsx';
import type { ChangePasswordWords } from '../i18n/settings-words.ts';

export default function ChangePasswordForm({ words, ...props }: FormProps & { words: ChangePasswordWords }) {
  const { form, formProps } = useSettingsForm(
    'password',
    changePasswordCheck,
    { current_password: '', password: '', password_confirmation: '' },
    { ...props, words },
    (values) => api<{ signed_out_sessions: number }>('POST', '/v1/profile/password/update', values),
    (data) => ({ signed_out: String(data.signed_out_sessions) }),
  );
  return (
    <SettingsForm {...formProps} submitLabel={words['settings.password.submit']} busyText={words['onboarding.newPassword.busy']}>
      <TextField label={words['settings.password.current']} type="password" autoComplete="current-password" error={form.errorFor('current_password')} {...form.bind('current_password')} />
      <NewPasswordFields form={form} words={{ label: words['onboarding.newPassword.label'], confirm: words['onboarding.newPassword.confirm'], hint: words['form.passwordHint'] }} />
    </SettingsForm>
  );
}
