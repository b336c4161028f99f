import { addressCheck } from '../lib/checks/address.ts';
import { FormToken, FormMessage, SubmitButton, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { AddressFields, useAddressPost, usePlaces, type PlaceProps } from './address-kit.tsx';
import type { AddressWords } from '../i18n/settings-words.ts';

/**
 * Without JavaScript, choosing a state is a round trip ("Show local governments" reloads the page
 * with that state's LGAs); with it, the LGA list follows the state at once. `words`: the screen's
 * words and its check's messages in the customer's language.
 */
export default function AddressForm({ formToken, values = {}, errors = {}, formError = null, notice = null, stateNames, lgas, words }: FormProps & PlaceProps & { words: AddressWords }) {
  const places = usePlaces({ stateNames, lgas }, String(values.state ?? ''));
  const form = useSchemaForm(worded(addressCheck(places), words), { address: '', city: '', state: '', lga: '', ...values }, errors);
  const { busy, message, onSubmit } = useAddressPost(form, formError, '/v1/onboarding/address', ['address', 'city', 'state', 'lga'], '/profile/created');

  return (
    <form method="post" action="/address/update" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} notice={notice} />
      <AddressFields form={form} places={places} streetHint={words['settings.address.streetHint']} words={words} />
      <SubmitButton busy={busy} busyText={words['onboarding.newPassword.busy']} name="intent" value="save">
        {words['settings.address.submit']}
      </SubmitButton>
    </form>
  );
}
