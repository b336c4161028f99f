import { endpoint } from '../../server/http/api.ts';

export const GET = endpoint(async (context) => {
  const { app } = context.locals;
  const database = (await app.health.databaseReachable()) ? 'ok' : 'unavailable';
  const healthy = database === 'ok';
  return new Response(JSON.stringify({ status: healthy ? 'ok' : 'degraded', database }), {
    status: healthy ? 200 : 503,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
});
