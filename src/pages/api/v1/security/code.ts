import { securityCodeRequestSchema } from '../../../../lib/security-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { toLagosIso } from '../../../../lib/lagos-time.ts';

/** A 6-digit code for one change (instant payments, raising the own limit, unfreezing), by SMS and email: 202 with when it expires. */
export const POST = signedInPost(
  securityCodeRequestSchema,
  (app, user, input) => app.securityCodes.request(user.id, input.purpose),
  (sent, input) => jsonSuccess({ purpose: input.purpose, expires_at: toLagosIso(sent.expiresAt) }, sent.message, 202),
);
