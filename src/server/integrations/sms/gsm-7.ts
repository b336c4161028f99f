/**
 * The GSM 03.38 default alphabet (3GPP TS 23.038): what a plain SMS can carry in 7-bit
 * septets, 160 to a single message. The extension table's characters are sent as an escape and
 * the character, so each counts twice. Anything else (₦, curly quotes, most accented letters)
 * turns the whole message into UCS-2, 70 characters to a part, and some Nigerian routes mangle
 * it, which is why alerts are written in this alphabet only.
 */
const basic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const extension = '\f^{}\\[~]|€';

const basicSet = new Set(Array.from(basic).filter((character) => character !== '\u001b'));
const extensionSet = new Set(Array.from(extension));

/** The septets `text` takes in the GSM 7-bit alphabet, or null when a character is outside it. */
export function gsmSeptets(text: string): number | null {
  let septets = 0;
  for (const character of text) {
    if (basicSet.has(character)) septets += 1;
    else if (extensionSet.has(character)) septets += 2;
    else return null;
  }
  return septets;
}

/** One single-part SMS: 160 septets. */
export const singleSmsSeptets = 160;

/** Whether `text` goes as one plain SMS. */
export function fitsOneSms(text: string): boolean {
  const septets = gsmSeptets(text);
  return septets !== null && septets <= singleSmsSeptets;
}

/**
 * The longest start of `text` that takes at most `septets`, cut between whole characters (an
 * escaped character is never split from its escape). Characters outside the alphabet end it.
 */
export function clipSeptets(text: string, septets: number): string {
  let used = 0;
  let clipped = '';
  for (const character of text) {
    const cost = basicSet.has(character) ? 1 : extensionSet.has(character) ? 2 : Infinity;
    if (used + cost > septets) break;
    used += cost;
    clipped += character;
  }
  return clipped;
}
