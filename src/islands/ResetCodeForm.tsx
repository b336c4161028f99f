import { resetCodeCheck } from '../lib/checks/reset-code.ts';
import { FormToken, DigitsField, FormMessage, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { PostButton, submitterOf, useNativePost } from './recovery-kit.tsx';
import type { ResetCodeWords } from '../i18n/island-words.ts';

/** The page knows the email (from its cookie); this form asks only for the code. */

export default function ResetCodeForm({ formToken, errors = {}, formError = null, notice = null, words }: FormProps & { words: ResetCodeWords }) {
  // Codes are never sent back to the page, so the field always starts empty.
  const form = useSchemaForm(worded(resetCodeCheck, words), { token: '' }, errors);
  const post = useNativePost<'verify' | 'resend'>();
  const codeError = form.errorFor('token');

  return (
    <form
      method="post"
      action="/password/reset/token"
      noValidate
      onSubmit={(event) => {
        // "Send a new code" needs no code typed.
        const resend = submitterOf(event)?.value === 'resend';
        post.submit(event, resend ? 'resend' : 'verify', resend || form.check());
      }}
    >
      <FormToken value={formToken} />
      <FormMessage error={formError} notice={notice} />
      <DigitsField label={words['onboarding.code.label']} hint={words['onboarding.code.hint']} autoComplete="one-time-code" maxLength={6} wide error={codeError} {...form.bind('token')} />
      <PostButton busy={post.busy === 'verify'} busyText={words['onboarding.code.checking']} name="intent" value="verify">
        {words['register.continue']}
      </PostButton>
      <PostButton busy={post.busy === 'resend'} busyText={words['onboarding.forgot.busy']} className="btn-secondary mt-3 w-full" name="intent" value="resend">
        {words['onboarding.code.resend']}
      </PostButton>
    </form>
  );
}
