import { atom, type ReadableAtom } from 'nanostores';

/**
 * The processing flag every money store keeps (seed section 3), with the one way to set it: a
 * wrapper around the call that switches it on before and off after, whatever happens. `settle`
 * runs after the call too (the transfer store clears its PIN there).
 */
export type ProcessingFlag = {
  processing: ReadableAtom<boolean>;
  whileProcessing: <T>(work: () => Promise<T>) => Promise<T>;
};

export function processingFlag(settle?: () => void): ProcessingFlag {
  const processing = atom<boolean>(false);
  async function whileProcessing<T>(work: () => Promise<T>): Promise<T> {
    processing.set(true);
    try {
      return await work();
    } finally {
      processing.set(false);
      settle?.();
    }
  }
  return { processing, whileProcessing };
}
