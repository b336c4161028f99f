import { atom } from 'nanostores';
import type { Network } from '../lib/bills.ts';

/**
 * Seed section 3, airtime state: the providers (mobile networks) and the processing flag. The
 * page hands the server's list to the island, which keeps it here. The PIN is not part of it:
 * the island holds it only while a purchase is on screen.
 *
 * Atoms are module-level, so on the server they would be shared by every request: they are only
 * ever set in the browser (in effects and event handlers), never while rendering.
 */
export const providers = atom<readonly Network[]>([]);
export const processing = atom<boolean>(false);

export function setProviders(list: readonly Network[]): void {
  if (providers.get() !== list) providers.set(list);
}

/** Wraps a purchase call: processing on around it, off afterwards whatever happens. */
export async function whileProcessing<T>(work: () => Promise<T>): Promise<T> {
  processing.set(true);
  try {
    return await work();
  } finally {
    processing.set(false);
  }
}
