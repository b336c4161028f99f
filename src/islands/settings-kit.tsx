import type { ReactNode } from 'react';
import { settingsDoneUrl, settingsPath, settingsSection, type SettingsIntent } from '../lib/settings-intents.ts';
import type { FormCheck } from '../lib/form-rules.ts';
import type { ApiResponse } from '../lib/api-client.ts';
import { FormMessage, FormToken, SubmitButton, useApiSubmit, useSchemaForm, type FormProps, type FormValues, worded, type Words } from './form-kit.tsx';

/**
 * What the four forms of /account/settings share (their intents and addresses are in
 * src/lib/settings-intents.ts, which the server reads too): with JavaScript each is checked as
 * it is typed and sent to the API, and success goes to the same address the page's redirect
 * would, so the server shows the same notice either way.
 */

/** The attributes every PIN box shares. */
export const pinInput = { type: 'password', inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 4, pattern: '[0-9]*', className: 'input font-mono text-2xl tracking-[0.5em]' };

/**
 * Loads `target` from the server. Assigning an address that differs from the current one only
 * in its #fragment would merely scroll (say, the same form saved twice), so then the address is
 * replaced and the page reloaded.
 */
function goTo(target: string): void {
  const url = new URL(target, window.location.href);
  if (url.pathname === window.location.pathname && url.search === window.location.search) {
    window.history.replaceState(null, '', url);
    window.location.reload();
  } else {
    window.location.assign(url);
  }
}

/**
 * The form state, the submit and the success navigation of one settings form; `formProps` is
 * what its SettingsForm takes (spread into it). `words` (the page's, in the customer's language)
 * word the check's messages; the API answers in that language already.
 */
export function useSettingsForm<T>(
  intent: SettingsIntent,
  check: FormCheck,
  initialValues: FormValues,
  { values = {}, errors = {}, formError = null, notice = null, words, formToken }: FormProps & { words: Words },
  call: (values: FormValues) => Promise<ApiResponse<T>>,
  doneParams: (data: T) => Record<string, string> = () => ({}),
) {
  // Secrets are never sent back to the page, so only what the server kept is merged in.
  const form = useSchemaForm(worded(check, words), { ...initialValues, ...values }, errors, { idPrefix: `${settingsSection[intent]}-` });
  const submit = useApiSubmit(form, formError, () => call(form.values), (data) => goTo(settingsDoneUrl(intent, doneParams(data))));
  return { form, formProps: { intent, busy: submit.busy, message: submit.message, notice, onSubmit: submit.onSubmit, formToken } };
}

export function SettingsForm(props: {
  intent: SettingsIntent;
  formToken: string;
  busy: boolean;
  message: string | null;
  notice?: string | null | undefined;
  onSubmit: ReturnType<typeof useApiSubmit>['onSubmit'];
  submitLabel: string;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={settingsPath} noValidate onSubmit={props.onSubmit}>
      <FormToken value={props.formToken} />
      <input type="hidden" name="intent" value={props.intent} />
      <FormMessage error={props.message} notice={props.notice} />
      {props.children}
      <SubmitButton busy={props.busy} busyText={props.busyText}>
        {props.submitLabel}
      </SubmitButton>
    </form>
  );
}
