import { changeSecurityQuestionSchema } from '../../../../../lib/settings-schemas.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const POST = signedInPost(
  changeSecurityQuestionSchema,
  (app, user, input) => app.settings.changeSecurityQuestion(user.id, input),
  (changed) => jsonSuccess(changed, said('said.api.questionChanged')),
);
