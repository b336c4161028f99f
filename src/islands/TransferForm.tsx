import { useState, type ReactNode } from 'react';
import { formatNaira } from '../lib/money.ts';
import { transferFieldsCheck } from '../lib/checks/transfer.ts';
import { nairaAmountProblem } from '../lib/payment-rules.ts';
import type { TransferMode } from '../lib/transfer-form.ts';
import { AmountField } from './AmountField.tsx';
import { DigitsField, TextField, useSchemaForm, type FormProps, worded, wordWith } from './form-kit.tsx';
import { PageSelectField } from './page-select.tsx';
import { PaymentDetailsForm, type DetailsStepProps } from './purchase-kit.tsx';
import type { TransferWords } from '../i18n/island-words.ts';
import type { Said } from '../i18n/said.ts';

type Props = DetailsStepProps & Pick<FormProps, 'values' | 'errors'> & {
  mode: TransferMode;
  /** The bank's <select> as the page renders it (components/PageSelect.astro; none when mode is local): the list is never in the props. */
  children?: ReactNode;
  selfBankCode: string;
  selfBankName: string;
  /** A saved beneficiary's name for the prefilled account (from the server, never the query). */
  knownRecipient?: { bank_code: string; account_number: string; account_name: string; bank_name: string } | null;
  /** The form's words in the customer's language (island-words.ts `transferWords`). */
  words: TransferWords;
};

/**
 * Send money: the details step of /transfer/send (bank, account number, amount, description).
 * The fields are checked as they are typed; "Continue" posts them and the page answers with its
 * review step (the recipient's name from the name enquiry, the bank, the amount, the fee, stamp
 * duty and the total, then the PIN), with JavaScript or without.
 */
export default function TransferForm(props: Props) {
  const { mode, children, selfBankCode, selfBankName, balance, knownRecipient = null, values = {}, errors = {}, words: w } = props;
  const [toBefore = '', toAfter = ''] = w['money.form.localTo'].split('{bank}');
  const form = useSchemaForm(worded(transferFieldsCheck, w),
    { bank_code: '', account_number: '', narration: '', ...values, ...(mode === 'local' ? { bank_code: selfBankCode } : {}) },
    errors,
  );
  const word = wordWith(w, formatNaira);
  const wordProblem = (problem: Said | undefined) => problem && word(problem);
  const [amountError, setAmountError] = useState<string | undefined>(errors.amount?.[0]);
  const known = knownRecipient && knownRecipient.bank_code === form.values.bank_code && knownRecipient.account_number === form.values.account_number ? knownRecipient : null;

  function complete(element: HTMLFormElement): boolean {
    const fieldsValid = form.check();
    const problem = wordProblem(nairaAmountProblem(String(new FormData(element).get('amount') ?? '')));
    setAmountError(problem);
    return fieldsValid && !problem;
  }

  return (
    <PaymentDetailsForm action="/transfer/send" step={props} complete={complete} button={w['money.form.continue']} hidden={<input type="hidden" name="to" value={mode} />}>
      {mode === 'local' ? (
        <>
          <input type="hidden" name="bank_code" value={selfBankCode} />
          <p className="mb-4 text-sm text-slate-700">
            {toBefore}
            <strong>{selfBankName}</strong>
            {toAfter} <a href="/transfer/send?to=bank">{w['money.form.otherBank']}</a>
          </p>
        </>
      ) : (
        <PageSelectField id="bank_code" label={w['transfer.bank']} select={children} error={form.errorFor('bank_code')} onChoose={(code) => form.set('bank_code', code)} onLeave={() => form.touch('bank_code')} />
      )}

      <DigitsField
        label={w['transfer.accountNumber']}
        maxLength={10}
        error={form.errorFor('account_number')}
        hint={
          known ? (
            <>
              <strong data-testid="recipient-name">{known.account_name}</strong> · {known.bank_name}
            </>
          ) : (
            w['money.form.nameChecked']
          )
        }
        {...form.bind('account_number')}
      />

      <AmountField
        name="amount"
        label={w['transfer.amount']}
        defaultValue={String(values.amount ?? '')}
        error={amountError}
        problem={(text) => wordProblem(nairaAmountProblem(text))}
        hint={w['money.form.available'].replace('{balance}', formatNaira(balance))}
        onAmountChange={() => setAmountError(undefined)}
      />

      <TextField label={w['money.form.description']} maxLength={100} autoComplete="off" hint={w['money.form.descriptionHint']} error={form.errorFor('narration')} {...form.bind('narration')} />

      <div className="field">
        <label className="flex min-h-11 items-center gap-3 text-base">
          <input type="checkbox" name="save_beneficiary" id="save_beneficiary" className="size-5" defaultChecked={values.save_beneficiary === true || values.save_beneficiary === 'on' || values.save_beneficiary === 'true'} />
          <span>{w['money.form.save']}</span>
        </label>
      </div>
    </PaymentDetailsForm>
  );
}
