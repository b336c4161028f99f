import { electricityPurchaseSchema } from '../../../../../../lib/bills.ts';
import { moneyEndpoint } from '../../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(electricityPurchaseSchema, (app, userId, sendAccount, input, key) => app.bills.buyElectricity(userId, sendAccount, input, key));
