import { scheduledTransferSchema } from '../../../../../lib/scheduled-transfer-schemas.ts';
import { apiFields, endpoint, parseValues, signedIn } from '../../../../../server/http/api.ts';
import { readRequestBody } from '../../../../../server/http/body.ts';
import { idempotencyKeyOf, ownAccount } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { scheduleMadeMessage } from '../../../../../server/http/scheduled-transfer-words.ts';

/**
 * POST /v1/transfers/scheduled/{sendAccount}: a transfer's fields plus first_date, repeat, end_date
 * and count, confirmed with the PIN; 201 with the schedule. Like a transfer it takes an
 * Idempotency-Key: the same key and body answer the first schedule again (200, Idempotent-Replayed).
 */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.sendAccount);
  if (!account.ok) return account;
  const body = await readRequestBody(context.request);
  if (!body.ok) return body;
  const key = idempotencyKeyOf(context, body.value.fields);
  if (!key.ok) return key;
  const input = parseValues(apiFields(body.value, scheduledTransferSchema), scheduledTransferSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.scheduledTransfers.create(caller.value.user.id, account.value, input.value, key.value);
  if (!result.ok) return result;
  const { schedule, replayed } = result.value;
  return jsonSuccess(schedule, scheduleMadeMessage(schedule), replayed ? 200 : 201, replayed ? { 'idempotent-replayed': 'true' } : {});
});
