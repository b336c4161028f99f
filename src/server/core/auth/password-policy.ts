import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * ASVS: no composition rules, but refuse passwords that are common or easy to guess. zxcvbn's
 * dictionaries hold the well-known leaked-password lists; a score below 2 means it would fall
 * to an online guessing attack within about a million tries.
 */
const estimator = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });

export function passwordProblem(password: string, personalWords: string[]): string | null {
  // zxcvbn's cost grows with length; beyond 100 characters it is strong whatever it is.
  if (password.length > 100) return null;
  const words = personalWords.flatMap((word) => word.toLowerCase().split(/[@.\s]+/)).filter((word) => word.length >= 3);
  const { score } = estimator.check(password, words);
  return score < 2 ? 'This password is too common or easy to guess. Try a longer phrase of a few unrelated words.' : null;
}
