import { resetCodeCheck } from '../lib/checks/reset-code.ts';
import { DigitsField, FormMessage, useSchemaForm, type FormProps } from './form-kit.tsx';
import { PostButton, submitterOf, useNativePost } from './recovery-kit.tsx';

/** The page knows the email (from its cookie); this form asks only for the code. */

export default function ResetCodeForm({ errors = {}, formError = null, notice = null }: FormProps) {
  // Codes are never sent back to the page, so the field always starts empty.
  const form = useSchemaForm(resetCodeCheck, { token: '' }, errors);
  const post = useNativePost<'verify' | 'resend'>();

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
      <FormMessage error={formError} notice={notice} />
      <DigitsField label="Reset code" hint="The 6 digits from the email" autoComplete="one-time-code" maxLength={6} wide error={form.errorFor('token')} {...form.bind('token')} />
      <PostButton busy={post.busy === 'verify'} busyText="Checking…" name="intent" value="verify">
        Continue
      </PostButton>
      <PostButton busy={post.busy === 'resend'} busyText="Sending…" className="btn-secondary mt-3 w-full" name="intent" value="resend">
        Send a new code
      </PostButton>
    </form>
  );
}
