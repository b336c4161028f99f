import { said } from '../../../i18n/said.ts';
import { resetPinWithAnswerSchema, type ChangePinInput } from '../../../lib/settings-schemas.ts';
import { settingsDoneUrl } from '../../../lib/settings-intents.ts';
import { parseValues } from '../api.ts';
import { wordsFor } from '../../../i18n/translate.ts';
import { resetPinWords, type ResetPinWords } from '../../../i18n/settings-words.ts';
import { doneIs, settingsSecretFields, type IslandKind } from './scope.ts';

/**
 * A forgotten or locked PIN: a new one with the password and the security answer, which also
 * lifts a PIN lock (?done=pin_reset#pin-reset). The same service call as the PIN form, with the
 * other proof.
 */
export const pinResetKind: IslandKind<ChangePinInput, unknown, ResetPinWords> = {
  intent: 'pin_reset',
  view: 'pin_reset',
  secretFields: settingsSecretFields,
  read: (values) => parseValues(values, resetPinWithAnswerSchema),
  save: ({ app, user }, input) => app.settings.changePin(user.id, input),
  doneUrl: () => settingsDoneUrl('pin_reset'),
  notice: (url) => (doneIs(url, 'pin_reset') ? said('settings.done.pinReset') : null),
  island: (locale) => ({ words: wordsFor(locale, resetPinWords) }),
};
