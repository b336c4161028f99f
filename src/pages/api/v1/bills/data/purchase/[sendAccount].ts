import { dataPurchaseSchema } from '../../../../../../lib/bills.ts';
import { moneyEndpoint } from '../../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(dataPurchaseSchema, (app, userId, sendAccount, input, key) => app.bills.buyData(userId, sendAccount, input, key));
