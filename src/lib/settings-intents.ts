/**
 * The forms of /account/settings and where each goes once it has saved a change. Each is a real
 * form posted to the page with a hidden `intent` (so it works without JavaScript); with
 * JavaScript its island sends it to the API and then goes to the same address the page's
 * redirect would (`settingsDoneUrl`), so the server shows the same notice either way. The
 * islands and the server both read this file.
 */
export const settingsPath = '/account/settings';
export type SettingsIntent = 'password' | 'security_question' | 'pin' | 'pin_reset';

/** The `<section id>` of each form (also the prefix of its field ids, which must be unique on the page). */
export const settingsSection: Record<SettingsIntent, string> = {
  password: 'password',
  security_question: 'security-question',
  pin: 'pin',
  pin_reset: 'pin-reset',
};

export function settingsDoneUrl(intent: SettingsIntent, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ done: intent, ...extra });
  return `${settingsPath}?${query}#${settingsSection[intent]}`;
}

/** The Alerts section's place on the page; its SMS switch posts `intent=alerts` to the page too. */
export const alertsSectionId = 'alerts';
