import type { WritableAtom } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';

/**
 * An atom kept in local storage under `key` as JSON (@nanostores/persistent), for the two stores
 * that outlive a page (auth, signup): read when the module loads, written on every change,
 * followed across tabs while anything listens. Where there is no local storage (the server, the
 * tests, a browser that refuses it) the package keeps the value in memory. What cannot be read
 * back (a value from an older build, or typed in by hand) is the store's initial value.
 */
export function storedAtom<T extends object>(key: string, initial: T): WritableAtom<T> {
  return persistentAtom<T>(key, initial, { encode: JSON.stringify, decode: (text) => parse(text, initial) });
}

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
