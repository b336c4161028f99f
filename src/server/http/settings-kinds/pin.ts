import { said } from '../../../i18n/said.ts';
import { changePinWithCurrentSchema, type ChangePinInput } from '../../../lib/settings-schemas.ts';
import { settingsDoneUrl } from '../../../lib/settings-intents.ts';
import { parseValues } from '../api.ts';
import { wordsFor } from '../../../i18n/translate.ts';
import { changePinWords, type ChangePinWords } from '../../../i18n/settings-words.ts';
import { doneIs, settingsSecretFields, type IslandKind } from './scope.ts';

/** A new PIN, with the current PIN (?done=pin#pin). */
export const pinKind: IslandKind<ChangePinInput, unknown, ChangePinWords> = {
  intent: 'pin',
  view: 'pin',
  secretFields: settingsSecretFields,
  read: (values) => parseValues(values, changePinWithCurrentSchema),
  save: ({ app, user }, input) => app.settings.changePin(user.id, input),
  doneUrl: () => settingsDoneUrl('pin'),
  notice: (url) => (doneIs(url, 'pin') ? said('settings.done.pin') : null),
  island: (locale) => ({ words: wordsFor(locale, changePinWords) }),
};
