import { addressCheck } from '../lib/checks/address.ts';
import { FormMessage, SubmitButton, useSchemaForm, type FormProps } from './form-kit.tsx';
import { AddressFields, useAddressPost, usePlaces, type PlaceProps } from './address-kit.tsx';

/**
 * Without JavaScript, choosing a state is a round trip ("Show local governments" reloads the page
 * with that state's LGAs); with it, the LGA list follows the state at once.
 */
export default function AddressForm({ values = {}, errors = {}, formError = null, notice = null, stateNames, lgas }: FormProps & PlaceProps) {
  const places = usePlaces({ stateNames, lgas }, String(values.state ?? ''));
  const form = useSchemaForm(addressCheck(places), { address: '', city: '', state: '', lga: '', ...values }, errors);
  const { busy, message, onSubmit } = useAddressPost(form, formError, '/v1/onboarding/address', ['address', 'city', 'state', 'lga'], '/profile/created');

  return (
    <form method="post" action="/address/update" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} notice={notice} />
      <AddressFields form={form} places={places} streetHint="House number and street, e.g. 12 Allen Avenue" />
      <SubmitButton busy={busy} busyText="Saving…" name="intent" value="save">
        Save my address
      </SubmitButton>
    </form>
  );
}
