import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { readUpload } from '../../../../server/http/body.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { livenessSaid } from '../../../../server/http/liveness-words.ts';

/**
 * A selfie as multipart/form-data (the file in `selfie`): read into memory under the upload cap,
 * sniffed, sent to the liveness provider and dropped. Never written to disk.
 */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const upload = await readUpload(context.request, 'selfie');
  if (!upload.ok) return upload;
  const result = await context.locals.app.kyc.checkLiveness(caller.value.user.id, upload.value.file ?? new Uint8Array(0));
  if (!result.ok) return result;
  return jsonSuccess(result.value, livenessSaid(result.value));
});
