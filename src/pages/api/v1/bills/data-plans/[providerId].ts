import { endpoint } from '../../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const GET = endpoint(async (context) => {
  const plans = await context.locals.app.bills.dataPlans(context.params.providerId ?? '');
  return plans.ok ? jsonSuccess(plans.value, said('said.api.dataPlans'), 200, catalogueHeaders) : plans;
});
