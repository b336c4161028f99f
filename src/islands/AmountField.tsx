import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { caretAfterFormat, formatNairaInput, parseNairaInput } from '../lib/amount-input.ts';
import { formatNaira, type Kobo } from '../lib/money.ts';
import { describedBy, FieldFrame } from './form-kit.tsx';

export type AmountFieldProps = {
  /** The form field name. The posted value is what the person sees ("1,234.50"); read it with parseNairaInput. */
  name: string;
  label: string;
  /** Prefill: "1234.5" (koboToInput) or what was posted back after a failed submit. */
  defaultValue?: string | undefined;
  /** The server's (or the parent form's) message; shown until the amount is edited. */
  error?: string | undefined;
  /** What is wrong with the amount as typed, in the customer's words (the payment's own rule, worded); undefined when it can be sent. */
  problem: (text: string) => string | undefined;
  hint?: string | undefined;
  id?: string | undefined;
  /** For a parent island that needs the amount, or null while it is empty or invalid. */
  onAmountChange?: ((amount: Kobo | null) => void) | undefined;
};

/**
 * A naira amount field. One input, named `name`, is both what the person types into and what
 * the form posts, so the server-rendered HTML is a working field before (or without)
 * hydration; the server reads the value with parseNairaInput, which accepts commas and ₦.
 * Once hydrated, the field groups thousands as it is typed and shows the amount it will send.
 */
export function AmountField({ name, label, defaultValue = '', error, problem, hint, id, onAmountChange }: AmountFieldProps) {
  const inputId = id ?? name;
  // A value the server could not read (say "1,23") is shown exactly as posted, next to its error.
  const [text, setText] = useState(() => (parseNairaInput(defaultValue) === null ? defaultValue : formatNairaInput(defaultValue)));
  const [hydrated, setHydrated] = useState(false);
  const [touched, setTouched] = useState(false);
  const [errorDismissed, setErrorDismissed] = useState(false);
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    // A new message from the server or the parent form: show it again.
    setShownError(error);
    setErrorDismissed(false);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  function update(next: string) {
    setText(next);
    onAmountChange?.(parseNairaInput(next));
  }

  useEffect(() => {
    setHydrated(true);
    // On a slow phone the page can be typed into before React takes over; React keeps that
    // text on screen but not in state, and would overwrite it on the next render.
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== text) update(formatNairaInput(typed));
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const formatted = formatNairaInput(raw);
    const caret = event.target.selectionStart;
    pendingCaret.current = caret === null ? null : caretAfterFormat(raw, caret, formatted);
    update(formatted);
    setErrorDismissed(true);
  }

  function onBlur(event: FocusEvent<HTMLInputElement>) {
    // As in form-kit: leaving for this form's submit button must not move the button mid-tap.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === event.currentTarget.form) return;
    setTouched(true);
  }

  const amount = parseNairaInput(text);
  const message = (!errorDismissed && error) || (hydrated && touched ? problem(text) : undefined);
  // Only once hydrated: without JavaScript a preview rendered on the server would not follow
  // what is typed and could state the wrong amount.
  const preview = hydrated && amount !== null && amount > 0 ? formatNaira(amount) : null;
  const amountNote = preview ? (
    <span className="mt-1 block text-sm text-slate-800" id={`${inputId}-amount`}>
      Amount: <strong className="font-semibold">{preview}</strong>
    </span>
  ) : null;

  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={message} also={amountNote}>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-slate-600" aria-hidden="true">
          ₦
        </span>
        <input
          ref={inputRef}
          className="input pl-8"
          id={inputId}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={onChange}
          onBlur={onBlur}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(inputId, hint, message, preview ? `${inputId}-amount` : null)}
        />
      </div>
    </FieldFrame>
  );
}

export default AmountField;
