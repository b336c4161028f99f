import { endpoint } from '../../../server/http/api.ts';
import { appVersion } from '../../../server/version.ts';

/** Liveness: the process is up and answering. It never touches the database (see ready.ts). */
export const GET = endpoint(
  async () =>
    new Response(JSON.stringify({ status: 'ok', version: appVersion }), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    }),
);
