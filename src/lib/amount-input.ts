import { z } from 'zod';
import { says } from './zod-said.ts';
import { kobo, type Kobo } from './money.ts';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { Said } from '../i18n/said.ts';

/**
 * A naira amount typed by a person, shared by the amount field (formatting as they type) and
 * the server (reading what the form posted, with or without JavaScript). Amounts are kobo.
 */

/** Anything above this (₦100bn) is a typo, not a payment. */
export const MAX_INPUT_KOBO = 10 ** 13;

/** Whole naira: plain digits, or digits grouped in threes by commas ("1,234,567"). */
const WHOLE = /^(?:\d+|\d{1,3}(?:,\d{3})+)$/;

/**
 * "1,234.5", "₦1,234.50", " 5000 ", ".5" → kobo (123450, 123450, 500000, 50).
 * null when empty, not a number, negative, badly grouped ("1,23" could be a decimal comma),
 * more than 2 decimals, or more than {@link MAX_INPUT_KOBO}.
 */
export function parseNairaInput(text: string): Kobo | null {
  let rest = text.trim();
  if (rest.startsWith('₦')) rest = rest.slice(1).trimStart();
  const match = /^([\d,]*)(?:\.(\d{0,2}))?$/.exec(rest);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null; // "", "."
  if (whole !== '' && !WHOLE.test(whole)) return null;
  const digits = whole.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  if (digits.length > 12) return null; // beyond MAX_INPUT_KOBO whatever the rest says; keeps the sum exact
  const amount = Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return amount > MAX_INPUT_KOBO ? null : kobo(amount);
}

/**
 * Formats the field while it is typed in: only digits and one ".", at most 2 decimals, the
 * whole part grouped by commas, leading zeros dropped. A trailing "." or "1.5" is kept as is
 * so the next keystroke lands where expected: "1234." → "1,234.", "₦12a34.567" → "1,234.56".
 */
export function formatNairaInput(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const wholeDigits = dot < 0 ? kept : kept.slice(0, dot);
  const fraction = dot < 0 ? null : kept.slice(dot + 1).replaceAll('.', '').slice(0, 2);
  let whole = wholeDigits.replace(/^0+(?=\d)/, '');
  if (whole === '' && fraction !== null) whole = '0'; // "." → "0."
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === null ? grouped : `${grouped}.${fraction}`;
}

/** 123450 → "1234.5", 123400 → "1234", 5 → "0.05": for prefilling an amount field. */
export function koboToInput(amount: number): string {
  const value = kobo(amount);
  if (value < 0) throw new RangeError(`an amount field cannot show a negative amount, got ${amount}`);
  const whole = Math.trunc(value / 100);
  const fraction = String(value % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * Where the caret belongs after {@link formatNairaInput} rewrote the field: after the same
 * number of digits and "." it followed before (commas come and go around it).
 */
export function caretAfterFormat(raw: string, caret: number, formatted: string): number {
  const kept = raw.slice(0, caret).replace(/[^\d.]/g, '').length;
  if (kept === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (formatted[i] !== ',') seen += 1;
    if (seen === kept) return i + 1;
  }
  return formatted.length;
}

/**
 * An amount read from typed naira once (the details step) and carried on as kobo in a hidden
 * field ("150000"), checked again by the same rule it passed when typed, so a changed hidden
 * field gets no further than a typed amount would.
 */
/**
 * Naira as typed in a form's amount field → kobo, or the field's message: `missing` when the
 * field was not sent, else what `problem` finds in the text (the payment's own rules).
 */
export function typedNairaSchema(missing: MessageKey, problem: (text: string) => Said | undefined) {
  return z
    .string({ error: says(missing) })
    .superRefine((text, context) => {
      const found = problem(text);
      if (found) context.addIssue({ code: 'custom', message: says(found.key, found.params) });
    })
    .transform((text) => parseNairaInput(text) ?? kobo(0));
}

export function carriedKoboSchema(problem: (amount: Kobo) => Said | undefined) {
  return z
    .string({ error: says('said.requests.amount') })
    .regex(/^\d{1,15}$/, says('said.requests.amount'))
    .transform((text) => kobo(Number(text)))
    .superRefine((amount, context) => {
      const found = problem(amount);
      if (found) context.addIssue({ code: 'custom', message: says(found.key, found.params) });
    });
}

/**
 * What is wrong with an amount as typed, in the amount field's words (`missing` when it is
 * empty, `unreadable` when it is not naira, else what `problem` finds in its kobo); undefined
 * when it is right.
 */
export function typedAmountProblem(text: string, missing: MessageKey, unreadable: MessageKey, problem: (amount: Kobo) => Said | undefined): Said | undefined {
  if (text.trim() === '') return { key: missing };
  const amount = parseNairaInput(text);
  return amount === null ? { key: unreadable } : problem(amount);
}
