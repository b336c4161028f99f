import { say } from '../../i18n/translate.ts';
import type { Said, SaidErrors } from '../../i18n/said.ts';

/**
 * What a schema, a check or a shared rule says (src/i18n/said.ts: a key and its values), in
 * English, for a Failure that still carries English text: the edge then says it again in the
 * customer's language as it always has. The one bridge between field messages as data and
 * failures as text; it goes when Failure carries `message: Said` and `errors: SaidErrors`.
 */
export function inEnglish(said: Said): string;
export function inEnglish(errors: SaidErrors): Record<string, string[]>;
export function inEnglish(said: Said | SaidErrors): string | Record<string, string[]> {
  if ('key' in said && typeof said.key === 'string') return say('en', said as Said);
  return Object.fromEntries(Object.entries(said as SaidErrors).map(([field, messages]) => [field, messages.map((message) => say('en', message))]));
}
