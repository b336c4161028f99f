import type { ReactNode, Ref, SubmitEvent } from 'react';
import { FormMessage, FormToken } from './form-kit.tsx';
import type { Kobo } from '../lib/money.ts';

/**
 * The details step every payment island shares (transfer, airtime, data, electricity, cable TV).
 * An island checks its fields as they are typed; once the details are complete the form is
 * posted as it is, and the page answers with its review step (src/server/http/payment-steps.ts):
 * what will be paid, to whom, the fee and the total, then the PIN. That is the same screen as
 * without JavaScript, so the customer sees one review before every payment and no island asks
 * for a PIN or moves money itself. An incomplete form stays on screen with its messages.
 */

export { fillWord } from './form-kit.tsx';

/** An idempotency key and the details it was made for (`key_details`). */
export type IntendedPayment = { key: string; fingerprint: string };

/** The key a "Change details" button carried back from the page's review step, if any. */
export function carriedKey(props: { idempotencyKey?: string | null | undefined; keyDetails?: string | null | undefined }): IntendedPayment | null {
  return props.idempotencyKey && props.keyDetails ? { key: props.idempotencyKey, fingerprint: props.keyDetails } : null;
}

/** What every payment island takes from its page's details step (openPaymentPage's islandProps). */
export type DetailsStepProps = {
  formError?: string | null;
  notice?: string | null;
  /** As the page loaded it; the review step checks again. */
  balance: Kobo;
  /** A key carried back from the review step, valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
  /** This response's form token (Astro.locals.formToken()). */
  formToken: string;
};

/**
 * A payment's details form: `hidden` first (a default button, a mode), the step and the carried
 * key, the page's message, the fields, then the button. `complete` is asked when the form is
 * sent: true lets the post go on to the review step, false keeps the form (its messages shown).
 */
export function PaymentDetailsForm(props: {
  action: string;
  step: DetailsStepProps;
  complete: (form: HTMLFormElement) => boolean;
  /** The button's text, and the intent it posts (a bill's "verify"). */
  button: string;
  intent?: string;
  hidden?: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const { action, step, complete, button, intent, hidden, formRef, children } = props;
  const carried = carriedKey(step);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    if (!complete(event.currentTarget)) event.preventDefault();
  };
  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} ref={formRef}>
      <FormToken value={step.formToken} />
      {hidden}
      <input type="hidden" name="step" value="details" />
      {carried ? (
        <>
          <input type="hidden" name="idempotency_key" value={carried.key} />
          <input type="hidden" name="key_details" value={carried.fingerprint} />
        </>
      ) : null}
      <FormMessage error={step.formError} notice={step.notice} />
      {children}
      <button type="submit" className="btn-primary" name={intent ? 'intent' : undefined} value={intent}>
        {button}
      </button>
    </form>
  );
}
