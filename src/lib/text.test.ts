import { describe, expect, it } from 'vitest';
import { isCleanLine, nicknamePattern, personNamePattern } from './text.ts';

describe('isCleanLine', () => {
  it('accepts text of any script, punctuation and emoji', () => {
    for (const text of ['Adé Ọlá', '12 Awolowo Road, Ikoyi', 'Ìbàdàn', 'مرحبا', 'Suya 🍢', '']) expect(isCleanLine(text), text).toBe(true);
  });
  it('refuses every C0 and C1 control character, DEL and lone surrogates', () => {
    const controls = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f, ...Array.from({ length: 0x20 }, (_, code) => 0x80 + code)];
    for (const code of controls) expect(isCleanLine(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(false);
    expect(isCleanLine('\ud800')).toBe(false);
    expect(isCleanLine('a\udc00b')).toBe(false);
  });
});

describe('personNamePattern', () => {
  it('takes names of any script with marks, single spaces, apostrophes and hyphens', () => {
    for (const name of ['Adaeze', "O'Neil-Okafor", 'D’Angelo', 'Mary Jane', 'Ọlá', 'Ade\u0301', 'Nnamdi', 'Zoë', 'Иван', '李']) expect(personNamePattern.test(name), name).toBe(true);
  });
  it('refuses digits, dots, other punctuation, doubled or trailing separators, and a leading mark', () => {
    for (const name of ['Visit harmattan-verify.ng now', 'Ada2', 'Ada.', 'Ada  Obi', 'Ada-', "'Ada", '-Ada', '\u0301Ada', 'Ada/Obi', 'Ada_Obi', 'Ada<b>', 'http://x']) {
      expect(personNamePattern.test(name), name).toBe(false);
    }
  });
});

describe('nicknamePattern', () => {
  it('takes names with digits, dots and ampersands', () => {
    for (const name of ['Mum & Dad', 'Landlord 2', 'St. John', 'Ìyá Ọlá', '2nd shop']) expect(nicknamePattern.test(name), name).toBe(true);
  });
  it('refuses markup, slashes and a leading separator', () => {
    for (const name of ['<script>', 'a/b', '-x', 'x@y', 'a:b']) expect(nicknamePattern.test(name), name).toBe(false);
  });
});
