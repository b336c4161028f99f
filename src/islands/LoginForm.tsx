import { api } from './api.ts';
import { homeFor } from '../lib/onboarding.ts';
import { loginCheck } from '../lib/checks/login.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormToken, FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import type { LoginWords } from '../i18n/island-words.ts';

/** `words`: the screen's words and its check's messages in the customer's language (src/i18n/island-words.ts). */
export default function LoginForm({ formToken, values = {}, errors = {}, formError = null, notice = null, next = null, words }: FormProps & { next?: string | null; words: LoginWords }) {
  const form = useSchemaForm(worded(loginCheck, words), { email: '', password: '', ...values }, errors);
  const errorFor = (name: string) => { const message = form.errorFor(name); return message; };
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => api<{ user: AuthUser; device_confirmation_required?: boolean }>('POST', '/v1/auth/login', { email: form.values.email, password: form.values.password }), (data) => {
    // A device that is not the customer's bound one confirms the emailed and texted code first; until then the session opens nothing else.
    if (data.device_confirmation_required) {
      window.location.assign('/login/device');
      return;
    }
    signIn(data.user);
    // A payment link's "Pay now" comes back to its transfer (the server checked `next` is a path on this site).
    const home = homeFor(data.user);
    window.location.assign(next && home === '/dashboard' ? next : home);
  });

  return (
    <form method="post" action="/login" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} notice={notice} />
      {next && <input type="hidden" name="next" value={next} />}
      <TextField label={words['form.email']} type="email" autoComplete="username" inputMode="email" error={errorFor('email')} {...form.bind('email')} />
      <TextField label={words['form.password']} type="password" autoComplete="current-password" error={errorFor('password')} {...form.bind('password')} />
      <SubmitButton busy={busy} busyText={words['login.busy']}>
        {words['login.submit']}
      </SubmitButton>
    </form>
  );
}
