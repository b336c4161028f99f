import { useEffect, useState, type ChangeEvent, type FocusEvent, type SubmitEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { ApiResponse } from '../lib/api-client.ts';
import type { FieldErrors, FormInput } from '../lib/form-rules.ts';

/**
 * What every island form shares: one check checks the fields as they are typed (a field shows
 * its message once it has been left or the form was submitted), and the server's own answer
 * (field errors, a message) is shown the same way the no-JavaScript page shows it. The check is
 * the form's rules without zod (src/lib/form-checks.ts, tested against the server's schemas),
 * so zod never reaches the browser.
 */
export type FormValues = Record<string, string | boolean>;

// How an island words its check's messages (by key, from its page's words): src/lib/word-said.ts.
export { fillWord, worded, wordWith, type Words } from '../lib/word-said.ts';

/** `idPrefix` keeps element ids unique when one page holds several forms with the same field names. */
/** `check`: the form's check with its messages worded (`worded`, above). */
export function useSchemaForm(check: (values: FormInput) => FieldErrors, initialValues: FormValues, initialErrors: FieldErrors = {}, { idPrefix = '' }: { idPrefix?: string } = {}) {
  const [values, setValues] = useState<FormValues>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>(initialErrors);

  // On a slow phone people type into the server-rendered form before the script arrives. React
  // would put its own (initial) values back on the next render, so on hydration the fields'
  // current contents are adopted instead of lost.
  useEffect(() => {
    const typed: FormValues = {};
    for (const [name, initial] of Object.entries(initialValues)) {
      const field = document.getElementById(idPrefix + name);
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (typeof initial === 'boolean' && field.checked !== initial) typed[name] = field.checked;
      } else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) {
        if (field.value !== String(initial ?? '')) typed[name] = field.value;
      }
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // Only once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const liveErrors: FieldErrors = check(values);
  const valid = Object.keys(liveErrors).length === 0;

  function errorFor(name: string): string | undefined {
    if (serverErrors[name]?.[0]) return serverErrors[name][0];
    if (submitted || touched[name]) return liveErrors[name]?.[0];
    return undefined;
  }

  function set(name: string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    if (serverErrors[name]) setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  return {
    values,
    set,
    errorFor,
    touch: (name: string) => setTouched((current) => ({ ...current, [name]: true })),
    setServerErrors,
    /** Marks the form submitted; returns true when every field is valid. */
    check(): boolean {
      setSubmitted(true);
      setServerErrors({});
      return valid;
    },
    /** Checks only the named fields (for a form shown in steps). */
    checkFields(names: string[]): boolean {
      setTouched((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, true])) }));
      return names.every((name) => !liveErrors[name]);
    },
    bind(name: string) {
      return {
        name,
        id: idPrefix + name,
        value: String(values[name] ?? ''),
        onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(name, event.target.value),
        onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => {
          // Leaving a field for this form's submit button must not show a message first: it would
          // push the button down between press and release, and the tap would be lost.
          const next = event.relatedTarget;
          if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form) return;
          setTouched((current) => ({ ...current, [name]: true }));
        },
      };
    },
  };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string | undefined; hint?: ReactNode };

/** The ids a field is described by: its hint, what else is said under it, its message (`<id>-hint`, `<id>-error`). */
export function describedBy(id: string, hint: unknown, error: unknown, ...others: (string | null)[]): string | undefined {
  return [hint ? `${id}-hint` : null, ...others, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** What is said under a field: its hint, then its message, with the ids describedBy names. */
export function FieldNotes({ id, hint, error, children }: { id: string; hint?: ReactNode; error?: string | undefined; children?: ReactNode }) {
  return (
    <>
      {hint ? (
        <div className="hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {children}
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </>
  );
}

/** One field's frame: its label, the control (`children`), then what is said under it (`also` between the hint and the message). */
export function FieldFrame({ id, label, hint, error, also, children }: { id: string; label: string; hint?: ReactNode; error?: string | undefined; also?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error}>
        {also}
      </FieldNotes>
    </div>
  );
}

export function TextField({ name, label, error, hint, id, ...input }: FieldProps) {
  const inputId = id ?? name;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error}>
      <input className="input" id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(inputId, hint, error)} {...input} />
    </FieldFrame>
  );
}

/**
 * A number typed digit by digit (a code, a BVN, an account number): the numeric keypad, no
 * autocorrect, drawn in spaced monospace (`wide` for the short codes typed large).
 */
export function DigitsField({ wide = false, ...field }: FieldProps & { maxLength: number; wide?: boolean }) {
  return <TextField inputMode="numeric" pattern="[0-9]*" autoComplete="off" className={wide ? 'input font-mono text-2xl tracking-[0.5em]' : 'input font-mono tracking-wider'} {...field} />;
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder: string;
};

export function SelectField({ name, label, error, hint, options, placeholder, id, ...select }: SelectProps) {
  const selectId = id ?? name;
  return (
    <FieldFrame id={selectId} label={label} hint={hint} error={error}>
      <select className="input" id={selectId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy(selectId, hint, error)} {...select}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function FormMessage({ error, notice }: { error?: string | null | undefined; notice?: string | null | undefined }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p className="alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice && !error ? <p className="alert-info">{notice}</p> : null}
    </div>
  );
}

export function SubmitButton({ busy, children, busyText, name, value }: { busy: boolean; children: ReactNode; busyText: string; name?: string; value?: string }) {
  return (
    <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy} name={name} value={value}>
      {busy ? busyText : children}
    </button>
  );
}

/** What useSchemaForm answers: the values, errors and field bindings of one form. */
export type SchemaForm = ReturnType<typeof useSchemaForm>;

/** Props every island form receives from its page: what the no-JavaScript post left behind. */
/** `formToken`: this response's form token (Astro.locals.formToken()), posted with the form where JavaScript does not run. */
export type FormProps = { values?: FormValues; errors?: FieldErrors; formError?: string | null; notice?: string | null; formToken: string };

/** The form token a native post carries (src/server/http/form-tokens.ts); the JSON API does not take it. */
export function FormToken({ value }: { value: string }) {
  return <input type="hidden" name="_csrf" defaultValue={value} />;
}

/**
 * The submit every island form shares: check the fields, show progress, call the API, then
 * either move on or show the server's message and field errors where the page would.
 */
export function useApiSubmit<T>(
  form: { check(): boolean; setServerErrors(errors: FieldErrors): void },
  formError: string | null,
  call: () => Promise<ApiResponse<T>>,
  onSuccess: (data: T) => void,
) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(formError);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setMessage(null);
    const response = await call();
    if (response.ok) {
      onSuccess(response.data);
      return;
    }
    setBusy(false);
    setMessage(response.message);
    form.setServerErrors(response.errors);
  }
  return { busy, message, onSubmit };
}

/**
 * The form's first submit button, out of sight and out of the tab order. Pressing Enter in a
 * field submits a form through its first submit button; without this one, that would be a quick
 * amount ("₦100") or "Show plans" on the purchase forms, or "Change details" on registration's
 * second step, which come before the form's own button on the screen.
 */
export function DefaultSubmit({ label }: { label: string }) {
  return (
    <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}
