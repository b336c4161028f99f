import { cableVerifySchema } from '../../../../../lib/bills.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const POST = signedInPost(
  cableVerifySchema,
  (app, _user, input, { context }) => app.bills.verifySmartcard(context.params.cableId ?? '', input),
  (card) => jsonSuccess(card, said('said.api.smartcardBelongs', { name: card.customer_name })),
);
