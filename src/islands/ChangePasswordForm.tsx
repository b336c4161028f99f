import { api } from './api.ts';
import { newPasswordHint } from '../lib/schemas.ts';
import { changePasswordSchema } from '../lib/settings-schemas.ts';
import { TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, useSettingsForm } from './settings-kit.tsx';

export default function ChangePasswordForm(props: FormProps) {
  const { form, busy, message, onSubmit } = useSettingsForm(
    'password',
    changePasswordSchema,
    { current_password: '', password: '', password_confirmation: '' },
    props,
    (values) => api<{ signed_out_sessions: number }>('POST', '/v1/profile/password/update', values),
    (data) => ({ signed_out: String(data.signed_out_sessions) }),
  );
  return (
    <SettingsForm intent="password" busy={busy} message={message} notice={props.notice} onSubmit={onSubmit} submitLabel="Change my password">
      <TextField label="Current password" type="password" autoComplete="current-password" error={form.errorFor('current_password')} {...form.bind('current_password')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={newPasswordHint}
        error={form.errorFor('password')}
        {...form.bind('password')}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" error={form.errorFor('password_confirmation')} {...form.bind('password_confirmation')} />
    </SettingsForm>
  );
}
