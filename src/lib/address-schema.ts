import { z } from 'zod';
import { says } from './zod-said.ts';
import { lgasOf, statesWithLgas } from './states.ts';
import { requiredText } from './schemas.ts';

/**
 * Apart from the other form schemas because it needs the 774 LGAs: only the address screen's
 * island should carry that list to the browser.
 */
export const addressSchema = z
  .object({
    address: requiredText(says('said.address.required'))
      .min(5, says('said.address.short'))
      .max(200, says('said.address.long')),
    city: requiredText(says('said.city.required')).max(80, says('said.city.long')),
    state: requiredText(says('said.state.required')).refine(
      (state) => statesWithLgas.some((entry) => entry.name === state),
      says('said.state.list'),
    ),
    lga: requiredText(says('said.lga.required')),
  })
  .refine((form) => lgasOf(form.state).length === 0 || lgasOf(form.state).includes(form.lga), {
    path: ['lga'],
    error: says('said.lga.state'),
  });
export type AddressInput = z.infer<typeof addressSchema>;
