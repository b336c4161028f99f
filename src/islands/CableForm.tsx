import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { CableCustomer, CablePackage, CableProvider } from '../lib/bills.ts';
import { cardFieldsCheck } from '../lib/checks/cable.ts';
import { cablePurchaseFingerprint, currentPackageText, dueDateText, isCompleteSmartcardNumber, packageLabel, renewalFirst, smartcardNotFoundMessage } from '../lib/cable-form.ts';
import { numberDigits } from '../lib/electricity-form.ts';
import { formatNaira } from '../lib/money.ts';
import { clearPackages, packages, selectPackage, selectedPackage, setProviders, showPackages } from '../stores/cable.ts';
import { askBiller, BillPaymentForm, useBillPayment, useVerification, VerifiedNumberField } from './bill-kit.tsx';
import { SelectField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { carriedKey, PinField, SummaryList } from './purchase-kit.tsx';

type Props = FormProps & {
  providers: readonly CableProvider[];
  /** Every provider's packages, so switching provider needs no round trip. */
  packagesByProvider: Readonly<Record<string, readonly CablePackage[]>>;
  sendAccount: string;
  /** Kobo, as the page loaded it; the server checks again when paying. */
  balance: number;
  /** Today in Lagos (YYYY-MM-DD), from the server, to say whether a subscription has expired. */
  today: string;
  /** A key carried back from the page's confirm step by "Change details", valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
};

const successPath = (reference: string) => `/bills/cable/success?reference=${encodeURIComponent(reference)}`;

/**
 * Paying for cable TV on one screen. Before hydration (and without JavaScript) this is the
 * details step of /bills/cable: provider and smartcard, which the page verifies before its
 * confirm step lists the packages. Once hydrated, the smartcard is verified as soon as it has
 * 10 digits and the provider's packages are listed without a round trip (the customer's current
 * package first, chosen, as a renewal); another provider brings its own list at once. The
 * purchase goes to the API under one idempotency key per intended purchase (card and package).
 */
export default function CableForm(props: Props) {
  const { providers, packagesByProvider, sendAccount, balance, today, values = {}, errors = {}, formError = null, notice = null } = props;
  // The fields checked as they are typed; the package and the PIN come after verification.
  const form = useSchemaForm(cardFieldsCheck, { provider_id: '', smartcard_number: '', ...values }, errors);
  const [hydrated, setHydrated] = useState(false);
  const [packageError, setPackageError] = useState<string | undefined>(errors.package_id?.[0]);
  const shownPackages = useStore(packages);
  const chosen = useStore(selectedPackage);

  const providerId = String(form.values.provider_id ?? '');
  const provider = providers.find((candidate) => candidate.id === providerId);
  const smartcardNumber = numberDigits(String(form.values.smartcard_number ?? ''));
  const lookupKey = `${providerId}|${smartcardNumber}`;
  const verification = useVerification<CableCustomer>({
    hydrated,
    lookupKey,
    complete: Boolean(provider && isCompleteSmartcardNumber(smartcardNumber)),
    ask: () =>
      askBiller<CableCustomer>(`/v1/bills/cable-verify/${encodeURIComponent(providerId)}`, { smartcard_number: smartcardNumber }, 'smartcard_number', provider ? smartcardNotFoundMessage(provider) : null),
  });
  const { shown, verified } = verification;
  const providerPackages = packagesByProvider[providerId] ?? [];
  const renewalId = verified ? renewalFirst(providerPackages, verified.current_package).renewal?.id : undefined;
  const overBalance = chosen && chosen.amount > balance ? `${chosen.name} costs ${formatNaira(chosen.amount)}, more than your balance of ${formatNaira(balance)}` : undefined;
  const payment = useBillPayment({ form, verified: verified !== null, ensureVerified: verification.ensureVerified, errors, formError, receiptPath: successPath, paidText: 'The payment went through' });

  useEffect(() => {
    setHydrated(true);
    setProviders(providers);
    return () => clearPackages();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The provider's packages follow the verified card at once, its current package first and chosen.
  const verifiedKey = verified ? lookupKey : null;
  useEffect(() => {
    if (!hydrated) return;
    showPackages(providerPackages, verified?.current_package ?? null);
    setPackageError(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated, verifiedKey]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) =>
    payment.submit(event, provider !== undefined, async () => {
      if (!provider) return;
      if (!chosen) {
        setPackageError('Choose a package');
        return;
      }
      if (overBalance) {
        setPackageError(overBalance);
        return;
      }

      const card = { provider_id: providerId, smartcard_number: smartcardNumber };
      const refusal = await payment.pay({
        path: `/v1/bills/cable/purchase/${sendAccount}`,
        body: { ...card, package_id: chosen.id },
        fingerprint: cablePurchaseFingerprint(card, chosen.id),
      });
      if (!refusal) return;
      // The balance and the daily limit are about the package's price.
      const priceProblem = refusal.errors.package_id?.[0] ?? (refusal.errors.amount?.[0] ? refusal.message : undefined);
      if (priceProblem) setPackageError(priceProblem);
      const cardProblem = Boolean(refusal.errors.smartcard_number?.[0]) || refusal.code === 'ACCOUNT_NOT_FOUND';
      if (cardProblem) verification.refuse(smartcardNotFoundMessage(provider));
      payment.showRefusal(refusal, form, ['package_id', 'amount', 'smartcard_number'], cardProblem || priceProblem === refusal.message);
    });

  const providerOptions = providers.map((candidate) => ({ value: candidate.id, label: candidate.name }));
  const carried = carriedKey(props);
  const due = verified ? dueDateText(verified.due_date, today) : null;
  const buttonText = verified ? (chosen ? `Pay ${formatNaira(chosen.amount)}` : 'Pay') : 'Verify smartcard';

  return (
    <BillPaymentForm action="/bills/cable" onSubmit={onSubmit} payment={payment} carried={carried} notice={notice} intent="verify" buttonText={buttonText}>
      <SelectField label="TV provider" placeholder="Choose DStv, GOtv or StarTimes" options={providerOptions} error={form.errorFor('provider_id')} {...form.bind('provider_id')} />

      <VerifiedNumberField form={form} name="smartcard_number" label="Smartcard or IUC number" maxLength={14} lookup={shown} idle="10 digits, under your decoder or on your card." loading="Checking the smartcard…" />

      {verified ? (
        <SummaryList
          label="The subscription"
          testId="cable-customer"
          rows={[{ label: 'Current package', value: currentPackageText(verified), testId: 'current-package' }, due ? { label: 'Subscription', value: due, testId: 'due-date' } : null]}
        />
      ) : null}

      {verified && shownPackages.length > 0 ? (
        <fieldset className="field" aria-describedby={packageError ? 'package_id-error' : undefined}>
          <legend className="label">Package</legend>
          <div className="grid gap-2">
            {shownPackages.map((item) => (
              <label key={item.id} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-base">
                <input
                  type="radio"
                  name="package_id"
                  id={`package_id-${item.id}`}
                  value={item.id}
                  className="size-5"
                  checked={chosen?.id === item.id}
                  onChange={() => {
                    selectPackage(item.id);
                    setPackageError(undefined);
                  }}
                />
                <span>{packageLabel(item, item.id === renewalId)}</span>
              </label>
            ))}
          </div>
          {packageError ? (
            <span className="field-error" id="package_id-error">
              {packageError}
            </span>
          ) : null}
        </fieldset>
      ) : null}

      {verified ? (
        <PinField pinFor="payments" {...payment.pinField} />
      ) : null}

    </BillPaymentForm>
  );
}
