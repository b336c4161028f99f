import { cableVerifySchema } from '../../../../../lib/bills.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = signedInPost(
  cableVerifySchema,
  (app, _user, input, { context }) => app.bills.verifySmartcard(context.params.cableId ?? '', input),
  (card) => jsonSuccess(card, `The smartcard belongs to ${card.customer_name}.`),
);
