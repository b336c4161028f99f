import { useState, type SubmitEvent } from 'react';
import { api } from './api.ts';
import { homeFor } from '../lib/onboarding.ts';
import { otpCheck } from '../lib/checks/verify-email.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormToken, DigitsField, FormMessage, SubmitButton, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { EmailText } from './email-text.tsx';
import type { VerifyEmailWords } from '../i18n/island-words.ts';

/** `words`: the screen's words and its check's messages in the customer's language; the API answers in it too. */
export default function VerifyEmailForm({ formToken, values = {}, errors = {}, formError = null, notice = null, email, words }: FormProps & { email: string; words: VerifyEmailWords }) {
  const [sentBefore, sentAfter] = words['onboarding.verify.sentTo'].split('{email}');
  const [noEmailBefore, noEmailAfter] = words['onboarding.verify.noEmail'].split('{resend}');
  const form = useSchemaForm(worded(otpCheck, words), { otp: '', ...values }, errors);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [message, setMessage] = useState(formError);
  const [info, setInfo] = useState(notice);

  async function verify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setInfo(null);
    if (!form.check()) return;
    setBusy('verify');
    setMessage(null);
    const response = await api<{ user: AuthUser }>('POST', '/v1/onboarding/verify-otp', { otp: form.values.otp });
    if (response.ok) {
      signIn(response.data.user);
      window.location.assign(homeFor(response.data.user));
      return;
    }
    setBusy(null);
    setMessage(response.message);
    form.setServerErrors(response.errors.otp ? response.errors : { otp: [response.message] });
  }

  async function resend(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('resend');
    setMessage(null);
    const response = await api<null>('POST', '/v1/onboarding/resend-otp');
    setBusy(null);
    if (response.ok) {
      setInfo(response.message);
      form.set('otp', '');
    } else {
      setMessage(response.message);
    }
  }

  return (
    <div>
      <p className="mb-4">
        {sentBefore}
        <EmailText address={email} />
        {sentAfter}
      </p>
      <form method="post" action="/account/verify" noValidate onSubmit={verify}>
        <FormToken value={formToken} />
        <FormMessage error={message} notice={info} />
        <input type="hidden" name="intent" value="verify" />
        <DigitsField label={words['onboarding.verify.label']} autoComplete="one-time-code" maxLength={6} wide error={form.errorFor('otp')} {...form.bind('otp')} />
        <SubmitButton busy={busy === 'verify'} busyText={words['onboarding.code.checking']}>
          {words['onboarding.verify.submit']}
        </SubmitButton>
      </form>
      <form method="post" action="/account/verify" className="mt-4 text-center" onSubmit={resend}>
        <FormToken value={formToken} />
        <input type="hidden" name="intent" value="resend" />
        <p className="text-sm">
          {noEmailBefore}
          <button type="submit" className="btn-link" disabled={busy !== null}>
            {busy === 'resend' ? words['onboarding.verify.resending'] : words['onboarding.verify.resend']}
          </button>
          {noEmailAfter}
        </p>
      </form>
    </div>
  );
}
