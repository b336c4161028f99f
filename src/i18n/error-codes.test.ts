import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locales } from './locales.ts';
import { catalogues } from './translate.ts';
import { statusForCode } from '../server/http/respond.ts';

/**
 * Every error code a client can get ("error codes map to messages in the catalogue"):
 * each code docs/API.md names and each of the code's own (respond.ts's status table, whole by its
 * type: every ErrorCode) has its `error.<CODE>` sentence in all five languages, so an answer in
 * any language has words even when the service's sentence is not in the catalogue yet.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const apiMd = fs.readFileSync(path.join(root, 'docs', 'API.md'), 'utf8');

/** The codes API.md names: the error table's `code` column, and every code written after its status ("422 `INVALID_PIN`", "500 INTERNAL_ERROR"). */
function documentedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const line of apiMd.split('\n').filter((row) => /^\| [45]\d\d/.test(row))) for (const match of line.matchAll(/`([A-Z][A-Z_]{3,})`/g)) codes.add(match[1]!);
  for (const match of apiMd.matchAll(/\b[1-5]\d\d\)?,? `?([A-Z][A-Z_]{3,})\b/g)) codes.add(match[1]!);
  return codes;
}

/** The readiness probe's 503 is for the load balancer, never shown to a customer. */
const notForCustomers = new Set(['UNAVAILABLE']);

describe('error codes in the catalogue', () => {
  const documented = documentedCodes();
  const inCode = Object.keys(statusForCode);

  it('reads the codes API.md names (the table and the calls)', () => {
    expect(documented.size).toBeGreaterThanOrEqual(25);
    for (const code of ['VALIDATION_FAILED', 'INVALID_PIN', 'RATE_LIMITED', 'PROVIDER_TIMEOUT', 'INTERNAL_ERROR']) expect(documented, code).toContain(code);
  });

  it('has API.md name every code the code can answer', () => {
    expect(inCode.filter((code) => !documented.has(code))).toEqual([]);
  });

  it.each(locales)('has an error.<CODE> sentence for every code in %s', (locale) => {
    const codes = [...new Set([...documented, ...inCode, 'INTERNAL_ERROR'])].filter((code) => !notForCustomers.has(code)).sort();
    const catalogue = catalogues[locale] as Record<string, string>;
    const missing = codes.filter((code) => !(catalogue[`error.${code}`] ?? '').trim());
    expect(missing).toEqual([]);
  });

  it('says each code in its own words in every other language (not the English left in)', () => {
    for (const locale of locales.filter((name) => name !== 'en')) {
      const same = Object.keys(catalogues.en).filter((key) => key.startsWith('error.') && (catalogues[locale] as Record<string, string>)[key] === (catalogues.en as Record<string, string>)[key]);
      expect(same, locale).toEqual([]);
    }
  });
});
