import { describe, expect, it } from 'vitest';
import { sayByPattern } from './said-patterns.ts';
import { sayAgain, sayingPatternsFor } from './translate.ts';
import { beneficiaryPatterns } from './island-words.ts';

describe('sentences with values, said again in an island', () => {
  it('finds the sentence and carries its values, as the server does', () => {
    const patterns = sayingPatternsFor('yo', beneficiaryPatterns);
    for (const english of ['That is not a valid GTBank account number. Check it and try again.', 'ADA OBI at Access Bank is already one of your beneficiaries.', 'No Naija Retail Bank account has that number.']) {
      expect(sayByPattern(english, patterns), english).toBe(sayAgain('yo', english));
      expect(sayByPattern(english, patterns)).not.toBe(english);
    }
    expect(sayByPattern('ADA OBI at Access Bank is already one of your beneficiaries.', patterns)).toBe('ADA OBI ní Access Bank ti wà lára àwọn olùgbà owó rẹ tẹ́lẹ̀.');
  });

  it('leaves other sentences alone, and has nothing to do in English', () => {
    expect(sayByPattern('Something else (with [brackets]).', sayingPatternsFor('ha', beneficiaryPatterns))).toBeNull();
    expect(sayingPatternsFor('en', beneficiaryPatterns)).toEqual([]);
  });
});
