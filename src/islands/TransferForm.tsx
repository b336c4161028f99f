import { transferCharges, type ChargeRules } from '../lib/charges.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from './api.ts';
import { parseNairaInput } from '../lib/amount-input.ts';
import { formatNaira, kobo } from '../lib/money.ts';
import { transferFieldsCheck } from '../lib/checks/transfer.ts';
import { balanceProblem, minTransferKobo, nairaAmountProblem, transferFingerprint } from '../lib/payment-rules.ts';
import type { TransferMode } from '../lib/transfer-form.ts';
import { processing, transactionPin, whileProcessing, type Bank } from '../stores/transfer.ts';
import { AmountField } from './AmountField.tsx';
import { FormMessage, SelectField, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { CarriedKeyFields, carriedKey, LookupStatus, PinField, SummaryList, usePayment, type Lookup } from './purchase-kit.tsx';

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

type Enquiry = Lookup<{ name: string; bankName: string }>;

const receiptPath = (reference: string) => `/transfer/success?reference=${encodeURIComponent(reference)}`;

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
    transferFieldsCheck,
    { bank_code: '', account_number: '', narration: '', ...values, ...(mode === 'local' ? { bank_code: selfBankCode } : {}) },
    errors,
  );
  const [hydrated, setHydrated] = useState(false);
  const [save, setSave] = useState(values.save_beneficiary === true || values.save_beneficiary === 'on' || values.save_beneficiary === 'true');
  const [amount, setAmount] = useState<number | null>(() => parseNairaInput(String(values.amount ?? '')));
  const [amountServerError, setAmountServerError] = useState<string | undefined>(errors.amount?.[0]);
  const [amountSubmitError, setAmountSubmitError] = useState<string | undefined>();

  const bankCode = String(form.values.bank_code ?? '');
  const accountNumber = String(form.values.account_number ?? '');
  const narration = String(form.values.narration ?? '');
  const lookupKey = `${bankCode}|${accountNumber}`;
  const [enquiry, setEnquiry] = useState<Enquiry>(() =>
    knownRecipient ? { status: 'found', key: `${knownRecipient.bank_code}|${knownRecipient.account_number}`, found: { name: knownRecipient.account_name, bankName: knownRecipient.bank_name } } : { status: 'idle' },
  );
  const latestLookup = useRef('');
  const carried = carriedKey(props);

  const shown: Enquiry = enquiry.status !== 'idle' && enquiry.key === lookupKey ? enquiry : { status: 'idle' };
  const complete = /^\d{10}$/.test(accountNumber) && /^\d{6}$/.test(bankCode);
  const kind = bankCode === selfBankCode ? 'local' : 'interbank';
  const validAmount = amount !== null && amount >= minTransferKobo ? amount : null;
  const charges = validAmount !== null ? transferCharges(chargeRules, kobo(validAmount), kind) : null;
  const overBalance = validAmount !== null && charges ? balanceProblem(balance, validAmount, charges.totalKobo) : undefined;
  const ready = hydrated && shown.status === 'found' && validAmount !== null && !overBalance;
  const payment = usePayment({
    flag: { processing, whileProcessing },
    pinStore: transactionPin,
    pinShown: ready,
    errors,
    formError,
    intended: carried,
    receiptPath,
    paidText: 'The transfer was sent',
  });
  const { busy, message } = payment;

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
    setEnquiry(response.ok ? { status: 'found', key, found: { name: response.data.account_name, bankName: response.data.bank_name } } : { status: 'error', key, message: response.message });
  }

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (hydrated && complete && !(enquiry.status !== 'idle' && enquiry.key === lookupKey)) void lookUp(bankCode, accountNumber);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, lookupKey]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    payment.setMessage(null);
    const typedAmount = String(new FormData(event.currentTarget).get('amount') ?? '');
    const fieldsValid = form.check();
    const amountMessage = nairaAmountProblem(typedAmount);
    setAmountSubmitError(amountMessage);
    if (!fieldsValid || amountMessage || validAmount === null || overBalance) return;
    if (shown.status !== 'found') {
      if (shown.status !== 'loading') void lookUp(bankCode, accountNumber);
      return;
    }

    const details = { bank_code: bankCode, account_number: accountNumber, amount: validAmount, narration: narration.trim(), save_beneficiary: save };
    const local = kind === 'local';
    const refusal = await payment.pay({
      path: `/v1/transfer/${local ? 'local' : 'bank'}/${sendAccount}`,
      body: { account_number: accountNumber, amount: validAmount, narration: details.narration, save_beneficiary: save, ...(local ? {} : { bank_code: bankCode }) },
      fingerprint: transferFingerprint(details),
    });
    if (!refusal) return;
    if (refusal.errors.amount?.[0]) setAmountServerError(refusal.errors.amount[0]);
    const accountProblem = Boolean(refusal.errors.account_number?.[0]) || refusal.code === 'INVALID_ACCOUNT_NUMBER' || refusal.code === 'ACCOUNT_NOT_FOUND';
    if (accountProblem) setEnquiry({ status: 'error', key: lookupKey, message: refusal.message });
    payment.showRefusal(refusal, form, ['amount', 'account_number'], accountProblem);
  }

  const bankOptions = banks.map((bank) => ({ value: bank.code, label: bank.name }));
  const amountError = amountServerError ?? amountSubmitError ?? overBalance;

  return (
    <form method="post" action="/transfer/send" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="step" value="details" />
      <input type="hidden" name="to" value={mode} />
      <CarriedKeyFields carried={carried} />
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
          <LookupStatus
            lookup={shown}
            loading="Checking the account name…"
            errorTestId="enquiry-error"
            found={
              shown.status === 'found' ? (
                <>
                  <strong data-testid="recipient-name">{shown.found.name}</strong>
                  <span className="text-slate-600"> · {shown.found.bankName}</span>
                </>
              ) : null
            }
          />
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
          <SummaryList
            label="Charges"
            rows={[
              { label: 'Amount', value: formatNaira(validAmount) },
              kind === 'interbank' && { label: 'Transfer fee', value: formatNaira(charges.transferFeeKobo), testId: 'transfer-fee' },
              charges.stampDutyKobo > 0 && { label: 'Stamp duty', value: formatNaira(charges.stampDutyKobo), testId: 'stamp-duty' },
            ]}
            total={formatNaira(validAmount + charges.totalKobo)}
          />
          <PinField {...payment.pinField} />
        </>
      ) : null}

      <SubmitButton busy={busy} busyText="Sending…">
        {ready && validAmount !== null && charges ? `Send ${formatNaira(validAmount + charges.totalKobo)}` : 'Continue'}
      </SubmitButton>
    </form>
  );
}
