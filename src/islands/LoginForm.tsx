import { api } from './api.ts';
import { homeFor } from '../lib/onboarding.ts';
import { loginCheck } from '../lib/checks/login.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps } from './form-kit.tsx';

export default function LoginForm({ values = {}, errors = {}, formError = null, notice = null, next = null }: FormProps & { next?: string | null }) {
  const form = useSchemaForm(loginCheck, { email: '', password: '', ...values }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => api<{ user: AuthUser }>('POST', '/v1/auth/login', { email: form.values.email, password: form.values.password }), (data) => {
    signIn(data.user);
    // A payment link's "Pay now" comes back to its transfer (the server checked `next` is a path on this site).
    const home = homeFor(data.user);
    window.location.assign(next && home === '/dashboard' ? next : home);
  });

  return (
    <form method="post" action="/login" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} notice={notice} />
      {next && <input type="hidden" name="next" value={next} />}
      <TextField label="Email address" type="email" autoComplete="username" inputMode="email" error={form.errorFor('email')} {...form.bind('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={form.errorFor('password')} {...form.bind('password')} />
      <SubmitButton busy={busy} busyText="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
