import { Fragment, useEffect } from 'react';
import type { Network } from '../lib/bills.ts';
import { airtimeDetailsCheck, airtimeDetailsOf } from '../lib/checks/airtime.ts';
import { airtimeQuickAmounts, quickAmountLabel } from '../lib/airtime-rules.ts';
import { formatNaira } from '../lib/money.ts';
import { setProviders } from '../stores/airtime.ts';
import { TextField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { checkedBeforeHydration, DefaultSubmit, NetworkChoice, PhoneNumberField, useHydrated } from './mobile-kit.tsx';
import { fillWord, PaymentDetailsForm, type DetailsStepProps } from './purchase-kit.tsx';
import type { AirtimeWords } from '../i18n/purchase-words.ts';

type Props = DetailsStepProps & Pick<FormProps, 'values' | 'errors'> & { networks: readonly Network[]; words: AirtimeWords };

/**
 * Buy airtime: the details step of /artime (network, phone number, amount). The quick amounts
 * are submit buttons the page answers by filling the amount in; once hydrated they fill it at
 * once. The fields are checked as they are typed; "Continue" posts them and the page answers
 * with its review step (network, number, amount, fee, total, then the PIN), with JavaScript or
 * without.
 */
export default function AirtimeForm(props: Props) {
  const { networks, balance, values = {}, errors = {}, words: w } = props;
  const form = useSchemaForm(worded(airtimeDetailsCheck, w, formatNaira), { network_id: '', phone_number: '', amount: '', ...values }, errors);
  const hydrated = useHydrated();

  useEffect(() => {
    setProviders(networks);
    const chosen = checkedBeforeHydration('network_id');
    if (chosen && chosen !== form.values.network_id) form.set('network_id', chosen);
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const details = airtimeDetailsOf(form.values);
  // Said as lib/mobile-purchase.ts's purchaseBalanceProblem says it, in the customer's words.
  const overBalance = details && details.amount > balance ? fillWord(w['said.money.insufficient'], { balance: formatNaira(balance), total: formatNaira(details.amount) }) : undefined;

  return (
    <PaymentDetailsForm action="/artime" step={props} complete={() => form.check() && !overBalance} button={w['purchases.continue']} hidden={<DefaultSubmit label={w['purchases.continue']} />}>
      <NetworkChoice
        name="network_id"
        legend={w['purchases.network']}
        networks={networks}
        value={String(form.values.network_id ?? '')}
        error={form.errorFor('network_id')}
        onChange={(id) => {
          form.set('network_id', id);
          form.touch('network_id');
        }}
      />

      <PhoneNumberField form={form} label={w['form.phone']} hint={w['purchases.phoneHint']} />

      <TextField
        label={w['purchases.airtime.amount']}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        hint={fillWord(w['purchases.airtime.amountHint'], { balance: formatNaira(balance) })}
        error={form.errorFor('amount') ?? overBalance}
        {...form.bind('amount')}
      />
      <div className="-mt-2 mb-4 flex flex-wrap gap-2" role="group" aria-label={w['purchases.airtime.quick']}>
        {/* A space after each amount: the flex row does not draw it, but read without CSS the amounts stay apart. */}
        {airtimeQuickAmounts.map((amount) => (
          <Fragment key={amount}>
            <button
              type="submit"
              name="quick_amount"
              value={String(amount / 100)}
              formNoValidate
              className="btn-secondary min-h-11 min-w-11 px-3 text-sm"
              onClick={(event) => {
                // Before hydration this posts and the page fills the amount in; after it, no round trip.
                if (!hydrated) return;
                event.preventDefault();
                form.set('amount', String(amount / 100));
                form.touch('amount');
              }}
            >
              {quickAmountLabel(amount)}
            </button>{' '}
          </Fragment>
        ))}
      </div>
    </PaymentDetailsForm>
  );
}
