import { api } from './api.ts';
import { homeFor } from '../lib/onboarding.ts';
import { pinCheck } from '../lib/checks/pin.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps } from './form-kit.tsx';

export default function PinForm({ errors = {}, formError = null }: FormProps) {
  // PINs are never sent back to the page, so the form always starts empty.
  const form = useSchemaForm(pinCheck, { pin: '', pin_confirmation: '' }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => api<{ user: AuthUser }>('POST', '/v1/onboarding/set-pin', { pin: form.values.pin, pin_confirmation: form.values.pin_confirmation }), (data) => {
    signIn(data.user);
    window.location.assign(homeFor(data.user));
  });

  const pinInput = { type: 'password', inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 4, pattern: '[0-9]*', className: 'input font-mono text-2xl tracking-[0.5em]' };
  return (
    <form method="post" action="/pin/set" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} />
      <TextField label="Transaction PIN" hint="4 digits. Avoid 1234, 0000 and your birth year." error={form.errorFor('pin')} {...pinInput} {...form.bind('pin')} />
      <TextField label="Confirm PIN" error={form.errorFor('pin_confirmation')} {...pinInput} {...form.bind('pin_confirmation')} />
      <SubmitButton busy={busy} busyText="Saving…">
        Set my PIN
      </SubmitButton>
    </form>
  );
}
