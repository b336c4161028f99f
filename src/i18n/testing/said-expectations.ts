import { expect } from 'vitest';
import type { z } from 'zod';
import { locales } from '../locales.ts';
import { recognise, say, sayAgain } from '../translate.ts';
import { parseValues } from '../../server/http/api.ts';

/**
 * What the `*-said.test.ts` files expect of a screen's messages: every message its server
 * schemas give is a sentence the catalogue knows, and what its services answer is said again in
 * the other languages (what an island's check gives: island-words.test.ts). Pidgin may say a short message as English does; Hausa, Yoruba and Igbo never do.
 */
export const otherLocales = locales.filter((locale) => locale !== 'en');

/** Every field message the schemas give for these inputs, as the server's form and API reading give them. */
export function schemaMessages(schemas: readonly z.ZodType[], inputs: readonly Record<string, unknown>[]): Set<string> {
  const messages = new Set<string>();
  for (const schema of schemas) {
    for (const values of inputs) {
      const result = parseValues(values, schema);
      if (!result.ok) for (const list of Object.values(result.errors ?? {})) list.forEach((message) => messages.add(say('en', message)));
    }
  }
  return messages;
}

/** Each sentence is one the catalogue knows. */
export function expectRecognised(messages: Iterable<string>): void {
  for (const message of messages) expect(recognise(message), message).not.toBeNull();
}

/** Each English sentence is known and said in the other languages (not as English, but in Pidgin where it may be). */
export function expectSaidAgain(english: readonly string[]): void {
  for (const message of english) {
    expect(recognise(message), message).not.toBeNull();
    for (const locale of otherLocales) if (locale !== 'pcm') expect(sayAgain(locale, message), `${locale}: ${message}`).not.toBe(message);
  }
}
