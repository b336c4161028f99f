import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { api } from '../lib/api-client.ts';
import type { StateWithLgas } from '../lib/states.ts';
import { addressSchema } from '../lib/address-schema.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { setStates, states as stateStore } from '../stores/general.ts';
import { FormMessage, SelectField, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps } from './form-kit.tsx';

/**
 * Without JavaScript, choosing a state is a round trip ("Show local governments" reloads the page
 * with that state's LGAs); with it, the LGA list follows the state at once.
 */
export default function AddressForm({ values = {}, errors = {}, formError = null, notice = null, states }: FormProps & { states: readonly StateWithLgas[] }) {
  useEffect(() => setStates(states), [states]);
  const stored = useStore(stateStore);
  const list = stored.length > 0 ? stored : states;
  const form = useSchemaForm(addressSchema, { address: '', city: '', state: '', lga: '', ...values }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () => {
    const { address, city, state, lga } = form.values;
    return api<{ user: AuthUser }>('POST', '/v1/onboarding/address', { address, city, state, lga });
  }, (data) => {
    signIn(data.user);
    window.location.assign('/profile/created');
  });

  const lgas = list.find((state) => state.name === form.values.state)?.lgas ?? [];
  const stateBinding = form.bind('state');
  return (
    <form method="post" action="/address/update" noValidate onSubmit={onSubmit}>
      <FormMessage error={message} notice={notice} />
      <TextField label="Street address" autoComplete="street-address" hint="House number and street, e.g. 12 Allen Avenue" error={form.errorFor('address')} {...form.bind('address')} />
      <TextField label="City or town" autoComplete="address-level2" error={form.errorFor('city')} {...form.bind('city')} />
      <SelectField
        label="State"
        placeholder="Choose your state"
        options={list.map((state) => ({ value: state.name, label: state.name }))}
        error={form.errorFor('state')}
        {...stateBinding}
        onChange={(event) => {
          stateBinding.onChange(event);
          form.set('lga', '');
        }}
      />
      <noscript>
        <button type="submit" name="intent" value="choose-state" className="btn-secondary mb-4 w-full" formNoValidate>
          Show local governments for this state
        </button>
      </noscript>
      <SelectField
        label="Local government area"
        placeholder={form.values.state ? 'Choose your local government area' : 'Choose a state first'}
        options={lgas.map((lga) => ({ value: lga, label: lga }))}
        error={form.errorFor('lga')}
        {...form.bind('lga')}
      />
      <SubmitButton busy={busy} busyText="Saving…" name="intent" value="save">
        Save my address
      </SubmitButton>
    </form>
  );
}
