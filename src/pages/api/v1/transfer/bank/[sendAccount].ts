import { bankTransferSchema } from '../../../../../lib/money-schemas.ts';
import { moneyEndpoint } from '../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(bankTransferSchema, (app, userId, sendAccount, input, key) => app.transfers.sendToBank(userId, sendAccount, input, key));
