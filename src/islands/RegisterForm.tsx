import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from './api.ts';
import { registerCheck } from '../lib/checks/register.ts';
import { registerDetailFields } from '../lib/checks/identity.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { goToSignupStep, resetSignup, setSignupStep, signup, updateSignup } from '../stores/signup.ts';
import { FormMessage, NewPasswordFields, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';

type Props = FormProps & { step: 1 | 2 };

/**
 * Registration in two steps. Without JavaScript each step is a round trip to /register (the
 * details travel as hidden fields); with it, the steps switch in place and the `signup` store
 * keeps the details (never the passwords) so a reload or a dropped connection loses nothing.
 */
export default function RegisterForm({ values = {}, errors = {}, formError = null, step: serverStep }: Props) {
  const stored = useStore(signup);
  const form = useSchemaForm(
    registerCheck,
    { first_name: '', last_name: '', email: '', phone_number: '', password: '', password_confirmation: '', terms: false, ...values },
    errors,
  );
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(formError);
  const step = hydrated ? (stored.step >= 2 ? 2 : 1) : serverStep;

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
      <p className="mb-4 text-sm text-slate-600" aria-live="polite">
        Step {step} of 2: {step === 1 ? 'about you' : 'secure your account'}
      </p>
      <FormMessage error={message} />
      {step === 1 ? (
        <>
          <TextField label="First name" autoComplete="given-name" error={form.errorFor('first_name')} {...bind('first_name')} />
          <TextField label="Last name" autoComplete="family-name" error={form.errorFor('last_name')} {...bind('last_name')} />
          <TextField label="Email address" type="email" inputMode="email" autoComplete="email" error={form.errorFor('email')} {...bind('email')} />
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            hint="Your Nigerian mobile number, like 0803 123 4567"
            error={form.errorFor('phone_number')}
            {...bind('phone_number')}
          />
          <SubmitButton busy={false} busyText="" name="intent" value="continue">
            Continue
          </SubmitButton>
        </>
      ) : (
        <>
          {registerDetailFields.map((field) => (
            <input key={field} type="hidden" name={field} value={String(form.values[field] ?? '')} />
          ))}
          <p className="mb-4 text-sm">
            Opening an account for <strong className="[overflow-wrap:anywhere]">{String(form.values.email)}</strong>.{' '}
            <button type="submit" className="btn-link" name="intent" value="back" formNoValidate onClick={(event) => { event.preventDefault(); goToSignupStep(1); }}>
              Change details
            </button>
          </p>
          <NewPasswordFields form={form} bind={bind} fresh={false} />
          <div className="field">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="terms"
                id="terms"
                className="mt-1 size-5"
                checked={form.values.terms === true || form.values.terms === 'on'}
                onChange={(event) => change('terms', event.target.checked)}
                aria-invalid={form.errorFor('terms') ? true : undefined}
                aria-describedby={form.errorFor('terms') ? 'terms-error' : undefined}
              />
              <span>
                I accept the{' '}
                <a href="/terms" target="_blank" rel="noopener">
                  terms and conditions
                </a>{' '}
                and the{' '}
                <a href="/privacy" target="_blank" rel="noopener">
                  privacy notice
                </a>
                .
              </span>
            </label>
            {form.errorFor('terms') ? (
              <span className="field-error" id="terms-error">
                {form.errorFor('terms')}
              </span>
            ) : null}
          </div>
          <SubmitButton busy={busy} busyText="Opening your account…" name="intent" value="register">
            Open my account
          </SubmitButton>
        </>
      )}
    </form>
  );
}
