import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../lib/api-client.ts';
import { airtimeDetailsSchema, airtimeFingerprint, quickAmountLabel } from '../lib/airtime-form.ts';
import { airtimeQuickAmounts, type Network } from '../lib/bills.ts';
import { purchaseBalanceProblem } from '../lib/mobile-purchase.ts';
import { formatNaira } from '../lib/money.ts';
import { transactionPinSchema } from '../lib/money-schemas.ts';
import type { TransactionJson } from '../lib/transaction.ts';
import { newIdempotencyKey, summaryMessage } from '../lib/transfer-form.ts';
import { processing, setProviders, whileProcessing } from '../stores/airtime.ts';
import { FormMessage, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { checkedBeforeHydration, DefaultSubmit, NetworkChoice, PinField, PurchaseSummary, referenceOf, useHydrated } from './mobile-kit.tsx';

type Props = FormProps & {
  networks: readonly Network[];
  sendAccount: string;
  /** Kobo, as the page loaded it; the server checks again when buying. */
  balance: number;
  /** A key carried back from the confirm step by "Change details", valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
};

const successPath = (reference: string) => `/airtime/purchase/success?reference=${encodeURIComponent(reference)}`;

/**
 * Buy airtime. Before hydration (and without JavaScript) this is the "details" step of /artime:
 * a plain form the page answers with its confirm step, and the quick amounts are submit buttons
 * the page answers by filling the amount in. Once hydrated, the quick amounts fill the field at
 * once, the fields are checked as they are typed, the PIN appears when the purchase is complete,
 * and the purchase goes to the API under one idempotency key per intended purchase.
 */
export default function AirtimeForm(props: Props) {
  const { networks, sendAccount, balance, values = {}, errors = {}, formError = null, notice = null } = props;
  const form = useSchemaForm(airtimeDetailsSchema, { network_id: '', phone_number: '', amount: '', ...values }, errors);
  const hydrated = useHydrated();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | undefined>(errors.pin?.[0]);
  const [message, setMessage] = useState<string | null>(formError);
  const [leaving, setLeaving] = useState(false);
  const busy = useStore(processing) || leaving;
  const carried = props.idempotencyKey && props.keyDetails ? { key: props.idempotencyKey, fingerprint: props.keyDetails } : null;
  const intended = useRef<{ key: string; fingerprint: string } | null>(carried);

  useEffect(() => {
    setProviders(networks);
    const chosen = checkedBeforeHydration('network_id');
    if (chosen && chosen !== form.values.network_id) form.set('network_id', chosen);
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const parsed = airtimeDetailsSchema.safeParse(form.values);
  const details = parsed.success ? parsed.data : null;
  const overBalance = details ? purchaseBalanceProblem(balance, details.amount) : undefined;
  const ready = hydrated && details !== null && !overBalance;
  const network = networks.find((candidate) => candidate.id === form.values.network_id);

  useEffect(() => {
    // The PIN is only ever held for the purchase on screen.
    if (!ready) setPin('');
  }, [ready]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    if (!form.check() || !details || overBalance) return;
    const pinCheck = transactionPinSchema.safeParse(pin);
    if (!pinCheck.success) {
      setPinError(pinCheck.error.issues[0]?.message);
      document.getElementById('pin')?.focus();
      return;
    }

    const fingerprint = airtimeFingerprint(details);
    if (intended.current?.fingerprint !== fingerprint) intended.current = { key: newIdempotencyKey(), fingerprint };
    const key = intended.current.key;
    const body = { network_id: details.network_id, phone_number: details.phone_number, amount: details.amount, pin: pinCheck.data };
    const response = await whileProcessing(() => api<TransactionJson>('POST', `/v1/bills/airtime/purchase/${sendAccount}`, body, { 'Idempotency-Key': key }));
    setPin('');

    // A purchase the network refused was reversed at once: 502 with the reversed Transaction.
    const reference = response.ok || response.code === 'PROVIDER_FAILED' ? referenceOf(response.data) : null;
    if (reference) {
      setLeaving(true);
      window.location.assign(successPath(reference));
      return;
    }
    if (response.ok) {
      setMessage('The airtime was bought, but we could not open its receipt. You will find it under your transactions.');
      return;
    }
    if (response.code === 'IDEMPOTENCY_KEY_REUSED') intended.current = null;
    const { pin: pinErrors, ...fieldErrors } = response.errors;
    if (pinErrors?.[0]) {
      setPinError(pinErrors[0]);
      document.getElementById('pin')?.focus();
    }
    form.setServerErrors(fieldErrors);
    setMessage(summaryMessage(response.message, response.errors));
  }

  const amountError = form.errorFor('amount') ?? overBalance;

  return (
    <form method="post" action="/artime" noValidate onSubmit={onSubmit}>
      <DefaultSubmit />
      <input type="hidden" name="step" value="details" />
      {carried ? (
        <>
          <input type="hidden" name="idempotency_key" value={carried.key} />
          <input type="hidden" name="key_details" value={carried.fingerprint} />
        </>
      ) : null}
      <FormMessage error={message} notice={notice} />

      <NetworkChoice
        name="network_id"
        networks={networks}
        value={String(form.values.network_id ?? '')}
        error={form.errorFor('network_id')}
        onChange={(id) => {
          form.set('network_id', id);
          form.touch('network_id');
        }}
      />

      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        hint="Your own number is filled in. Change it to buy for someone else."
        error={form.errorFor('phone_number')}
        {...form.bind('phone_number')}
      />

      <TextField
        label="Amount (₦)"
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        hint={`From ₦50 to ₦50,000, whole naira. Available: ${formatNaira(balance)}`}
        error={amountError}
        {...form.bind('amount')}
      />
      <div className="-mt-2 mb-4 flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
        {airtimeQuickAmounts.map((amount) => (
          <button
            key={amount}
            type="submit"
            name="quick_amount"
            value={String(amount / 100)}
            formNoValidate
            className="btn-secondary min-h-10 px-3 text-sm"
            onClick={(event) => {
              // Before hydration this posts and the page fills the amount in; after it, no round trip.
              if (!hydrated) return;
              event.preventDefault();
              form.set('amount', String(amount / 100));
              form.touch('amount');
            }}
          >
            {quickAmountLabel(amount)}
          </button>
        ))}
      </div>

      {ready && details ? (
        <>
          <PurchaseSummary
            rows={[
              { label: 'Network', value: network?.name ?? details.network_id },
              { label: 'Phone number', value: <span className="font-mono">{details.phone_number}</span> },
            ]}
            total={formatNaira(details.amount)}
          />
          <PinField
            value={pin}
            error={pinError}
            onChange={(next) => {
              setPin(next);
              setPinError(undefined);
            }}
          />
        </>
      ) : null}

      <SubmitButton busy={busy} busyText="Buying…">
        {ready && details ? `Pay ${formatNaira(details.amount)}` : 'Continue'}
      </SubmitButton>
    </form>
  );
}
