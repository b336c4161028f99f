import type { FieldErrors, FormCheck, FormInput } from '../lib/form-rules.ts';
import type { Said, SaidValue } from '../i18n/said.ts';
import { formatNaira } from '../lib/money.ts';

/**
 * How an island words what its check says (src/lib/checks: catalogue keys with values) without
 * the catalogue: the page hands it `words`, the keys it may show in the customer's language
 * (translate.ts `wordsFor`, the lists in src/i18n/*-words.ts), and it fills in the values. A
 * module of its own so that an island takes nothing else with it.
 */
export type Words = Readonly<Record<string, string>>;

/** `{name}` in one of the island's words filled in (islands never import the catalogue's translate.ts). */
export function fillWord(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

// The checks give amounts, names and counts; a moment, a day or a wait (which want the
// language's month names) are worded by the page, so they are shown as they are here.
function valueText(value: SaidValue): string | number {
  if (typeof value !== 'object') return value;
  if ('kobo' in value) return formatNaira(value.kobo);
  return 'at' in value ? value.at : 'day' in value ? value.day : value.seconds;
}

/** A message in the page's words, its values filled in; the key itself if the page did not give it (a test keeps each island's list whole). */
export function wordWith(words: Words): (said: Said) => string {
  return (said) => {
    const template = words[said.key] ?? said.key;
    if (!said.params) return template;
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(said.params)) values[name] = valueText(value);
    return fillWord(template, values);
  };
}

/** A form's check with its messages in the page's words: what useSchemaForm shows. */
export function worded(check: FormCheck, words: Words): (values: FormInput) => FieldErrors {
  const word = wordWith(words);
  return (values) => {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(check(values))) errors[field] = messages.map(word);
    return errors;
  };
}
