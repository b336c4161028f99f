import { securityQuestions } from '../../../../lib/reference.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const GET = endpoint(async () => jsonSuccess(securityQuestions, said('said.api.securityQuestions'), 200, { 'cache-control': 'public, max-age=86400' }));
