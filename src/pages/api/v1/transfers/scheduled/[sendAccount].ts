import { scheduledTransferSchema } from '../../../../../lib/scheduled-transfer-schemas.ts';
import { endpoint } from '../../../../../server/http/api.ts';
import { keyedRequest } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { scheduleMadeMessage } from '../../../../../server/http/scheduled-transfer-words.ts';

/**
 * POST /v1/transfers/scheduled/{sendAccount}: a transfer's fields plus first_date, repeat, end_date
 * and count, confirmed with the PIN; 201 with the schedule. Like a transfer it takes an
 * Idempotency-Key: the same key and body answer the first schedule again (200, Idempotent-Replayed).
 */
export const POST = endpoint(async (context) => {
  const request = await keyedRequest(context, scheduledTransferSchema);
  if (!request.ok) return request;
  const { userId, sendAccount, input, key } = request.value;
  const result = await context.locals.app.scheduledTransfers.create(userId, sendAccount, input, key);
  if (!result.ok) return result;
  const { schedule, replayed } = result.value;
  return jsonSuccess(schedule, scheduleMadeMessage(schedule), replayed ? 200 : 201, replayed ? { 'idempotent-replayed': 'true' } : {});
});
