import { en } from '../../i18n/messages/en.ts';
import { say } from '../../i18n/translate.ts';
import type { Said } from '../../i18n/said.ts';

function isSaid(value: unknown): value is Said {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { key, ...rest } = value as { key?: unknown };
  return typeof key === 'string' && Object.hasOwn(en, key) && Object.keys(rest).every((name) => name === 'params');
}

/**
 * A result with every Said in it (a failure's message and field messages, a success's message)
 * worded in English, as the API says it: tests that compare the customer's English sentences keep
 * comparing them, word for word.
 */
export function inEnglish<T>(value: T): T {
  if (isSaid(value)) return say('en', value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => inEnglish(item)) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, inEnglish(item)])) as T;
  }
  return value;
}
