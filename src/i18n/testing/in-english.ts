import { say } from '../translate.ts';
import type { Said } from '../said.ts';
import { saidOf } from '../../lib/zod-said.ts';

/**
 * What a schema, a check or a rule says (a key with its values), in English, for the tests that
 * compare the words: a zod message (zod-said.ts), a Said, or nothing (undefined stays undefined).
 */
export function english(message: string | Said): string;
export function english(message: string | Said | undefined): string | undefined;
export function english(message: string | Said | undefined): string | undefined {
  if (message === undefined) return undefined;
  return say('en', typeof message === 'string' ? saidOf(message) : message);
}

/** Field errors (fieldErrorsOf, a check) in English. */
export function englishErrors(errors: Readonly<Record<string, readonly (string | Said)[]>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => english(message))]));
}
