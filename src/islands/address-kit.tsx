import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { PlaceNames } from '../lib/checks/address.ts';
import type { StateWithLgas } from '../lib/states.ts';
import { setStates, states as stateStore } from '../stores/general.ts';
import { api } from './api.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { SelectField, TextField, useApiSubmit, type SchemaForm } from './form-kit.tsx';
import type { PlaceWords } from '../i18n/settings-words.ts';

/**
 * What the page gives an address island: the state names, and the LGAs of the state the form
 * shows (the rest of the 774 LGAs are not carried in the page: see usePlaces).
 */
export type PlaceProps = { stateNames: readonly string[]; lgas: readonly string[] };

let loading: Promise<void> | null = null;

/** GET /v1/general/state-lga once per page (the browser caches it for a day), into the store. */
function loadStates(): Promise<void> {
  loading ??= api<StateWithLgas[]>('GET', '/v1/general/state-lga').then((answer) => {
    if (answer.ok) setStates(answer.data);
    else loading = null;
  });
  return loading;
}

/**
 * The states and LGAs an address island knows: the page's names and the shown state's LGAs at
 * once, every state's LGAs once the list has come. Until then another state has no LGAs to
 * offer, and the check lets any LGA pass (the server checks it against the full list).
 */
export function usePlaces({ stateNames, lgas }: PlaceProps, shownState: string): PlaceNames {
  const loaded = useStore(stateStore);
  useEffect(() => {
    if (stateStore.get().length === 0) void loadStates();
  }, []);
  return {
    states: stateNames,
    lgasOf: (state) => loaded.find((entry) => entry.name === state)?.lgas ?? (state === shownState ? lgas : []),
  };
}

/**
 * The state and local-government pair every address form shares. Without JavaScript, choosing
 * a state is a round trip: "Show local governments for this state" (inside <noscript>) posts
 * the form with intent=choose-state and the page renders it again with that state's LGAs
 * (see `chooseStateView` in src/server/http/forms.ts). With JavaScript the LGA list follows the
 * state at once.
 */
/** The street, the city or town, then the state and its LGA: the fields every address form starts with. */
export function AddressFields({ form, places, streetHint, words }: { form: SchemaForm; places: PlaceNames; streetHint: string; words: PlaceWords }) {
  return (
    <>
      <TextField label={words['settings.place.street']} autoComplete="address-line1" hint={streetHint} error={form.errorFor('address')} {...form.bind('address')} />
      <TextField label={words['settings.place.city']} autoComplete="address-level2" error={form.errorFor('city')} {...form.bind('city')} />
      <StateLgaFields form={form} places={places} words={words} />
    </>
  );
}

/**
 * An address form's submit: the named fields posted to `path`, the customer the API answers
 * with signed in (their onboarding or tier moved on), then the browser sent to `next`.
 */
export function useAddressPost(form: SchemaForm, formError: string | null, path: string, fields: readonly string[], next: string) {
  return useApiSubmit(
    form,
    formError,
    () => api<{ user: AuthUser }>('POST', path, Object.fromEntries(fields.map((name) => [name, form.values[name]]))),
    (data) => {
      signIn(data.user);
      window.location.assign(next);
    },
  );
}

export function StateLgaFields({ form, places, words }: { form: SchemaForm; places: PlaceNames; words: PlaceWords }) {
  const state = String(form.values.state ?? '');
  const lgas = places.lgasOf(state);
  const stateBinding = form.bind('state');
  return (
    <>
      <SelectField
        label={words['settings.place.state']}
        placeholder={words['settings.place.statePlaceholder']}
        options={places.states.map((name) => ({ value: name, label: name }))}
        error={form.errorFor('state')}
        {...stateBinding}
        onChange={(event) => {
          stateBinding.onChange(event);
          form.set('lga', '');
          if (stateStore.get().length === 0) void loadStates();
        }}
      />
      <noscript>
        <button type="submit" name="intent" value="choose-state" className="btn-secondary mb-4 w-full" formNoValidate>
          {words['settings.place.showLgas']}
        </button>
      </noscript>
      <SelectField
        label={words['settings.place.lga']}
        placeholder={state ? words['settings.place.lgaPlaceholder'] : words['settings.place.stateFirst']}
        options={lgas.map((lga) => ({ value: lga, label: lga }))}
        error={form.errorFor('lga')}
        {...form.bind('lga')}
      />
    </>
  );
}
