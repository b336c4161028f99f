import { expect } from 'vitest';
import type { ProcessingFlag } from './processing.ts';

/** A store's processing flag is on during a call that throws, off after it, and the error passes through. */
export async function expectProcessingAroundAFailure({ processing, whileProcessing }: ProcessingFlag): Promise<void> {
  let during = false;
  await expect(
    whileProcessing(async () => {
      during = processing.get();
      throw new Error('network');
    }),
  ).rejects.toThrow('network');
  expect(during).toBe(true);
  expect(processing.get()).toBe(false);
}
