/**
 * What text the bank accepts, in one place. Every field is one line: no C0 or C1 control
 * characters (U+0000–U+001F, U+007F–U+009F; NUL in particular, which PostgreSQL cannot store),
 * and no lone UTF-16 surrogates (which no database stores faithfully). Used by every string
 * schema and by the API router for path parameters.
 */

// \p{Cc} (Unicode's control characters) is exactly U+0000–U+001F and U+007F–U+009F.
const controlCharacter = /\p{Cc}/u;

/** One line of storable text: no control characters and well-formed Unicode. */
export function isCleanLine(text: string): boolean {
  return !controlCharacter.test(text) && text.isWellFormed();
}

/** Its catalogue key: a check and a schema both say it (a key is its own zod message, zod-said.ts). */
export const controlCharacterMessage = 'said.controlCharacters' as const;

/**
 * A person's name: letters of any script with their combining marks (Adé, Ọlá, Nnamdi), single
 * spaces, apostrophes (' and ’) and hyphens between them. No digits, dots or other punctuation,
 * so a name cannot carry a web address or a sentence into a mail.
 */
export const personNamePattern = /^\p{L}(?:[\p{L}\p{M}]|[ '’-](?=\p{L}))*$/u;

/**
 * A beneficiary's nickname, seen only by the customer who saved it: a name as above, and also
 * digits, dots and ampersands ("Mum & Dad", "Landlord 2").
 */
export const nicknamePattern = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '’.&-]*$/u;
