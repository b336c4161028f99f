import { addressProofTypes, kycAddressCheck } from '../lib/checks/kyc.ts';
import { FormToken, FormMessage, SelectField, SubmitButton, TextField, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { AddressFields, useAddressPost, usePlaces, type PlaceProps } from './address-kit.tsx';
import type { KycAddressWords } from '../i18n/settings-words.ts';

/**
 * Tier 2 → 3 on /kyc-verification: the home address (prefilled from onboarding) and the number
 * on a document that shows it. Without JavaScript the state's LGAs come by a round trip
 * (intent=choose-state) and the form posts with intent=address.
 */
export default function KycAddressForm({ formToken, values = {}, errors = {}, formError = null, notice = null, stateNames, lgas, words }: FormProps & PlaceProps & { words: KycAddressWords }) {
  const places = usePlaces({ stateNames, lgas }, String(values.state ?? ''));
  const form = useSchemaForm(worded(kycAddressCheck(places), words), { address: '', city: '', state: '', lga: '', proof_type: '', proof_reference: '', ...values }, errors);
  const { busy, message, onSubmit } = useAddressPost(form, formError, '/v1/kyc/address', ['address', 'city', 'state', 'lga', 'proof_type', 'proof_reference'], '/kyc-verification?done=address');

  return (
    <form method="post" action="/kyc-verification" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} notice={notice} />
      <AddressFields form={form} places={places} streetHint={words['settings.kyc.streetHint']} words={words} />
      <SelectField
        label={words['settings.kyc.proof']}
        placeholder={words['settings.kyc.proofPlaceholder']}
        options={addressProofTypes.map((proof) => ({ value: proof.value, label: words[`settings.kyc.proof.${proof.value}`] }))}
        error={form.errorFor('proof_type')}
        {...form.bind('proof_type')}
      />
      <TextField
        label={words['settings.kyc.proofNumber']}
        hint={words['settings.kyc.proofHint']}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={30}
        error={form.errorFor('proof_reference')}
        {...form.bind('proof_reference')}
      />
      <SubmitButton busy={busy} busyText={words['onboarding.code.checking']} name="intent" value="address">
        {words['settings.kyc.addressSubmit']}
      </SubmitButton>
    </form>
  );
}
