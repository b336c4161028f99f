import { newPasswordFormCheck } from '../lib/checks/new-password.ts';
import { FormMessage, NewPasswordFields, useSchemaForm, type FormProps } from './form-kit.tsx';
import { PostButton, useNativePost } from './recovery-kit.tsx';

export default function NewPasswordForm({ errors = {}, formError = null }: FormProps) {
  // Passwords are never sent back to the page, so the form always starts empty.
  const form = useSchemaForm(newPasswordFormCheck, { password: '', password_confirmation: '' }, errors);
  const post = useNativePost<'save'>();

  return (
    <form method="post" action="/password/reset" noValidate onSubmit={(event) => post.submit(event, 'save', form.check())}>
      <FormMessage error={formError} />
      <NewPasswordFields form={form} />
      <PostButton busy={post.busy === 'save'} busyText="Saving…">
        Save my new password
      </PostButton>
    </form>
  );
}
