import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { StateWithLgas } from '../lib/states.ts';
import { setStates, states as stateStore } from '../stores/general.ts';
import { SelectField, type useSchemaForm } from './form-kit.tsx';

/**
 * The state and local-government pair every address form shares. Without JavaScript, choosing
 * a state is a round trip: "Show local governments for this state" (inside <noscript>) posts
 * the form with intent=choose-state and the page renders it again with that state's LGAs
 * (see `chooseStateView` in src/server/http/forms.ts). With JavaScript the LGA list follows the
 * state at once.
 */
export function StateLgaFields({ form, states }: { form: ReturnType<typeof useSchemaForm>; states: readonly StateWithLgas[] }) {
  useEffect(() => setStates(states), [states]);
  const stored = useStore(stateStore);
  const list = stored.length > 0 ? stored : states;
  const lgas = list.find((state) => state.name === form.values.state)?.lgas ?? [];
  const stateBinding = form.bind('state');
  return (
    <>
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
    </>
  );
}
