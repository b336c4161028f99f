import { endpoint } from '../../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const GET = endpoint(async (context) => jsonSuccess(await context.locals.app.bills.networks(), said('said.api.networksData'), 200, catalogueHeaders));
