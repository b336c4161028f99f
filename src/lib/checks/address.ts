import { checkForm, requiredText, type FormCheck } from '../form-rules.ts';

/**
 * address-schema.ts. What the check knows of the states: their names, and a state's LGAs where
 * the island has them (an empty list lets any LGA pass here; the server checks the full list).
 */
export type PlaceNames = { states: readonly string[]; lgasOf(state: string): readonly string[] };

export function addressCheck(places: PlaceNames): FormCheck {
  return (values) =>
    checkForm(
      {
        address: requiredText(values.address, 'said.address.required').min(5, 'said.address.short').max(200, 'said.address.long'),
        city: requiredText(values.city, 'said.city.required').max(80, 'said.city.long'),
        state: requiredText(values.state, 'said.state.required').rule((state) => places.states.includes(state), 'said.state.list'),
        lga: requiredText(values.lga, 'said.lga.required'),
      },
      [
        [
          (form) => {
            const lgas = places.lgasOf(String(form.state));
            return lgas.length === 0 || lgas.includes(String(form.lga));
          },
          'lga',
          'said.lga.state',
        ],
      ],
    );
}
