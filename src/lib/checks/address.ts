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
        address: requiredText(values.address, 'Enter your street address').min(5, 'Enter your full street address').max(200, 'Keep the address under 200 characters'),
        city: requiredText(values.city, 'Enter your city or town').max(80, 'Keep the city under 80 characters'),
        state: requiredText(values.state, 'Choose your state').rule((state) => places.states.includes(state), 'Choose a state from the list'),
        lga: requiredText(values.lga, 'Choose your local government area'),
      },
      [
        [
          (form) => {
            const lgas = places.lgasOf(String(form.state));
            return lgas.length === 0 || lgas.includes(String(form.lga));
          },
          'lga',
          'Choose a local government area in the state you chose',
        ],
      ],
    );
}
