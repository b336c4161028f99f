import { newPasswordHint } from '../lib/checks/passwords.ts';
import { TextField, type SchemaForm } from './form-kit.tsx';

// Apart from form-kit.tsx, which every island's page loads, so that the password rules reach only the password forms (docs/decisions/003-page-weight-budget.md).

/**
 * A new password and its confirmation, with the password rule as a hint (registration, a reset,
 * a change of password). `bind` stands in for form.bind where the form tracks its changes itself;
 * `fresh` says "New password" where an old one is being replaced.
 */
/** `words`: the labels and hint in the customer's language (the form's messages come worded by its check). */
export function NewPasswordFields({ form, bind = form.bind, fresh = true, words }: { form: SchemaForm; bind?: SchemaForm['bind']; fresh?: boolean; words?: { label: string; confirm: string; hint: string } }) {
  const errorFor = (name: string) => { const message = form.errorFor(name); return message; };
  return (
    <>
      <TextField
        label={words?.label ?? (fresh ? 'New password' : 'Password')}
        type="password"
        autoComplete="new-password"
        hint={words?.hint ?? newPasswordHint}
        error={errorFor('password')}
        {...bind('password')}
      />
      <TextField label={words?.confirm ?? (fresh ? 'Confirm new password' : 'Confirm password')} type="password" autoComplete="new-password" error={errorFor('password_confirmation')} {...bind('password_confirmation')} />
    </>
  );
}
