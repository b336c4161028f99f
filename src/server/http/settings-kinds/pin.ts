import { changePinWithCurrentSchema, type ChangePinInput } from '../../../lib/settings-schemas.ts';
import { settingsDoneUrl } from '../../../lib/settings-intents.ts';
import type { App } from '../../app.ts';
import { parseValues } from '../api.ts';
import { t, wordsFor } from '../../../i18n/translate.ts';
import { changePinSayings, changePinWords, type ChangePinWords } from '../../../i18n/settings-words.ts';
import { doneIs, settingsSecretFields, type IslandKind, type Sayings } from './scope.ts';

/**
 * A wrong current PIN, as the PIN guard says it (src/server/core/money/pin-guard.ts), for each
 * count of tries left: the island shows the API's answer in the customer's language.
 */
function wrongPinSayings(app: App): Sayings {
  const pinRules = app.config.money.pin;
  const lockMinutes = Math.round(pinRules.lockMs / 60_000);
  return [
    ['said.pin.wrongOne', { minutes: lockMinutes }] as const,
    ...Array.from({ length: Math.max(0, pinRules.maxAttempts - 2) }, (_, index) => ['said.pin.wrongMany', { left: index + 2, minutes: lockMinutes }] as const),
  ];
}

/** A new PIN, with the current PIN (?done=pin#pin). */
export const pinKind: IslandKind<ChangePinInput, unknown, ChangePinWords> = {
  intent: 'pin',
  view: 'pin',
  secretFields: settingsSecretFields,
  read: (values) => parseValues(values, changePinWithCurrentSchema),
  save: ({ app, user }, input) => app.settings.changePin(user.id, input),
  doneUrl: () => settingsDoneUrl('pin'),
  notice: (url, _loaded, locale) => (doneIs(url, 'pin') ? { text: t(locale, 'settings.done.pin') } : null),
  island: (app, locale) => ({ words: wordsFor(locale, changePinWords), sayings: [...changePinSayings, ...wrongPinSayings(app)] }),
};
