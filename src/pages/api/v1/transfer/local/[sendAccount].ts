import { localTransferSchema } from '../../../../../lib/money-schemas.ts';
import { transferEndpoint } from '../../../../../server/http/money-api.ts';

export const POST = transferEndpoint(localTransferSchema, (app, userId, sendAccount, input, key) => app.transfers.sendLocal(userId, sendAccount, input, key));
