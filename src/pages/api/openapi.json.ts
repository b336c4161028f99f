import type { APIRoute } from 'astro';
import { openApiDocument } from '../../server/http/openapi.ts';

export const GET: APIRoute = async (context) =>
  new Response(JSON.stringify(openApiDocument(context.locals.app.config.bank.name), null, 2), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
