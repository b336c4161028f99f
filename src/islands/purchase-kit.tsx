import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { atom, type WritableAtom } from 'nanostores';
import { api, type ApiFailure } from './api.ts';
import { transactionPinErrors } from '../lib/checks/payment-pin.ts';
import { receiptReferenceOf } from '../lib/purchase-answer.ts';
import type { FieldErrors } from '../lib/form-rules.ts';
import type { TransactionJson } from '../lib/transaction.ts';
import { newIdempotencyKey, summaryMessage } from '../lib/payment-rules.ts';
import type { ProcessingFlag } from '../stores/processing.ts';
import { FormMessage } from './form-kit.tsx';

/**
 * What every money island shares (transfer, airtime, data, electricity, cable TV): the PIN
 * field, the summary restated above it, the idempotency key carried from the page's confirm
 * step, and the payment itself: one key per intended payment, the receipt on success (or on a
 * reversal the receipt explains), and the server's refusal shown beside the PIN and the fields.
 */

/** An idempotency key and the details it was made for (`key_details`). */
export type IntendedPayment = { key: string; fingerprint: string };

/** The key a "Change details" link carried back from the page's confirm step, if any. */
export function carriedKey(props: { idempotencyKey?: string | null | undefined; keyDetails?: string | null | undefined }): IntendedPayment | null {
  return props.idempotencyKey && props.keyDetails ? { key: props.idempotencyKey, fingerprint: props.keyDetails } : null;
}

/** The carried key as hidden fields, so the no-JavaScript post keeps it for the same details. */
export function CarriedKeyFields({ carried }: { carried: IntendedPayment | null }) {
  if (!carried) return null;
  return (
    <>
      <input type="hidden" name="idempotency_key" value={carried.key} />
      <input type="hidden" name="key_details" value={carried.fingerprint} />
    </>
  );
}

/**
 * The head of a payment island's details form: the step the page answers without JavaScript,
 * the key carried back from its confirm step, and the form's message.
 */
export function DetailsStepHead({ carried, message, notice }: { carried: IntendedPayment | null; message: string | null; notice: string | null }) {
  return (
    <>
      <input type="hidden" name="step" value="details" />
      <CarriedKeyFields carried={carried} />
      <FormMessage error={message} notice={notice} />
    </>
  );
}

/** The 4-digit transaction PIN, held by the island only; never written into the page. `pinFor`: what the PIN was set for. */
export function PinField({ value, onChange, error, pinFor = 'transfers' }: { value: string; onChange: (pin: string) => void; error?: string | undefined; pinFor?: 'transfers' | 'payments' }) {
  const hint = `The 4-digit PIN you set for ${pinFor}. Never share it.`;
  const describedBy = error ? 'pin-hint pin-error' : 'pin-hint';
  return (
    <div className="field">
      <label className="label" htmlFor="pin">
        Transaction PIN
      </label>
      <input
        className="input font-mono text-2xl tracking-[0.5em]"
        id="pin"
        name="pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        pattern="[0-9]*"
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <span className="hint" id="pin-hint">
        {hint}
      </span>
      {error ? (
        <span className="field-error" id="pin-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export type SummaryRow = { label: string; value: ReactNode; testId?: string };

/**
 * A short list of facts in a box: the payment restated above the PIN (with its total), or what a
 * verification found. Rows that are false are left out, so optional facts can be written inline.
 */
export function SummaryList({ label, rows, total, testId }: { label: string; rows: readonly (SummaryRow | false | null | undefined)[]; total?: string; testId?: string }) {
  return (
    <dl className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label={label} data-testid={testId}>
      {rows.map((row) =>
        row ? (
          <div key={row.label} className="flex justify-between gap-4 py-1">
            <dt className="text-slate-700">{row.label}</dt>
            <dd className="text-right [overflow-wrap:anywhere]" data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
      {total !== undefined ? (
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 font-semibold">
          <dt>Total</dt>
          <dd data-testid="total">{total}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The status line under a number the bank looks up (a meter, a smartcard): what to type, that it
 * is being checked, whose it is, or why it was not found. Spoken as it changes.
 */
export type Lookup<T> = { status: 'idle' } | { status: 'loading'; key: string } | { status: 'found'; key: string; found: T } | { status: 'error'; key: string; message: string };

export function LookupStatus({ lookup, idle, loading, found, errorTestId = 'verification-error' }: { lookup: Lookup<unknown>; idle?: string; loading: string; found: ReactNode; errorTestId?: string }) {
  return (
    <span aria-live="polite" className="block min-h-5 text-sm">
      {lookup.status === 'idle' && idle ? <span className="text-slate-600">{idle}</span> : null}
      {lookup.status === 'loading' ? <span className="text-slate-600">{loading}</span> : null}
      {lookup.status === 'found' ? (
        <span className="text-slate-900">
          <span aria-hidden="true">✓ </span>
          {found}
        </span>
      ) : null}
      {lookup.status === 'error' ? (
        <span className="font-medium text-red-800" data-testid={errorTestId}>
          {lookup.message}
        </span>
      ) : null}
    </span>
  );
}

/** Drops the named fields' messages: those the island shows somewhere of its own. */
export function errorsWithout(errors: FieldErrors, names: readonly string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !names.includes(name)));
}

type PaymentOptions = {
  /** The store's processing flag: one money call at a time. */
  flag: ProcessingFlag;
  /** Where the PIN is kept; without one the island keeps it to itself. */
  pinStore?: WritableAtom<string>;
  /** Whether the PIN field is on screen: the PIN is held only for the payment shown. */
  pinShown: boolean;
  errors: FieldErrors;
  formError: string | null;
  /** The key to start from (one carried back from the confirm step), if any. */
  intended?: IntendedPayment | null;
  receiptPath: (reference: string) => string;
  /** Said when the payment went through but its answer named no receipt, e.g. "The airtime was bought". */
  paidText: string;
};

export type PaymentRequest = { path: string; body: Record<string, unknown>; fingerprint: string };

export function usePayment({ flag, pinStore, pinShown, errors, formError, intended: carried = null, receiptPath, paidText }: PaymentOptions) {
  const [ownPin] = useState(() => atom(''));
  const pinAtom = pinStore ?? ownPin;
  const pin = useStore(pinAtom);
  const [pinError, setPinError] = useState<string | undefined>(errors.pin?.[0]);
  const [message, setMessage] = useState<string | null>(formError);
  const [leaving, setLeaving] = useState(false);
  const busy = useStore(flag.processing) || leaving;
  const intended = useRef<IntendedPayment | null>(carried);

  useEffect(() => {
    if (!pinShown && pinAtom.get()) pinAtom.set('');
  }, [pinShown, pinAtom]);
  useEffect(() => () => pinAtom.set(''), [pinAtom]);

  function showPinError(text: string | undefined) {
    setPinError(text);
    if (text) document.getElementById('pin')?.focus();
  }

  /**
   * Checks the PIN, then posts the payment under the key for these details (kept across
   * retries, renewed when the details change) and goes to its receipt. Answers the refusal for
   * the island to place (the PIN's message is already shown), or null when there is none to place.
   */
  async function pay({ path, body, fingerprint }: PaymentRequest): Promise<ApiFailure | null> {
    const pinErrors = transactionPinErrors(pin);
    if (pinErrors.length > 0) {
      showPinError(pinErrors[0]);
      return null;
    }
    if (intended.current?.fingerprint !== fingerprint) intended.current = { key: newIdempotencyKey(), fingerprint };
    const key = intended.current.key;
    const response = await flag.whileProcessing(() => api<TransactionJson>('POST', path, { ...body, pin: pin.trim() }, { 'Idempotency-Key': key }));
    pinAtom.set('');

    // Paid, pending or reversed at once (502 PROVIDER_FAILED with the reversed Transaction): the receipt says which.
    const reference = receiptReferenceOf(response);
    if (reference) {
      setLeaving(true);
      window.location.assign(receiptPath(reference));
      return null;
    }
    if (response.ok) {
      setMessage(`${paidText}, but we could not open its receipt. You will find it under your transactions.`);
      return null;
    }
    if (response.code === 'IDEMPOTENCY_KEY_REUSED') intended.current = null;
    if (response.errors.pin?.[0]) showPinError(response.errors.pin[0]);
    return response;
  }

  /**
   * Shows a refusal: every field message the island did not place itself beside its field, and
   * the message on top unless `quiet` (the island said it by a field already).
   */
  function showRefusal(refusal: ApiFailure, form: { setServerErrors(errors: FieldErrors): void }, placed: readonly string[] = [], quiet = false) {
    form.setServerErrors(errorsWithout(refusal.errors, ['pin', ...placed]));
    setMessage(quiet ? null : summaryMessage(refusal.message, refusal.errors));
  }

  return {
    busy,
    message,
    setMessage,
    pay,
    showRefusal,
    pinField: {
      value: pin,
      error: pinError,
      onChange: (next: string) => {
        pinAtom.set(next);
        setPinError(undefined);
      },
    },
  };
}
