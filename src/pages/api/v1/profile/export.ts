import { dataExportQuerySchema } from '../../../../lib/data-export-schemas.ts';
import { endpoint, parseValues, signedIn } from '../../../../server/http/api.ts';
import { customerDataDownload } from '../../../../server/http/data-export.ts';

/**
 * GET /v1/profile/export?format=json|csv: the signed-in customer's data as a download (JSON:
 * profile, accounts, beneficiaries, transactions; CSV: the transactions). Errors use the envelope.
 */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const query = parseValues(Object.fromEntries(context.url.searchParams), dataExportQuerySchema);
  if (!query.ok) return query;
  return customerDataDownload(context.locals.app.dataExport, caller.value.user.id, query.value.format);
});
