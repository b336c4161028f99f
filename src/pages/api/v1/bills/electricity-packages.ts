import { endpoint } from '../../../../server/http/api.ts';
import { catalogueHeaders, jsonSuccess } from '../../../../server/http/respond.ts';

export const GET = endpoint(async (context) => jsonSuccess(await context.locals.app.bills.discos(), 'Electricity distribution companies.', 200, catalogueHeaders));
