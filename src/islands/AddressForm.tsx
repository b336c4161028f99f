import { api } from './api.ts';
import { addressCheck } from '../lib/checks/address.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { FormMessage, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps } from './form-kit.tsx';
import { StateLgaFields, usePlaces, type PlaceProps } from './address-kit.tsx';

/**
 * Without JavaScript, choosing a state is a round trip ("Show local governments" reloads the page
 * with that state's LGAs); with it, the LGA list follows the state at once.
 */
export default function AddressForm({ values = {}, errors = {}, formError = null, notice = null, stateNames, lgas }: FormProps & PlaceProps) {
  const places = usePlaces({ stateNames, lgas }, String(values.state ?? ''));
  const form = useSchemaForm(addressCheck(places), { address: '', city: '', state: '', lga: '', ...values }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => {
    const { address, city, state, lga } = form.values;
    return api<{ user: AuthUser }>('POST', '/v1/onboarding/address', { address, city, state, lga });
  }, (data) => {
    signIn(data.user);
    window.location.assign('/profile/created');
  });

  return (
    <form method="post" action="/address/update" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} notice={notice} />
      <TextField label="Street address" autoComplete="street-address" hint="House number and street, e.g. 12 Allen Avenue" error={form.errorFor('address')} {...form.bind('address')} />
      <TextField label="City or town" autoComplete="address-level2" error={form.errorFor('city')} {...form.bind('city')} />
      <StateLgaFields form={form} places={places} />
      <SubmitButton busy={busy} busyText="Saving…" name="intent" value="save">
        Save my address
      </SubmitButton>
    </form>
  );
}
