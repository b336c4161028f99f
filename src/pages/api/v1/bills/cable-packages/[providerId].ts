import { endpoint } from '../../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const GET = endpoint(async (context) => {
  const packages = await context.locals.app.bills.cablePackages(context.params.providerId ?? '');
  return packages.ok ? jsonSuccess(packages.value, said('said.api.tvPackages'), 200, catalogueHeaders) : packages;
});
