import { said } from '../../../i18n/said.ts';
import { changeSecurityQuestionSchema, type ChangeSecurityQuestionInput } from '../../../lib/settings-schemas.ts';
import { settingsDoneUrl } from '../../../lib/settings-intents.ts';
import { parseValues } from '../api.ts';
import { wordsFor } from '../../../i18n/translate.ts';
import { changeSecurityQuestionWords, type ChangeSecurityQuestionWords } from '../../../i18n/settings-words.ts';
import { doneIs, settingsSecretFields, type IslandKind } from './scope.ts';

/** A new security question and answer, with the password (?done=security_question#security-question). */
export const securityQuestionKind: IslandKind<ChangeSecurityQuestionInput, unknown, ChangeSecurityQuestionWords> = {
  intent: 'security_question',
  view: 'security_question',
  secretFields: settingsSecretFields,
  read: (values) => parseValues(values, changeSecurityQuestionSchema),
  save: ({ app, user }, input) => app.settings.changeSecurityQuestion(user.id, input),
  doneUrl: () => settingsDoneUrl('security_question'),
  notice: (url) => (doneIs(url, 'security_question') ? said('settings.done.securityQuestion') : null),
  island: (locale) => ({ words: wordsFor(locale, changeSecurityQuestionWords) }),
};
