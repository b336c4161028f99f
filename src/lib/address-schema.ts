import { z } from 'zod';
import { lgasOf, statesWithLgas } from './states.ts';
import { requiredText } from './schemas.ts';

/**
 * Apart from the other form schemas because it needs the 774 LGAs: only the address screen's
 * island should carry that list to the browser.
 */
export const addressSchema = z
  .object({
    address: requiredText('Enter your street address')
      .min(5, 'Enter your full street address')
      .max(200, 'Keep the address under 200 characters'),
    city: requiredText('Enter your city or town').max(80, 'Keep the city under 80 characters'),
    state: requiredText('Choose your state').refine(
      (state) => statesWithLgas.some((entry) => entry.name === state),
      'Choose a state from the list',
    ),
    lga: requiredText('Choose your local government area'),
  })
  .refine((form) => lgasOf(form.state).length === 0 || lgasOf(form.state).includes(form.lga), {
    path: ['lga'],
    error: 'Choose a local government area in the state you chose',
  });
export type AddressInput = z.infer<typeof addressSchema>;
