import { useEffect, type SubmitEvent } from 'react';
import type { Network } from '../lib/bills.ts';
import { airtimeDetailsCheck, airtimeDetailsOf } from '../lib/checks/airtime.ts';
import { airtimeFingerprint, airtimeQuickAmounts, quickAmountLabel } from '../lib/payment-rules.ts';
import { purchaseBalanceProblem } from '../lib/mobile-purchase.ts';
import { formatNaira } from '../lib/money.ts';
import { processing, setProviders, whileProcessing } from '../stores/airtime.ts';
import { TextField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { checkedBeforeHydration, MobilePurchaseForm, NetworkChoice, PhoneNumberField, useHydrated, useMobilePurchase } from './mobile-kit.tsx';
import { carriedKey } from './purchase-kit.tsx';

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
  const form = useSchemaForm(airtimeDetailsCheck, { network_id: '', phone_number: '', amount: '', ...values }, errors);
  const hydrated = useHydrated();
  const carried = carriedKey(props);

  useEffect(() => {
    setProviders(networks);
    const chosen = checkedBeforeHydration('network_id');
    if (chosen && chosen !== form.values.network_id) form.set('network_id', chosen);
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const details = airtimeDetailsOf(form.values);
  const overBalance = details ? purchaseBalanceProblem(balance, details.amount) : undefined;
  const ready = hydrated && details !== null && !overBalance;
  const network = networks.find((candidate) => candidate.id === form.values.network_id);
  const payment = useMobilePurchase({ form, flag: { processing, whileProcessing }, ready, errors, formError, carried, receiptPath: successPath, paidText: 'The airtime was bought' });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) =>
    payment.submit(event, () =>
      details && !overBalance
        ? { path: `/v1/bills/airtime/purchase/${sendAccount}`, body: { network_id: details.network_id, phone_number: details.phone_number, amount: details.amount }, fingerprint: airtimeFingerprint(details) }
        : null,
    );

  const amountError = form.errorFor('amount') ?? overBalance;
  const summary =
    ready && details
      ? { rows: [{ label: 'Network', value: network?.name ?? details.network_id }, { label: 'Phone number', value: <span className="font-mono">{details.phone_number}</span> }], total: formatNaira(details.amount) }
      : null;

  return (
    <MobilePurchaseForm action="/artime" onSubmit={onSubmit} payment={payment} carried={carried} notice={notice} summary={summary}>
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

      <PhoneNumberField form={form} />

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
    </MobilePurchaseForm>
  );
}
