import { expect } from 'vitest';
import type { z } from 'zod';
import { locales } from '../locales.ts';
import { recognise, say, sayAgain, sayingsFor, type MessageParams } from '../translate.ts';
import type { MessageKey } from '../messages/en.ts';
import type { FormCheck } from '../../lib/form-rules.ts';
import { parseValues } from '../../server/http/api.ts';

/**
 * What the `*-said.test.ts` files expect of a screen's messages: every message its
 * island's check gives is among the sayings the page hands the island, every message its server
 * schemas give is a sentence the catalogue knows, and what its services answer is said again in
 * the other languages. Pidgin may say a short message as English does; Hausa, Yoruba and Igbo never do.
 */
export const otherLocales = locales.filter((locale) => locale !== 'en');

type Sayings = readonly (MessageKey | readonly [MessageKey, MessageParams])[];

/** Every field message `check` gives for these inputs. */
export function checkMessages(check: FormCheck, inputs: readonly Record<string, unknown>[]): Set<string> {
  const messages = new Set<string>();
  for (const values of inputs) for (const list of Object.values(check(values))) list.forEach((message) => messages.add(message));
  return messages;
}

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

/** The island's check gives only messages its sayings carry, in every other language. */
export function expectIslandSaysAll(check: FormCheck, inputs: readonly Record<string, unknown>[], sayings: Sayings): void {
  const messages = checkMessages(check, inputs);
  expect(messages.size).toBeGreaterThan(2);
  for (const locale of otherLocales) {
    const said = sayingsFor(locale, sayings);
    for (const message of messages) {
      expect(said[message], `${locale}: ${message}`).toBeTruthy();
      if (locale !== 'pcm') expect(said[message], `${locale}: ${message}`).not.toBe(message);
    }
  }
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
