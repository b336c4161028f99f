import type { App } from '../../app.ts';
import type { AlertSettings } from '../../core/alerts/alert-service.ts';
import type { LimitsJson } from '../../core/customer-limits/limits-service.ts';
import type { Result } from '../../core/result.ts';
import type { UserJson } from '../../core/users/present-user.ts';
import type { SettingsIntent } from '../../../lib/settings-intents.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { Said } from '../../../i18n/said.ts';

/**
 * What a settings kind is built from: the services (never the database), the signed-in customer
 * and this browser's session (a new password signs the others out, not this one). Each kind keeps
 * its service call to itself, so a changed service signature is put right in one file. Kept here,
 * not in settings-steps.ts, so the steps and the kinds do not import each other.
 */
export type SettingsScope = { app: App; user: UserJson; sessionId: string | null; /** The SHA-256 of this browser's device id (device-cookie.ts requestDeviceHash); null without a valid device cookie. */ deviceHash: string | null };

/** A form's posted values by field name. */
export type FormValues = Record<string, string>;

/** The forms' views on the settings page: the four islands', the Alerts switch's and the two Limits forms'. */
export type SettingsView = SettingsIntent | 'alerts' | 'daily' | 'instant';

/** What the page has loaded that a notice after a change may name (the SMS number, the new limit). */
export type SettingsLoaded = { alerts: AlertSettings; limits: LimitsJson };

/** What a section says after its change, as data: the steps word it with the rest of the view. */
export type Notice = Said;

/**
 * One form of the settings page (or of /account/limits, where the Limits forms post). `Input`
 * is the form as its schema reads it, `Saved` what the service answers when the change is made.
 */
export type SettingsKind<Input, Saved> = {
  /** The hidden `intent` its form posts. */
  intent: string;
  /** The view a refused post fills: its own form's. */
  view: SettingsView;
  /** Posted fields never shown again on a refused form (passwords, PINs, answers). */
  secretFields: readonly string[];
  /** What a refused form shows again before the secrets are dropped; all that was posted unless a kind says otherwise. */
  shownAgain?(values: FormValues): FormValues;
  /** The form read with the schema its API call uses. */
  read(values: FormValues): Result<Input>;
  /** The one service call that makes the change (and checks everything again). */
  save(scope: SettingsScope, input: Input): Promise<Result<Saved>>;
  /** Where a saved change goes with a 303: the page and section that say what happened. */
  doneUrl(saved: Saved): string;
  /** On a plain visit of that address: what the section says, or null when the address is not this kind's. */
  notice(url: URL, loaded: SettingsLoaded): Notice | null;
};

/** A kind with an island: the words its island shows, its check's messages among them, in the customer's language. */
export type IslandKind<Input, Saved, Words> = SettingsKind<Input, Saved> & {
  island(locale: Locale): { words: Words };
};

/** The `?done=<intent>` a settings form's success goes to, read back on a plain visit. */
export function doneIs(url: URL, intent: SettingsIntent): boolean {
  return url.searchParams.get('done') === intent;
}

/** Every secret a settings island's form may post; none is ever shown again. */
export const settingsSecretFields = ['current_password', 'password', 'password_confirmation', 'answer', 'current_pin', 'pin', 'pin_confirmation', 'security_answer'] as const;

