import { localTransferSchema } from '../../../../../lib/money-schemas.ts';
import { moneyEndpoint } from '../../../../../server/http/money-api.ts';

export const POST = moneyEndpoint(localTransferSchema, (app, userId, sendAccount, input, key) => app.transfers.sendLocal(userId, sendAccount, input, key));
