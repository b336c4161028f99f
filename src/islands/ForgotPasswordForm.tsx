import { forgotPasswordCheck } from '../lib/checks/forgot-password.ts';
import { FormToken, FormMessage, TextField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { PostButton, useNativePost } from './recovery-kit.tsx';
import type { ForgotPasswordWords } from '../i18n/island-words.ts';

/** `words`: the screen's words and its check's messages in the customer's language (src/i18n/island-words.ts). */
export default function ForgotPasswordForm({ formToken, values = {}, errors = {}, formError = null, notice = null, words }: FormProps & { words: ForgotPasswordWords }) {
  const form = useSchemaForm(worded(forgotPasswordCheck, words), { email: '', ...values }, errors);
  const post = useNativePost<'send'>();
  const emailError = form.errorFor('email');

  return (
    <form method="post" action="/password/forgot" noValidate onSubmit={(event) => post.submit(event, 'send', form.check())}>
      <FormToken value={formToken} />
      <FormMessage error={formError} notice={notice} />
      <TextField label={words['form.email']} type="email" inputMode="email" autoComplete="email" error={emailError} {...form.bind('email')} />
      <PostButton busy={post.busy === 'send'} busyText={words['onboarding.forgot.busy']}>
        {words['onboarding.forgot.submit']}
      </PostButton>
    </form>
  );
}
