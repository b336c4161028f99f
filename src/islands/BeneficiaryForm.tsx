import { useEffect, useRef, useState, type ReactNode } from 'react';
import { api } from './api.ts';
import { beneficiaryCheck } from '../lib/checks/beneficiary.ts';
import { beneficiaries, setBeneficiaries, type Beneficiary } from '../stores/transfer.ts';
import { FormToken, DigitsField, FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { PageSelectField } from './page-select.tsx';
import type { BeneficiaryWords } from '../i18n/island-words.ts';

/**
 * Add a beneficiary. Before it hydrates (or with no JavaScript) this is a plain form posting to
 * /beneficairies; "Check the account name" (inside <noscript>) is the round trip that shows the
 * name first. With JavaScript the name is looked up as soon as ten digits and a bank are set,
 * and the form posts to the API instead.
 */
const beneficiariesPath = '/beneficairies';

type Enquired = { account_name: string; bank_name: string };
type Enquiry = { state: 'idle' } | { state: 'checking' } | { state: 'found'; name: string; bankName: string } | { state: 'failed'; message: string };

// Long enough not to ask the switch about every digit while a number is pasted or corrected.
const enquiryDelayMs = 300;
const fieldNames = ['bank_code', 'account_number', 'nickname'] as const;

function canEnquire(accountNumber: string, bankCode: string): boolean {
  return /^\d{10}$/.test(accountNumber) && /^\d{6}$/.test(bankCode);
}

export default function BeneficiaryForm({
  formToken,
  values = {},
  errors = {},
  formError = null,
  notice = null,
  children: bankSelect,
  ownAccountNumber,
  enquired = null,
  words: w,
}: FormProps & { words: BeneficiaryWords; children?: ReactNode; ownAccountNumber: string; enquired?: Enquired | null }) {
  const form = useSchemaForm(worded(beneficiaryCheck, w), { bank_code: '', account_number: '', nickname: '', ...values }, errors);
  const accountNumber = String(form.values.account_number ?? '').trim();
  const bankCode = String(form.values.bank_code ?? '');

  // Whatever was typed before the island hydrated (slow networks) is only in the page: take it over.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const elements = formElement.current?.elements;
    for (const name of fieldNames) {
      const field = elements?.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.value !== String(form.values[name] ?? '')) form.set(name, field.value);
    }
    // Only once, on hydration: afterwards React keeps the fields and the state in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [enquiry, setEnquiry] = useState<Enquiry>(enquired ? { state: 'found', name: enquired.account_name, bankName: enquired.bank_name } : { state: 'idle' });
  // The page may already have looked this number up (the no-JavaScript "check" round trip).
  const alreadyEnquired = useRef<string | null>(enquired ? `${bankCode}:${accountNumber}` : null);

  useEffect(() => {
    const key = `${bankCode}:${accountNumber}`;
    if (alreadyEnquired.current === key) return;
    alreadyEnquired.current = null;
    if (!canEnquire(accountNumber, bankCode)) {
      setEnquiry({ state: 'idle' });
      return;
    }
    let stale = false;
    setEnquiry({ state: 'checking' });
    // api() answers every failure (offline included) as a result; it does not reject.
    const enquire = async () => {
      const response = await api<Enquired>('POST', '/v1/transfer/enquiry', { account_number: accountNumber, bank_code: bankCode });
      if (stale) return;
      setEnquiry(response.ok ? { state: 'found', name: response.data.account_name, bankName: response.data.bank_name } : { state: 'failed', message: response.message });
    };
    const timer = setTimeout(() => void enquire(), enquiryDelayMs);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [accountNumber, bankCode]);

  const { busy, message, onSubmit } = useApiSubmit(
    form,
    formError,
    () =>
      api<Beneficiary>('POST', `/v1/beneficiaries/create/${encodeURIComponent(ownAccountNumber)}`, {
        account_number: accountNumber,
        bank_code: bankCode,
        ...(String(form.values.nickname ?? '').trim() ? { nickname: String(form.values.nickname).trim() } : {}),
      }),
    (created) => {
      setBeneficiaries([...beneficiaries.get().filter((saved) => saved.id !== created.id), created]);
      // The page lists beneficiaries and says what was added, as it does after a plain post.
      window.location.assign(`${beneficiariesPath}?added=${encodeURIComponent(created.id)}`);
    },
  );

  return (
    <form ref={formElement} method="post" action={beneficiariesPath} noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} notice={notice} />
      <PageSelectField id="bank_code" label={w['transfer.bank']} select={bankSelect} error={form.errorFor('bank_code')} onChoose={(code) => form.set('bank_code', code)} onLeave={() => form.touch('bank_code')} />
      <DigitsField label={w['transfer.accountNumber']} hint={w['history.ben.nuban']} maxLength={10} error={form.errorFor('account_number')} {...form.bind('account_number')} />
      <div aria-live="polite" className="mb-4" data-testid="enquiry">
        {enquiry.state === 'checking' ? <p className="text-sm text-slate-700">{w['history.ben.checking']}</p> : null}
        {enquiry.state === 'found' ? (
          <p className="rounded-md border border-brand-600 bg-brand-50 p-3">
            <span className="block text-xs text-slate-700">{w['money.r.accountName']}</span>
            <strong className="break-words" data-testid="enquired-name">
              {enquiry.name}
            </strong>
            <span className="block text-xs text-slate-700">{enquiry.bankName}</span>
          </p>
        ) : null}
        {enquiry.state === 'failed' ? <p className="field-error">{enquiry.message}</p> : null}
      </div>
      <noscript>
        <button type="submit" name="intent" value="check" className="btn-secondary mb-4 w-full" formNoValidate>
          {w['history.ben.check']}
        </button>
      </noscript>
      <TextField label={w['history.ben.nickname']} hint={w['history.ben.nicknameHint']} maxLength={40} autoComplete="off" error={form.errorFor('nickname')} {...form.bind('nickname')} />
      <SubmitButton busy={busy} busyText={w['history.ben.adding']} name="intent" value="add">
        {w['history.ben.add']}
      </SubmitButton>
    </form>
  );
}
