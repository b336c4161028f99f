import { bankTransferSchema } from '../../../../../lib/money-schemas.ts';
import { transferEndpoint } from '../../../../../server/http/money-api.ts';

export const POST = transferEndpoint(bankTransferSchema, (app, userId, sendAccount, input, key) => app.transfers.sendToBank(userId, sendAccount, input, key));
