import { useEffect } from 'react';
import type { CableProvider } from '../lib/bills.ts';
import { cardFieldsCheck } from '../lib/checks/cable.ts';
import { setProviders } from '../stores/cable.ts';
import { DigitsField, SelectField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { PaymentDetailsForm, type DetailsStepProps } from './purchase-kit.tsx';
import type { CableWords } from '../i18n/purchase-words.ts';

type Props = DetailsStepProps & Pick<FormProps, 'values' | 'errors'> & { providers: readonly CableProvider[]; words: CableWords };

/**
 * Pay for cable TV: the details step of /bills/cable (provider and smartcard), checked as they
 * are typed. "Verify smartcard" posts them and the page answers with its next step: the card
 * verified with the provider (owner, current package, when it runs out) and the packages with a
 * renewal of the current one first, then the review (card, owner, package, fee, total) with the
 * PIN, with JavaScript or without.
 */
export default function CableForm(props: Props) {
  const { providers, values = {}, errors = {}, words: w } = props;
  const form = useSchemaForm(worded(cardFieldsCheck, w), { provider_id: '', smartcard_number: '', ...values }, errors);

  useEffect(() => setProviders(providers), [providers]);

  return (
    <PaymentDetailsForm action="/bills/cable" step={props} complete={() => form.check()} button={w['purchases.cable.verify']} intent="verify">
      <SelectField
        label={w['purchases.cable.provider']}
        placeholder={w['purchases.cable.providerPlaceholder']}
        options={providers.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        error={form.errorFor('provider_id')}
        {...form.bind('provider_id')}
      />
      <DigitsField label={w['purchases.cable.cardLabel']} maxLength={14} hint={w['purchases.cable.cardHint']} error={form.errorFor('smartcard_number')} {...form.bind('smartcard_number')} />
    </PaymentDetailsForm>
  );
}
