/**
 * Sentences with values in them ("No {bank} account has that number."), said again in the
 * customer's language inside an island, without the catalogue: the page hands the island
 * (English template, translation) pairs (translate.ts `sayingPatternsFor`), and the island
 * finds the one a message is and fills the translation with its values.
 */
export type SaidPattern = readonly [english: string, local: string];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function sayByPattern(message: string, patterns: readonly SaidPattern[]): string | null {
  for (const [english, local] of patterns) {
    const names: string[] = [];
    const source = english
      .split(/\{(\w+)\}/)
      .map((part, index) => (index % 2 === 1 ? (names.push(part), '(.+?)') : escape(part)))
      .join('');
    const match = new RegExp(`^${source}$`, 's').exec(message);
    if (match) return local.replace(/\{(\w+)\}/g, (whole, name: string) => (names.includes(name) ? match[names.indexOf(name) + 1]! : whole));
  }
  return null;
}
