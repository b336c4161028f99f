import { inboundTransferSchema } from '../../../lib/sandbox-schemas.ts';
import { endpoint, parseInput, requestMeta } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { sandboxAccess } from '../../../server/http/sandbox-access.ts';
import { peerAddress } from '../../../server/http/client.ts';
import { fail } from '../../../server/core/result.ts';
import { said } from '../../../i18n/said.ts';

/**
 * Sandbox only: simulates a transfer arriving from another bank. It does not exist (404) when
 * the sandbox switch is not the active interbank provider (INTERBANK_PROVIDER=disabled, or a
 * real switch), so a real deployment cannot mint money through it. Under the sandbox it answers
 * only a loopback client of a loopback server, or a caller with `Bearer <SANDBOX_KEY>`
 * (src/server/http/sandbox-access.ts).
 */
export const POST = endpoint(async (context) => {
  const { app } = context.locals;
  if (app.config.interbank.provider !== 'sandbox') return fail('NOT_FOUND', said('said.sandbox.noEndpoint'));
  const access = sandboxAccess({
    listenHost: app.config.host,
    clientAddress: peerAddress(context),
    headers: context.request.headers,
    sandboxKey: app.config.sandboxKey,
  });
  if (access !== 'allow') {
    app.log.warn('sandbox.inbound_refused', { ip: requestMeta(context).ip, peer: peerAddress(context), access });
    return access === 'unauthorized'
      ? fail('UNAUTHENTICATED', said('said.sandbox.key'))
      : fail('NOT_FOUND', said('said.sandbox.noEndpoint'));
  }
  const input = await parseInput(context.request, inboundTransferSchema);
  if (!input.ok) return input;
  const result = await app.inbound.receiveInterbank(input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, said('said.api.credited', { account: input.value.account_number }), 201);
});
