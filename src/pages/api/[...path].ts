import type { APIRoute } from 'astro';
import { jsonFailure } from '../../server/http/respond.ts';
import { said } from '../../i18n/said.ts';

/** Unknown API paths answer in the API's own envelope, not with the HTML not-found page. */
export const ALL: APIRoute = async ({ locals }) => jsonFailure({ code: 'NOT_FOUND', message: said('said.api.noSuchCall') }, locals.locale);
