import { addressProofTypes, kycAddressCheck } from '../lib/checks/kyc.ts';
import { FormMessage, SelectField, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';
import { AddressFields, useAddressPost, usePlaces, type PlaceProps } from './address-kit.tsx';

/**
 * Tier 2 → 3 on /kyc-verification: the home address (prefilled from onboarding) and the number
 * on a document that shows it. Without JavaScript the state's LGAs come by a round trip
 * (intent=choose-state) and the form posts with intent=address.
 */
export default function KycAddressForm({ values = {}, errors = {}, formError = null, notice = null, stateNames, lgas }: FormProps & PlaceProps) {
  const places = usePlaces({ stateNames, lgas }, String(values.state ?? ''));
  const form = useSchemaForm(kycAddressCheck(places), { address: '', city: '', state: '', lga: '', proof_type: '', proof_reference: '', ...values }, errors);
  const { busy, message, onSubmit } = useAddressPost(form, formError, '/v1/kyc/address', ['address', 'city', 'state', 'lga', 'proof_type', 'proof_reference'], '/kyc-verification?done=address');

  return (
    <form method="post" action="/kyc-verification" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} notice={notice} />
      <AddressFields form={form} places={places} streetHint="Where you live: house number and street, not a P.O. Box" />
      <SelectField label="Proof of address" placeholder="Choose a document" options={addressProofTypes} error={form.errorFor('proof_type')} {...form.bind('proof_type')} />
      <TextField
        label="Number on the document"
        hint="The meter, account or agreement number printed on it"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={30}
        error={form.errorFor('proof_reference')}
        {...form.bind('proof_reference')}
      />
      <SubmitButton busy={busy} busyText="Checking…" name="intent" value="address">
        Verify my address
      </SubmitButton>
    </form>
  );
}
