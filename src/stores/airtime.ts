import { atom } from 'nanostores';
import type { Network } from '../lib/bills.ts';
import { processingFlag } from './processing.ts';

/**
 * Seed section 3, airtime state: the providers (mobile networks) and the processing flag. The
 * page hands the server's list to the island, which keeps it here. The PIN is not part of it:
 * the island holds it only while a purchase is on screen.
 *
 * Atoms are module-level, so on the server they would be shared by every request: they are only
 * ever set in the browser (in effects and event handlers), never while rendering.
 */
export const providers = atom<readonly Network[]>([]);
/** Processing is on around a purchase call, off afterwards whatever happens. */
export const { processing, whileProcessing } = /* @__PURE__ */ processingFlag();

export function setProviders(list: readonly Network[]): void {
  if (providers.get() !== list) providers.set(list);
}

