import { cablePurchaseSchema } from '../../../../../../lib/bills.ts';
import { moneyEndpoint } from '../../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(cablePurchaseSchema, (app, userId, sendAccount, input, key) => app.bills.buyCable(userId, sendAccount, input, key));
