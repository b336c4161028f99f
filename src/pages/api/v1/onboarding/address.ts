import { addressSchema } from '../../../../lib/address-schema.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = signedInPost(
  addressSchema,
  (app, user, input) => app.onboarding.submitAddress(user.id, input),
  (user) => jsonSuccess({ user }, said('said.api.addressSaved')),
);
