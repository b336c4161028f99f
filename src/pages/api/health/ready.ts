import { endpoint } from '../../../server/http/api.ts';
import { appVersion } from '../../../server/version.ts';

const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };
const reasons = {
  database_unreachable: 'The database does not answer.',
  migrations_pending: 'The database is not migrated to this version.',
} as const;

/** Readiness: the database answers and is migrated to the latest migration; 503 in the API envelope otherwise. */
export const GET = endpoint(async (context) => {
  const readiness = await context.locals.app.health.readiness();
  if (readiness.ready) return new Response(JSON.stringify({ status: 'ok', version: appVersion, database: 'ok' }), { status: 200, headers });
  const body = { success: false, message: reasons[readiness.reason], code: 'UNAVAILABLE', version: appVersion };
  return new Response(JSON.stringify(body), { status: 503, headers: { ...headers, 'retry-after': '5' } });
});
