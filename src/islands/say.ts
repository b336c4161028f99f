/**
 * An island's `said` prop at work: what its check and the API say in English (src/lib/checks,
 * the API's messages) → the same in the customer's language, as the page picked them
 * (src/i18n/translate.ts `sayingsFor`); a message the page did not give stays as said. Empty in
 * English. A module of its own so that an island takes nothing else with it.
 */
export type Say = <T extends string | null | undefined>(message: T) => T;

export function sayWith(said: Record<string, string> = {}): Say {
  return <T extends string | null | undefined>(message: T): T => (message ? (said[message] ?? message) : message) as T;
}
