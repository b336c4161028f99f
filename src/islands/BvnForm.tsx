import { api } from './api.ts';
import { bvnCheck } from '../lib/checks/kyc.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormToken, DigitsField, FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import type { BvnWords } from '../i18n/settings-words.ts';

/**
 * Tier 1 → 2 on /kyc-verification. Without JavaScript it is a plain post (intent=bvn) to the
 * page; with it, the same schema checks as you type and the API answers, then the page is
 * loaded with ?done=bvn so the server shows the new tier. The page never sends the BVN back.
 */
export default function BvnForm({ formToken, values = {}, errors = {}, formError = null, words }: FormProps & { words: BvnWords }) {
  const form = useSchemaForm(worded(bvnCheck, words), { bvn: '', date_of_birth: '', ...values }, errors);
  const { busy, message, onSubmit } = useApiSubmit(
    form,
    formError,
    () => api<{ user: AuthUser }>('POST', '/v1/kyc/bvn', { bvn: form.values.bvn, date_of_birth: form.values.date_of_birth }),
    (data) => {
      signIn(data.user);
      window.location.assign('/kyc-verification?done=bvn');
    },
  );

  return (
    <form method="post" action="/kyc-verification" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <input type="hidden" name="intent" value="bvn" />
      <FormMessage error={message} />
      <DigitsField
        label={words['settings.bvn.label']}
        hint={words['settings.bvn.hint']}
        maxLength={11}
        error={form.errorFor('bvn')}
        {...form.bind('bvn')}
      />
      <TextField label={words['settings.bvn.dob']} type="date" hint={words['settings.bvn.dobHint']} autoComplete="bday" error={form.errorFor('date_of_birth')} {...form.bind('date_of_birth')} />
      <SubmitButton busy={busy} busyText={words['onboarding.code.checking']}>
        {words['settings.bvn.submit']}
      </SubmitButton>
    </form>
  );
}
