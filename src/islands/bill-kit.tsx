import { useEffect, useRef, useState, type ReactNode, type Ref, type SubmitEvent } from 'react';
import { api } from './api.ts';
import type { FieldErrors } from '../lib/form-rules.ts';
import { processing, transactionPin, whileProcessing } from '../stores/transfer.ts';
import { SubmitButton, TextField, type SchemaForm } from './form-kit.tsx';
import { DetailsStepHead, LookupStatus, usePayment, type IntendedPayment, type Lookup } from './purchase-kit.tsx';

/**
 * Pieces the electricity and cable TV islands share: a number the biller verifies as soon as it
 * is complete (a meter, a smartcard), the field that says whose it is, and the form and payment
 * around it. Each renders plain HTML that works before hydration and without JavaScript, where
 * the page verifies the number before its confirm step.
 */

type Found = { customer_name: string };
type Answer<T> = { found: T } | { message: string };

/** Asks the biller whose a number is: what it found, or the message to show under the number. */
export async function askBiller<T>(path: string, body: Record<string, unknown>, numberField: string, notFoundMessage: string | null): Promise<Answer<T>> {
  const response = await api<T>('POST', path, body);
  if (response.ok) return { found: response.data };
  const notFound = response.code === 'ACCOUNT_NOT_FOUND' && notFoundMessage;
  return { message: notFound ? notFoundMessage : (response.errors[numberField]?.[0] ?? response.message) };
}

/**
 * The verification of the number now on screen (`lookupKey`): asked once it is `complete`
 * (after `waitMs`, so a number that may still grow can), and again before paying if needed.
 * An answer for a number no longer on screen is dropped.
 */
export function useVerification<T>({ hydrated, lookupKey, complete, ask, waitMs = () => 0 }: { hydrated: boolean; lookupKey: string; complete: boolean; ask: () => Promise<Answer<T>>; waitMs?: () => number }) {
  const [verification, setVerification] = useState<Lookup<T>>({ status: 'idle' });
  const latestLookup = useRef('');
  const shown: Lookup<T> = verification.status !== 'idle' && verification.key === lookupKey ? verification : { status: 'idle' };

  async function lookUp() {
    const key = lookupKey;
    latestLookup.current = key;
    setVerification({ status: 'loading', key });
    const answer = await ask();
    if (latestLookup.current !== key) return; // the number changed while we asked
    setVerification('found' in answer ? { status: 'found', key, found: answer.found } : { status: 'error', key, message: answer.message });
  }

  useEffect(() => {
    if (!hydrated || !complete || shown.status !== 'idle') return;
    const timer = setTimeout(() => void lookUp(), waitMs());
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, lookupKey]);

  return {
    shown,
    verified: hydrated && shown.status === 'found' ? shown.found : null,
    /** True when the number is verified; otherwise asks (unless already asking). */
    ensureVerified(): boolean {
      if (shown.status === 'found') return true;
      if (shown.status !== 'loading') void lookUp();
      return false;
    },
    /** The biller refused the number when paying: said under it. */
    refuse: (message: string) => setVerification({ status: 'error', key: lookupKey, message }),
  };
}

/** The payment of a bill and its submit: the form checked, the number verified, then `pay`. */
export function useBillPayment(options: { form: SchemaForm; verified: boolean; ensureVerified: () => boolean; errors: FieldErrors; formError: string | null; receiptPath: (reference: string) => string; paidText: string }) {
  const { form, verified, ensureVerified, errors, formError, receiptPath, paidText } = options;
  const payment = usePayment({ flag: { processing, whileProcessing }, pinStore: transactionPin, pinShown: verified, errors, formError, receiptPath, paidText });

  async function submit(event: SubmitEvent<HTMLFormElement>, chosen: boolean, pay: () => Promise<void>) {
    event.preventDefault();
    if (payment.busy) return;
    payment.setMessage(null);
    if (!form.check() || !chosen) return;
    if (!ensureVerified()) return;
    await pay();
  }
  return { ...payment, submit };
}

/** A bill's form: the details step's head, the fields, and the button (verify, then pay). */
export function BillPaymentForm(props: {
  action: string;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  payment: { busy: boolean; message: string | null };
  carried: IntendedPayment | null;
  notice: string | null;
  intent: string;
  buttonText: string;
  children: ReactNode;
}) {
  const { action, onSubmit, formRef, payment, carried, notice, intent, buttonText, children } = props;
  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} ref={formRef}>
      <DetailsStepHead carried={carried} message={payment.message} notice={notice} />
      {children}
      <SubmitButton busy={payment.busy} busyText="Paying…" name="intent" value={intent}>
        {buttonText}
      </SubmitButton>
    </form>
  );
}

/** The number the biller verifies, with what the verification says under it (whose it is). */
export function VerifiedNumberField<T extends Found>({ form, name, label, maxLength, lookup, idle, loading }: { form: SchemaForm; name: string; label: string; maxLength: number; lookup: Lookup<T>; idle: string; loading: string }) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="off"
      maxLength={maxLength}
      className="input font-mono tracking-wider"
      error={form.errorFor(name)}
      hint={<LookupStatus lookup={lookup} idle={idle} loading={loading} found={lookup.status === 'found' ? <strong data-testid="customer-name">{lookup.found.customer_name}</strong> : null} />}
      {...form.bind(name)}
    />
  );
}
