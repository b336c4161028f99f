import { statesWithLgas } from '../../../../lib/states.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const GET = endpoint(async () => jsonSuccess(statesWithLgas, 'States and local government areas.', 200, { 'cache-control': 'public, max-age=86400' }));
