import { securityQuestions } from '../../../../lib/reference.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const GET = endpoint(async () => jsonSuccess(securityQuestions, 'Security questions.', 200, { 'cache-control': 'public, max-age=86400' }));
