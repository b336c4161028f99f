import { atom } from 'nanostores';
import type { Disco } from '../lib/bills.ts';

/**
 * Seed section 3, electricity state: providers (the distribution companies, with the meter types
 * each sells and its amount range). The page hands the server's list to the island, which keeps
 * it here. The PIN and the processing flag are the transfer store's: one PIN, one money call at
 * a time.
 */
export const providers = atom<readonly Disco[]>([]);

export function setProviders(list: readonly Disco[]): void {
  if (providers.get() !== list) providers.set(list);
}

/** The DisCo with this id, if it is one of the providers. */
export function providerById(id: string): Disco | undefined {
  return id ? providers.get().find((disco) => disco.id === id) : undefined;
}
