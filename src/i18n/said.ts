import type { Kobo } from '../lib/money.ts';
import type { MessageKey } from './messages/en.ts';

/**
 * What a service, a schema or a check says, as data: a catalogue key and its values, worded in
 * the customer's language once, at the edge (`say` in translate.ts). A value keeps its kind so
 * that each language writes it its own way: an amount as kobo, a moment as an ISO instant, a
 * calendar day as YYYY-MM-DD (Lagos), a wait as seconds, a word of the catalogue (a status) by its
 * key, in lower case inside a sentence; a phrase that has values of its own (how often a schedule
 * repeats) as a Said, in lower case inside a sentence; a day of the month as an ordinal (English
 * writes "31st", the other languages the number). Names, references and counts are plain.
 *
 * This module imports no catalogue (types only), so the core and an island may both use it.
 */
export type SaidValue =
  | string
  | number
  | { readonly kobo: Kobo }
  | { readonly at: string }
  | { readonly day: string }
  | { readonly seconds: number }
  | { readonly word: MessageKey }
  | { readonly phrase: Said }
  | { readonly ordinal: number };

export type SaidParams = Readonly<Record<string, SaidValue>>;

export type Said = { readonly key: MessageKey; readonly params?: SaidParams };

/** A field's messages, by field name, as a failure or a form check carries them. */
export type SaidErrors = Readonly<Record<string, readonly Said[]>>;

export function said(key: MessageKey, params?: SaidParams): Said {
  return params === undefined ? { key } : { key, params };
}

export const amountValue = (value: Kobo): SaidValue => ({ kobo: value });
export const instantValue = (iso: string): SaidValue => ({ at: iso });
export const dayValue = (isoDay: string): SaidValue => ({ day: isoDay });
export const waitValue = (seconds: number): SaidValue => ({ seconds });
export const wordValue = (key: MessageKey): SaidValue => ({ word: key });
export const phraseValue = (phrase: Said): SaidValue => ({ phrase });
export const ordinalValue = (value: number): SaidValue => ({ ordinal: value });
