import { airtimePurchaseSchema } from '../../../../../../lib/bills.ts';
import { moneyEndpoint } from '../../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(airtimePurchaseSchema, (app, userId, sendAccount, input, key) => app.bills.buyAirtime(userId, sendAccount, input, key));
