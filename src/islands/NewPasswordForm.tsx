import { newPasswordFormCheck } from '../lib/checks/new-password.ts';
import { FormToken, FormMessage, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { NewPasswordFields } from './password-fields.tsx';
import { PostButton, useNativePost } from './recovery-kit.tsx';
import type { NewPasswordWords } from '../i18n/island-words.ts';

export default function NewPasswordForm({ formToken, errors = {}, formError = null, words }: FormProps & { words: NewPasswordWords }) {
  // Passwords are never sent back to the page, so the form always starts empty.
  const form = useSchemaForm(worded(newPasswordFormCheck, words), { password: '', password_confirmation: '' }, errors);
  const post = useNativePost<'save'>();

  return (
    <form method="post" action="/password/reset" noValidate onSubmit={(event) => post.submit(event, 'save', form.check())}>
      <FormToken value={formToken} />
      <FormMessage error={formError} />
      <NewPasswordFields
        form={form}
        words={{ label: words['onboarding.newPassword.label'], confirm: words['onboarding.newPassword.confirm'], hint: words['form.passwordHint'] }}
      />
      <PostButton busy={post.busy === 'save'} busyText={words['onboarding.newPassword.busy']}>
        {words['onboarding.newPassword.submit']}
      </PostButton>
    </form>
  );
}
