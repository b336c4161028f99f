/** Waits for an outside system at most `ms`; after that the caller treats the answer as unknown. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what = 'provider'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timeout`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
