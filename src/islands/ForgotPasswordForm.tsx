import { forgotPasswordCheck } from '../lib/checks/forgot-password.ts';
import { FormMessage, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { PostButton, useNativePost } from './recovery-kit.tsx';

export default function ForgotPasswordForm({ values = {}, errors = {}, formError = null, notice = null }: FormProps) {
  const form = useSchemaForm(forgotPasswordCheck, { email: '', ...values }, errors);
  const post = useNativePost<'send'>();

  return (
    <form method="post" action="/password/forgot" noValidate onSubmit={(event) => post.submit(event, 'send', form.check())}>
      <FormMessage error={formError} notice={notice} />
      <TextField label="Email address" type="email" inputMode="email" autoComplete="email" error={form.errorFor('email')} {...form.bind('email')} />
      <PostButton busy={post.busy === 'send'} busyText="Sending…">
        Send me a code
      </PostButton>
    </form>
  );
}
