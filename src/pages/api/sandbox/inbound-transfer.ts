import { inboundTransferSchema } from '../../../lib/sandbox-schemas.ts';
import { endpoint, parseInput } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { fail } from '../../../server/core/result.ts';

/**
 * Sandbox only: simulates a transfer arriving from another bank. It does not exist (404) when
 * the sandbox switch is not the active interbank provider (INTERBANK_PROVIDER=disabled, or a
 * real switch), so a real deployment cannot mint money through it.
 */
export const POST = endpoint(async (context) => {
  const { app } = context.locals;
  if (app.config.interbank.provider !== 'sandbox') return fail('NOT_FOUND', 'No such endpoint.');
  const input = await parseInput(context.request, inboundTransferSchema);
  if (!input.ok) return input;
  const result = await app.inbound.receiveInterbank(input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, `Credited ${input.value.account_number}.`, 201);
});
