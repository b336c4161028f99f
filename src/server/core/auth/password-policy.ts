import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import { said, type Said } from '../../../i18n/said.ts';

/**
 * ASVS: no composition rules, but refuse passwords that are common or easy to guess. zxcvbn's
 * dictionaries hold the well-known leaked-password lists; a score below 2 means it would fall
 * to an online guessing attack within about a million tries.
 */
let estimator: ZxcvbnFactory | undefined;
/** zxcvbn and its dictionaries (~4 MiB of a server's memory) load with the first password checked, not at start (docs/decisions/013-render-and-memory-costs.md). */
function estimatorOf(): ZxcvbnFactory {
  if (!estimator) {
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof Common;
    estimator = new Factory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
  }
  return estimator;
}

export function passwordProblem(password: string, personalWords: string[]): Said | null {
  // zxcvbn's cost grows with length; beyond 100 characters it is strong whatever it is.
  if (password.length > 100) return null;
  const words = personalWords.flatMap((word) => word.toLowerCase().split(/[@.\s]+/)).filter((word) => word.length >= 3);
  const { score } = estimatorOf().check(password, words);
  return score < 2 ? said('said.password.common') : null;
}
