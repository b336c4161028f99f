import type { MessageKey } from '../i18n/messages/en.ts';
import type { Said, SaidParams } from '../i18n/said.ts';

/**
 * What a zod schema says, as a catalogue key with its values (src/i18n/said.ts). zod carries a
 * message as text, so a schema writes `says(key)` (the key itself) or `says(key, values)` (the
 * key and values as JSON), and fieldErrorsOf (schemas.ts) reads it back with `saidOf`. zod's own
 * English (a wrong type no schema words itself) stays as zod said it, under `schema.zodSays`.
 */
export function says(key: MessageKey, params?: SaidParams): string {
  return params === undefined ? key : JSON.stringify({ key, params });
}

const keyPattern = /^[a-z][\w-]*(?:\.[\w-]+)+$/i;

export function saidOf(message: string): Said {
  if (message.startsWith('{"key":')) {
    try {
      const parsed = JSON.parse(message) as Said;
      if (typeof parsed.key === 'string') return parsed;
    } catch {
      // Not one of ours: said as written, below.
    }
  }
  if (keyPattern.test(message)) return { key: message as MessageKey };
  return { key: 'schema.zodSays', params: { message } };
}
