import { api } from './api.ts';
import { homeFor } from '../lib/onboarding.ts';
import { pinCheck } from '../lib/checks/pin.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormToken, FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import type { SetPinWords } from '../i18n/island-words.ts';

/** `words`: the screen's words and its check's messages in the customer's language (src/i18n/island-words.ts). */
export default function PinForm({ formToken, errors = {}, formError = null, words }: FormProps & { words: SetPinWords }) {
  // PINs are never sent back to the page, so the form always starts empty.
  const form = useSchemaForm(worded(pinCheck, words), { pin: '', pin_confirmation: '' }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => api<{ user: AuthUser }>('POST', '/v1/onboarding/set-pin', { pin: form.values.pin, pin_confirmation: form.values.pin_confirmation }), (data) => {
    signIn(data.user);
    window.location.assign(homeFor(data.user));
  });

  const pinInput = { type: 'password', inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 4, pattern: '[0-9]*', className: 'input font-mono text-2xl tracking-[0.5em]' };
  return (
    <form method="post" action="/pin/set" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} />
      <TextField label={words['pin.label']} hint={words['onboarding.pin.hint']} error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label={words['onboarding.pin.confirm']} error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
      <SubmitButton busy={busy} busyText={words['onboarding.newPassword.busy']}>
        {words['onboarding.pin.submit']}
      </SubmitButton>
    </form>
  );
}
