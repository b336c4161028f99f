import { endpoint } from '../../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../../server/http/respond.ts';

export const GET = endpoint(async (context) => jsonSuccess(await context.locals.app.bills.networks(), 'Networks for mobile data.', 200, catalogueHeaders));
