import type { FieldErrors, FormCheck, FormInput } from './form-rules.ts';
import type { Said, SaidValue } from '../i18n/said.ts';

/**
 * How an island words what its check says (src/lib/checks: catalogue keys with values) without
 * the catalogue: the page hands it `words`, the keys it may show in the customer's language
 * (translate.ts `wordsFor`, the lists in src/i18n/*-words.ts), and it fills in the values. The
 * islands take it through form-kit.tsx; only the kit imports it, so it ships in the kit's chunk.
 */
export type Words = Readonly<Record<string, string>>;

/** `{name}` in one of the island's words filled in (islands never import the catalogue's translate.ts). */
export function fillWord(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A message in the page's words, its values filled in; the key itself if the page did not give
 * it (island-words.test.ts keeps each island's list whole). `naira` writes an amount: an island
 * whose check names amounts passes lib/money.ts's formatNaira, so the others do not load it. The
 * checks name amounts, names and counts; a moment, a day or a wait are worded by the page.
 */
export function wordWith(words: Words, naira: (kobo: number) => string = String): (said: Said) => string {
  const valueText = (value: SaidValue): string | number => {
    if (typeof value !== 'object') return value;
    if ('kobo' in value) return naira(value.kobo);
    if ('at' in value) return value.at;
    if ('day' in value) return value.day;
    if ('word' in value) return (words[value.word] ?? value.word).toLowerCase();
    if ('phrase' in value) return word(value.phrase).toLowerCase();
    if ('ordinal' in value) return value.ordinal;
    return value.seconds;
  };
  const word = (said: Said): string => {
    const template = words[said.key] ?? said.key;
    if (!said.params) return template;
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(said.params)) values[name] = valueText(value);
    return fillWord(template, values);
  };
  return word;
}

/** A form's check with its messages in the page's words: what useSchemaForm shows. */
export function worded(check: FormCheck, words: Words, naira?: (kobo: number) => string): (values: FormInput) => FieldErrors {
  const word = wordWith(words, naira);
  return (values) => {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(check(values))) errors[field] = messages.map(word);
    return errors;
  };
}
