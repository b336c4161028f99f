import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from './api.ts';
import { registerCheck } from '../lib/checks/register.ts';
import { registerDetailFields } from '../lib/checks/identity.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { goToSignupStep, resetSignup, setSignupStep, signup, updateSignup } from '../stores/signup.ts';
import { DefaultSubmit, FormToken, FormMessage, SubmitButton, TextField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { EmailText } from './email-text.tsx';
import type { RegisterWords } from '../i18n/island-words.ts';

/** `words`: the screen's words and its check's messages in the customer's language (src/i18n/island-words.ts). */
type Props = FormProps & { step: 1 | 2; words: RegisterWords };

/** A sentence with one {placeholder}, split around it so markup can go in between. */
const around = (template: string) => template.split(/\{\w+\}/);

/**
 * Registration in two steps. Without JavaScript each step is a round trip to /register (the
 * details travel as hidden fields); with it, the steps switch in place and the `signup` store
 * keeps the details (never the passwords) so a reload or a dropped connection loses nothing.
 */
export default function RegisterForm({ formToken, values = {}, errors = {}, formError = null, step: serverStep, words }: Props) {
  const stored = useStore(signup);
  const form = useSchemaForm(worded(registerCheck, words),
    { first_name: '', last_name: '', email: '', phone_number: '', password: '', password_confirmation: '', terms: false, ...values },
    errors,
  );
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(formError);
  const step = hydrated ? (stored.step >= 2 ? 2 : 1) : serverStep;
  const errorFor = (name: string) => { const message = form.errorFor(name); return message; };
  const [openingBefore, openingAfter] = around(words['register.openingFor']);
  const [acceptBefore, acceptBetween, acceptAfter] = around(words['register.accept']);

  useEffect(() => {
    // Fill empty fields from the store (a half-finished signup), then follow its step.
    const saved = signup.get();
    for (const field of registerDetailFields) if (!form.values[field] && saved[field]) form.set(field, saved[field]);
    if (serverStep === 2 && saved.step < 2) setSignupStep(1);
    setHydrated(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function change(name: string, value: string | boolean) {
    form.set(name, value);
    if ((registerDetailFields as readonly string[]).includes(name) || name === 'terms') updateSignup({ [name]: value });
  }

  function bind(name: string) {
    const base = form.bind(name);
    return { ...base, onChange: (event: { target: { value: string } }) => change(name, event.target.value) };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    if (step === 1) {
      if (form.checkFields([...registerDetailFields])) setSignupStep(1);
      return;
    }
    if (!form.check()) {
      if (registerDetailFields.some((field) => form.errorFor(field))) goToSignupStep(1);
      return;
    }
    setBusy(true);
    const response = await api<{ user: AuthUser }>('POST', '/v1/auth/register', form.values);
    if (response.ok) {
      resetSignup();
      signIn(response.data.user);
      window.location.assign('/account/verify');
      return;
    }
    setBusy(false);
    setMessage(response.message);
    form.setServerErrors(response.errors);
    if (registerDetailFields.some((field) => response.errors[field])) goToSignupStep(1);
  }

  return (
    <form method="post" action="/register" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <p className="mb-4 text-sm text-slate-600" aria-live="polite">
        {step === 1 ? words['register.step1'] : words['register.step2']}
      </p>
      <FormMessage error={message} />
      {step === 1 ? (
        <>
          <TextField label={words['form.firstName']} autoComplete="given-name" error={errorFor('first_name')} {...bind('first_name')} />
          <TextField label={words['form.lastName']} autoComplete="family-name" error={errorFor('last_name')} {...bind('last_name')} />
          <TextField label={words['form.email']} type="email" inputMode="email" autoComplete="email" error={errorFor('email')} {...bind('email')} />
          <TextField
            label={words['form.phone']}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={words['form.phoneHint']}
            error={errorFor('phone_number')}
            {...bind('phone_number')}
          />
          <SubmitButton busy={false} busyText="" name="intent" value="continue">
            {words['register.continue']}
          </SubmitButton>
        </>
      ) : (
        <>
          {/* Enter in a password field (a phone keyboard's "Go") opens the account, not "Change details". */}
          <DefaultSubmit label={words['register.submit']} />
          {registerDetailFields.map((field) => (
            <input key={field} type="hidden" name={field} value={String(form.values[field] ?? '')} />
          ))}
          <p className="mb-4 text-sm">
            {openingBefore}<EmailText address={String(form.values.email)} />{openingAfter}{' '}
            <button type="submit" className="btn-link" name="intent" value="back" formNoValidate onClick={(event) => { event.preventDefault(); goToSignupStep(1); }}>
              {words['register.changeDetails']}
            </button>
          </p>
          <TextField label={words['form.password']} type="password" autoComplete="new-password" hint={words['form.passwordHint']} error={errorFor('password')} {...bind('password')} />
          <TextField label={words['form.confirmPassword']} type="password" autoComplete="new-password" error={errorFor('password_confirmation')} {...bind('password_confirmation')} />
          <div className="field">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="terms"
                id="terms"
                className="mt-1 size-5"
                checked={form.values.terms === true || form.values.terms === 'on'}
                onChange={(event) => change('terms', event.target.checked)}
                aria-invalid={errorFor('terms') ? true : undefined}
                aria-describedby={errorFor('terms') ? 'terms-error' : undefined}
              />
              <span>
                {acceptBefore}
                <a href="/terms" target="_blank" rel="noopener">
                  {words['register.termsLink']}
                </a>
                {acceptBetween}
                <a href="/privacy" target="_blank" rel="noopener">
                  {words['register.privacyLink']}
                </a>
                {acceptAfter}
              </span>
            </label>
            {errorFor('terms') ? (
              <div className="field-error" id="terms-error">
                {errorFor('terms')}
              </div>
            ) : null}
          </div>
          <SubmitButton busy={busy} busyText={words['register.busy']} name="intent" value="register">
            {words['register.submit']}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
