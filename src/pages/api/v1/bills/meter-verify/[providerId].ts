import { meterVerifySchema } from '../../../../../lib/bills.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const POST = signedInPost(
  meterVerifySchema,
  (app, _user, input, { context }) => app.bills.verifyMeter(context.params.providerId ?? '', input),
  (meter) => jsonSuccess(meter, said('said.api.meterBelongs', { name: meter.customer_name })),
);
