import { endpoint } from '../../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../../server/http/respond.ts';

export const GET = endpoint(async (context) => {
  const packages = await context.locals.app.bills.cablePackages(context.params.providerId ?? '');
  return packages.ok ? jsonSuccess(packages.value, 'TV packages.', 200, catalogueHeaders) : packages;
});
