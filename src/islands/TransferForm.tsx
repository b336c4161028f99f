import { transferCharges, type ChargeRules } from '../lib/charges.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../lib/api-client.ts';
import { parseNairaInput } from '../lib/amount-input.ts';
import { formatNaira } from '../lib/money.ts';
import { transactionPinSchema } from '../lib/money-schemas.ts';
import type { TransactionJson } from '../lib/transaction.ts';
import {
  balanceProblem,
  minTransferKobo,
  nairaAmountProblem,
  newIdempotencyKey,
  summaryMessage,
  transferFieldsSchema,
  transferFingerprint,
  type TransferMode,
} from '../lib/transfer-form.ts';
import { processing, transactionPin, whileProcessing, type Bank } from '../stores/transfer.ts';
import { AmountField } from './AmountField.tsx';
import { FormMessage, SelectField, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';

type Props = FormProps & {
  mode: TransferMode;
  /** The banks offered (only this bank when mode is local). */
  banks: readonly Bank[];
  selfBankCode: string;
  selfBankName: string;
  sendAccount: string;
  /** Kobo, as the page loaded it; the server checks again when sending. */
  balance: number;
  chargeRules: ChargeRules;
  /** A saved beneficiary's name for the prefilled account (from the server, never the query). */
  knownRecipient?: { bank_code: string; account_number: string; account_name: string; bank_name: string } | null;
  /** A key carried back from the confirm step by "Change details", valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
};

type Enquiry =
  | { status: 'idle' }
  | { status: 'loading'; key: string }
  | { status: 'found'; key: string; name: string; bankName: string }
  | { status: 'error'; key: string; message: string };

const receiptPath = (reference: string) => `/transfer/success?reference=${encodeURIComponent(reference)}`;

/** The transfer calls answer with the Transaction (API.md); tolerate `{ transaction }` too. */
function referenceOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as { reference?: unknown; transaction?: { reference?: unknown } };
  const reference = record.reference ?? record.transaction?.reference;
  return typeof reference === 'string' && reference ? reference : null;
}

/**
 * Send money on one screen. Before hydration (and without JavaScript) this is the "details"
 * step of /transfer/send: a plain form the page answers with its confirm step. Once hydrated,
 * the account name is looked up as soon as the number is complete, the charges and total are
 * shown, the PIN field appears, and the transfer goes to the API under one idempotency key per
 * intended transfer: kept across retries (a wrong PIN, a dropped connection), renewed when any
 * detail changes.
 */
export default function TransferForm(props: Props) {
  const { mode, banks, selfBankCode, selfBankName, sendAccount, balance, chargeRules, knownRecipient = null, values = {}, errors = {}, formError = null, notice = null } = props;
  const form = useSchemaForm(
    transferFieldsSchema,
    { bank_code: '', account_number: '', narration: '', ...values, ...(mode === 'local' ? { bank_code: selfBankCode } : {}) },
    errors,
  );
  const [hydrated, setHydrated] = useState(false);
  const [save, setSave] = useState(values.save_beneficiary === true || values.save_beneficiary === 'on' || values.save_beneficiary === 'true');
  const [amount, setAmount] = useState<number | null>(() => parseNairaInput(String(values.amount ?? '')));
  const [amountServerError, setAmountServerError] = useState<string | undefined>(errors.amount?.[0]);
  const [amountSubmitError, setAmountSubmitError] = useState<string | undefined>();
  const [pinError, setPinError] = useState<string | undefined>(errors.pin?.[0]);
  const [message, setMessage] = useState<string | null>(formError);
  const [leaving, setLeaving] = useState(false);
  const pin = useStore(transactionPin);
  const busy = useStore(processing) || leaving;

  const bankCode = String(form.values.bank_code ?? '');
  const accountNumber = String(form.values.account_number ?? '');
  const narration = String(form.values.narration ?? '');
  const lookupKey = `${bankCode}|${accountNumber}`;
  const [enquiry, setEnquiry] = useState<Enquiry>(() =>
    knownRecipient ? { status: 'found', key: `${knownRecipient.bank_code}|${knownRecipient.account_number}`, name: knownRecipient.account_name, bankName: knownRecipient.bank_name } : { status: 'idle' },
  );
  const latestLookup = useRef('');
  const carried = props.idempotencyKey && props.keyDetails ? { key: props.idempotencyKey, fingerprint: props.keyDetails } : null;
  const intended = useRef<{ key: string; fingerprint: string } | null>(carried);

  const shown: Enquiry = enquiry.status !== 'idle' && enquiry.key === lookupKey ? enquiry : { status: 'idle' };
  const complete = /^\d{10}$/.test(accountNumber) && /^\d{6}$/.test(bankCode);
  const kind = bankCode === selfBankCode ? 'local' : 'interbank';
  const validAmount = amount !== null && amount >= minTransferKobo ? amount : null;
  const charges = validAmount !== null ? transferCharges(chargeRules, validAmount, kind) : null;
  const overBalance = validAmount !== null && charges ? balanceProblem(balance, validAmount, charges.total) : undefined;
  const ready = hydrated && shown.status === 'found' && validAmount !== null && !overBalance;

  async function lookUp(bank: string, account: string) {
    const key = `${bank}|${account}`;
    latestLookup.current = key;
    if (bank === selfBankCode && account === sendAccount) {
      setEnquiry({ status: 'error', key, message: 'This is the account you are sending from. Enter the recipient’s account number.' });
      return;
    }
    setEnquiry({ status: 'loading', key });
    const response = await api<{ account_name: string; bank_name: string }>('POST', '/v1/transfer/enquiry', { account_number: account, bank_code: bank });
    if (latestLookup.current !== key) return; // the number changed while we asked
    setEnquiry(response.ok ? { status: 'found', key, name: response.data.account_name, bankName: response.data.bank_name } : { status: 'error', key, message: response.message });
  }

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (hydrated && complete && !(enquiry.status !== 'idle' && enquiry.key === lookupKey)) void lookUp(bankCode, accountNumber);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, lookupKey]);

  useEffect(() => {
    // The PIN is only ever held for the transfer on screen.
    if (!ready && transactionPin.get()) transactionPin.set('');
  }, [ready]);
  useEffect(() => () => transactionPin.set(''), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const typedAmount = String(new FormData(event.currentTarget).get('amount') ?? '');
    const fieldsValid = form.check();
    const amountMessage = nairaAmountProblem(typedAmount);
    setAmountSubmitError(amountMessage);
    if (!fieldsValid || amountMessage || validAmount === null || overBalance) return;
    if (shown.status !== 'found') {
      if (shown.status !== 'loading') void lookUp(bankCode, accountNumber);
      return;
    }
    const pinCheck = transactionPinSchema.safeParse(pin);
    if (!pinCheck.success) {
      setPinError(pinCheck.error.issues[0]?.message);
      document.getElementById('pin')?.focus();
      return;
    }

    const details = { bank_code: bankCode, account_number: accountNumber, amount: validAmount, narration: narration.trim(), save_beneficiary: save };
    const fingerprint = transferFingerprint(details);
    if (intended.current?.fingerprint !== fingerprint) intended.current = { key: newIdempotencyKey(), fingerprint };
    const key = intended.current.key;
    const local = kind === 'local';
    const body = { account_number: accountNumber, amount: validAmount, narration: details.narration, pin: pinCheck.data, save_beneficiary: save, ...(local ? {} : { bank_code: bankCode }) };
    const response = await whileProcessing(() => api<TransactionJson>('POST', `/v1/transfer/${local ? 'local' : 'bank'}/${sendAccount}`, body, { 'Idempotency-Key': key }));

    // A transfer the other bank refused was reversed at once: 502 with the reversed Transaction.
    const reference = response.ok ? referenceOf(response.data) : response.code === 'PROVIDER_FAILED' ? referenceOf(response.data) : null;
    if (reference) {
      setLeaving(true);
      window.location.assign(receiptPath(reference));
      return;
    }
    if (response.ok) {
      setMessage('The transfer was sent, but we could not open its receipt. You will find it under your transactions.');
      return;
    }
    if (response.code === 'IDEMPOTENCY_KEY_REUSED') intended.current = null;
    const { amount: amountErrors, pin: pinErrors, account_number: accountErrors, ...otherErrors } = response.errors;
    if (amountErrors?.[0]) setAmountServerError(amountErrors[0]);
    if (pinErrors?.[0]) {
      setPinError(pinErrors[0]);
      document.getElementById('pin')?.focus();
    }
    const accountProblem = Boolean(accountErrors?.[0]) || response.code === 'INVALID_ACCOUNT_NUMBER' || response.code === 'ACCOUNT_NOT_FOUND';
    if (accountProblem) setEnquiry({ status: 'error', key: lookupKey, message: response.message });
    form.setServerErrors(otherErrors);
    setMessage(accountProblem ? null : summaryMessage(response.message, response.errors));
  }

  const bankOptions = banks.map((bank) => ({ value: bank.code, label: bank.name }));
  const amountError = amountServerError ?? amountSubmitError ?? overBalance;

  return (
    <form method="post" action="/transfer/send" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="step" value="details" />
      <input type="hidden" name="to" value={mode} />
      {carried ? (
        <>
          <input type="hidden" name="idempotency_key" value={carried.key} />
          <input type="hidden" name="key_details" value={carried.fingerprint} />
        </>
      ) : null}
      <FormMessage error={message} notice={notice} />

      {mode === 'local' ? (
        <>
          <input type="hidden" name="bank_code" value={selfBankCode} />
          <p className="mb-4 text-sm text-slate-700">
            To an account at <strong>{selfBankName}</strong>. <a href="/transfer/send?to=bank">Send to another bank instead</a>
          </p>
        </>
      ) : (
        <SelectField label="Bank" placeholder="Choose the bank" options={bankOptions} error={form.errorFor('bank_code')} {...form.bind('bank_code')} />
      )}

      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        pattern="[0-9]*"
        className="input font-mono tracking-wider"
        error={form.errorFor('account_number')}
        hint={
          <span aria-live="polite" className="block min-h-5 text-sm">
            {shown.status === 'loading' ? <span className="text-slate-600">Checking the account name…</span> : null}
            {shown.status === 'found' ? (
              <span className="text-slate-900">
                <span aria-hidden="true">✓ </span>
                <strong data-testid="recipient-name">{shown.name}</strong>
                <span className="text-slate-600"> · {shown.bankName}</span>
              </span>
            ) : null}
            {shown.status === 'error' ? (
              <span className="font-medium text-red-800" data-testid="enquiry-error">
                {shown.message}
              </span>
            ) : null}
          </span>
        }
        {...form.bind('account_number')}
      />

      <AmountField
        name="amount"
        label="Amount"
        defaultValue={String(values.amount ?? '')}
        error={amountError}
        min={minTransferKobo}
        hint={`Available: ${formatNaira(balance)}`}
        onAmountChange={(next) => {
          setAmount(next);
          setAmountServerError(undefined);
          setAmountSubmitError(undefined);
        }}
      />

      <TextField label="Description (optional)" maxLength={100} autoComplete="off" hint="Up to 100 characters. The recipient sees it." error={form.errorFor('narration')} {...form.bind('narration')} />

      <div className="field">
        <label className="flex min-h-11 items-center gap-3 text-base">
          <input type="checkbox" name="save_beneficiary" id="save_beneficiary" className="size-5" checked={save} onChange={(event) => setSave(event.target.checked)} />
          <span>Save this recipient as a beneficiary</span>
        </label>
      </div>

      {ready && charges && validAmount !== null ? (
        <>
          <dl className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm" aria-label="Charges">
            <div className="flex justify-between py-1">
              <dt>Amount</dt>
              <dd>{formatNaira(validAmount)}</dd>
            </div>
            {kind === 'interbank' ? (
              <div className="flex justify-between py-1">
                <dt>Transfer fee</dt>
                <dd data-testid="transfer-fee">{formatNaira(charges.transferFee)}</dd>
              </div>
            ) : null}
            {charges.stampDuty > 0 ? (
              <div className="flex justify-between py-1">
                <dt>Stamp duty</dt>
                <dd data-testid="stamp-duty">{formatNaira(charges.stampDuty)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-slate-300 pt-2 font-semibold">
              <dt>Total</dt>
              <dd data-testid="total">{formatNaira(validAmount + charges.total)}</dd>
            </div>
          </dl>
          <TextField
            label="Transaction PIN"
            name="pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            pattern="[0-9]*"
            className="input font-mono text-2xl tracking-[0.5em]"
            hint="The 4-digit PIN you set for transfers. Never share it."
            error={pinError}
            value={pin}
            onChange={(event) => {
              transactionPin.set(event.target.value.replace(/\D/g, '').slice(0, 4));
              setPinError(undefined);
            }}
          />
        </>
      ) : null}

      <SubmitButton busy={busy} busyText="Sending…">
        {ready && validAmount !== null && charges ? `Send ${formatNaira(validAmount + charges.total)}` : 'Continue'}
      </SubmitButton>
    </form>
  );
}
