import { describe, expect, it } from 'vitest';
import { legalPieces, legalText } from './legal-markup.ts';

describe('the legal texts’ markup', () => {
  it('reads strong words, links and placeholders into pieces', () => {
    expect(legalPieces('{bank} will **never** ask. See [section 9](#cookies) or {link}.', { bank: 'Naija <b>Bank</b>', link: { text: 'Download my data', href: '/account/settings#my-data' } })).toEqual([
      { text: 'Naija <b>Bank</b>' },
      { text: ' will ' },
      { text: 'never', strong: true },
      { text: ' ask. See ' },
      { text: 'section 9', href: '#cookies' },
      { text: ' or ' },
      { text: 'Download my data', href: '/account/settings#my-data' },
      { text: '.' },
    ]);
  });

  it('leaves plain text, and a placeholder without a value, as written', () => {
    expect(legalPieces('Plain ṣ ọ ị text {missing}.')).toEqual([{ text: 'Plain ṣ ọ ị text ' }, { text: '{missing}' }, { text: '.' }]);
    expect(legalText(legalPieces('A **b** [c](/d)'))).toBe('A b c');
  });
});
