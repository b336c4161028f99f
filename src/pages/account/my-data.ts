import type { APIRoute } from 'astro';
import { dataExportQuerySchema } from '../../lib/data-export-schemas.ts';
import { customerDataDownload } from '../../server/http/data-export.ts';

/**
 * GET /account/my-data?format=json|csv: "Download my data" from the settings page, a plain link
 * (no JavaScript), for the signed-in customer only (the guard sends everyone else to sign in).
 */
export const GET: APIRoute = async (context) => {
  const { app, user } = context.locals;
  if (!user) return context.redirect('/login', 302);
  const query = dataExportQuerySchema.safeParse(Object.fromEntries(context.url.searchParams));
  if (!query.success) {
    return new Response('Choose json (all your data) or csv (your transactions).', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  }
  return customerDataDownload(app.dataExport, user.id, query.data.format);
};
