import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { parseNairaInput } from '../lib/amount-input.ts';
import type { Disco, MeterCustomer, MeterType } from '../lib/bills.ts';
import { meterFieldsCheck } from '../lib/checks/electricity.ts';
import {
  electricityAmountHint,
  electricityAmountProblem,
  electricityPurchaseFingerprint,
  isCompleteMeterNumber,
  meterNotFoundMessage,
  meterTypeFor,
  meterTypeLabels,
  meterTypesText,
  numberDigits,
} from '../lib/electricity-form.ts';
import { formatNaira } from '../lib/money.ts';
import { setProviders } from '../stores/electricity.ts';
import { AmountField } from './AmountField.tsx';
import { askBiller, BillPaymentForm, useBillPayment, useVerification, VerifiedNumberField } from './bill-kit.tsx';
import { SelectField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { carriedKey, PinField, SummaryList } from './purchase-kit.tsx';

type Props = FormProps & {
  discos: readonly Disco[];
  sendAccount: string;
  /** Kobo, as the page loaded it; the server checks again when paying. */
  balance: number;
  /** A key carried back from the page's confirm step by "Change meter", valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
};

/** An 11-digit number may be the start of a 13-digit one: wait this long for another digit before asking. */
const shortMeterPauseMs = 700;
const successPath = (reference: string) => `/bills/electricity/success?reference=${encodeURIComponent(reference)}`;

/**
 * Buying electricity on one screen. Before hydration (and without JavaScript) this is the
 * details step of /bills/electricity: choose the DisCo (the page answers with its meter types),
 * then the meter, which the page verifies before its confirm step. Once hydrated, the meter
 * types follow the DisCo at once, the meter is verified as soon as its number is complete, and
 * the owner's name and address are shown before the amount and the PIN are asked for. The
 * purchase goes to the API under one idempotency key per intended purchase (meter and amount):
 * kept across retries, renewed when either changes.
 */
export default function ElectricityForm(props: Props) {
  const { discos, sendAccount, balance, values = {}, errors = {}, formError = null, notice = null } = props;
  const initialDisco = discos.find((disco) => disco.id === values.provider_id);
  const form = useSchemaForm(
    // The fields checked as they are typed; the amount field checks itself and the PIN comes last.
    meterFieldsCheck,
    { provider_id: '', meter_number: '', ...values, meter_type: meterTypeFor(initialDisco, String(values.meter_type ?? '')) },
    errors,
  );
  const [hydrated, setHydrated] = useState(false);
  const [amount, setAmount] = useState<number | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>(errors.amount?.[0]);
  const formRef = useRef<HTMLFormElement>(null);

  const providerId = String(form.values.provider_id ?? '');
  const disco = discos.find((candidate) => candidate.id === providerId);
  const meterType = String(form.values.meter_type ?? '');
  const meterNumber = numberDigits(String(form.values.meter_number ?? ''));
  const complete = Boolean(disco && (disco.meter_types as readonly string[]).includes(meterType) && isCompleteMeterNumber(meterNumber));
  const verification = useVerification<MeterCustomer>({
    hydrated,
    lookupKey: `${providerId}|${meterType}|${meterNumber}`,
    complete,
    ask: () =>
      askBiller<MeterCustomer>(`/v1/bills/meter-verify/${encodeURIComponent(providerId)}`, { meter_number: meterNumber, meter_type: meterType }, 'meter_number', disco ? meterNotFoundMessage(disco, meterType as MeterType) : null),
    // Thirteen digits is a whole number; eleven may still grow, so give the next digit a moment.
    waitMs: () => (meterNumber.length === 13 ? 0 : shortMeterPauseMs),
  });
  const { shown, verified } = verification;
  const overBalance = amount !== null && amount > balance ? `More than your balance of ${formatNaira(balance)}` : undefined;
  const inRange = disco !== undefined && amount !== null && amount % 100 === 0 && amount >= disco.min_amount && amount <= disco.max_amount;
  const payable = verified && inRange && !overBalance ? amount : null;
  const payment = useBillPayment({ form, verified: verified !== null, ensureVerified: verification.ensureVerified, errors, formError, receiptPath: successPath, paidText: 'The purchase went through' });

  useEffect(() => {
    setHydrated(true);
    setProviders(discos);
    // A meter type ticked before the script arrived is not in React's state yet.
    const ticked = formRef.current?.querySelector<HTMLInputElement>('input[name="meter_type"]:checked');
    if (ticked && ticked.value !== form.values.meter_type) form.set('meter_type', ticked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function chooseDisco(id: string) {
    form.set('provider_id', id);
    const next = discos.find((candidate) => candidate.id === id);
    form.set('meter_type', meterTypeFor(next, meterType));
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) =>
    payment.submit(event, disco !== undefined, async () => {
      if (!disco) return;
      const typedAmount = String(new FormData(event.currentTarget).get('amount') ?? '');
      const amountMessage = electricityAmountProblem(typedAmount, disco) ?? overBalance;
      setAmountError(amountMessage);
      const kobo = parseNairaInput(typedAmount);
      if (amountMessage || kobo === null) return;

      const meter = { provider_id: providerId, meter_type: meterType as MeterType, meter_number: meterNumber };
      const refusal = await payment.pay({
        path: `/v1/bills/electricity/purchase/${sendAccount}`,
        body: { ...meter, amount: kobo },
        fingerprint: electricityPurchaseFingerprint(meter, kobo),
      });
      if (!refusal) return;
      if (refusal.errors.amount?.[0]) setAmountError(refusal.errors.amount[0]);
      const meterProblem = Boolean(refusal.errors.meter_number?.[0]) || refusal.code === 'ACCOUNT_NOT_FOUND';
      if (meterProblem) verification.refuse(meterNotFoundMessage(disco, meter.meter_type));
      payment.showRefusal(refusal, form, ['amount', 'meter_number'], meterProblem);
    });

  const discoOptions = discos.map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${candidate.short_name})` }));
  const meterTypeError = form.errorFor('meter_type');
  const carried = carriedKey(props);
  const buttonText = !disco ? 'Continue' : verified ? (payable !== null ? `Pay ${formatNaira(payable)}` : 'Pay') : 'Verify meter';

  return (
    <BillPaymentForm action="/bills/electricity" onSubmit={onSubmit} formRef={formRef} payment={payment} carried={carried} notice={notice} intent={disco ? 'verify' : 'provider'} buttonText={buttonText}>
      <SelectField
        label="Distribution company (DisCo)"
        placeholder="Choose your DisCo"
        options={discoOptions}
        error={form.errorFor('provider_id')}
        hint={disco ? null : 'The company on your electricity bill or meter card.'}
        {...form.bind('provider_id')}
        onChange={(event) => chooseDisco(event.target.value)}
      />

      {disco ? (
        <>
          <fieldset className="field" aria-describedby={meterTypeError ? 'meter_type-error' : undefined}>
            <legend className="label">Meter type</legend>
            <div className="flex flex-wrap gap-3">
              {disco.meter_types.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-base">
                  <input
                    type="radio"
                    name="meter_type"
                    id={`meter_type-${type}`}
                    value={type}
                    className="size-5"
                    checked={meterType === type}
                    onChange={() => form.set('meter_type', type)}
                  />
                  {meterTypeLabels[type]}
                </label>
              ))}
            </div>
            {disco.meter_types.length === 1 ? <span className="hint">{`${disco.short_name} sells ${meterTypesText(disco)}.`}</span> : null}
            {meterTypeError ? (
              <span className="field-error" id="meter_type-error">
                {meterTypeError}
              </span>
            ) : null}
          </fieldset>

          <VerifiedNumberField form={form} name="meter_number" label="Meter number" maxLength={17} lookup={shown} idle="11 or 13 digits, on the meter or on your last receipt." loading="Checking the meter…" />
        </>
      ) : null}

      {verified && disco ? (
        <>
          <SummaryList
            label="The meter"
            testId="meter-customer"
            rows={[
              { label: 'Address', value: verified.address, testId: 'customer-address' },
              verified.tariff_band ? { label: 'Tariff band', value: `Band ${verified.tariff_band}`, testId: 'tariff-band' } : null,
              verified.outstanding_balance !== undefined && { label: 'Outstanding balance', value: formatNaira(verified.outstanding_balance), testId: 'outstanding-balance' },
            ]}
          />
          <AmountField
            name="amount"
            label="Amount"
            defaultValue={String(values.amount ?? '')}
            error={amountError ?? overBalance}
            min={disco.min_amount}
            max={disco.max_amount}
            hint={electricityAmountHint(disco, balance)}
            onAmountChange={(next) => {
              setAmount(next);
              setAmountError(undefined);
            }}
          />
          <PinField pinFor="payments" {...payment.pinField} />
        </>
      ) : null}

    </BillPaymentForm>
  );
}
