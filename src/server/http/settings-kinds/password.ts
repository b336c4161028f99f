import { passwordChangedMessage } from '../../core/settings/settings-service.ts';
import { changePasswordSchema, type ChangePasswordInput } from '../../../lib/settings-schemas.ts';
import { settingsDoneUrl } from '../../../lib/settings-intents.ts';
import { parseValues } from '../api.ts';
import { t, wordsFor } from '../../../i18n/translate.ts';
import { passwordHintParams } from '../../../i18n/island-words.ts';
import { changePasswordWords, type ChangePasswordWords } from '../../../i18n/settings-words.ts';
import { doneIs, settingsSecretFields, type IslandKind } from './scope.ts';

/**
 * A new password, with the current one: the other sessions are signed out (this one stays), and
 * the notice after the redirect says how many (?done=password&signed_out=N#password).
 */
export const passwordKind: IslandKind<ChangePasswordInput, { signedOutSessions: number }, ChangePasswordWords> = {
  intent: 'password',
  view: 'password',
  secretFields: settingsSecretFields,
  read: (values) => parseValues(values, changePasswordSchema),
  save: ({ app, user, sessionId }, input) => app.settings.changePassword(user.id, sessionId, input),
  doneUrl: (saved) => settingsDoneUrl('password', { signed_out: String(saved.signedOutSessions) }),
  notice(url) {
    if (!doneIs(url, 'password')) return null;
    // A count from the address: a number of sessions, never more than three digits of one.
    const signedOut = Math.max(0, Math.min(999, Number.parseInt(url.searchParams.get('signed_out') ?? '0', 10) || 0));
    return passwordChangedMessage(signedOut);
  },
  island: (locale) => ({ words: { ...wordsFor(locale, changePasswordWords), 'form.passwordHint': t(locale, 'form.passwordHint', passwordHintParams) } }),
};
