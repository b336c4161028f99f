import { atom, type WritableAtom } from 'nanostores';

/**
 * An atom kept in local storage under `key` (JSON), for the two stores that outlive a page
 * (auth, signup): read when the module loads, written on every change, followed across tabs.
 * Where there is no local storage (the server, the tests, a browser that refuses it) it is an
 * ordinary atom. A few lines instead of @nanostores/persistent: every island that calls the API
 * carries this, and the package (0.45 kB gzip more, measured) took /kyc-verification to 75.4 kB,
 * over the cap of 75 kB per page (docs/decisions/003-page-weight-budget.md).
 */
export function storedAtom<T extends object>(key: string, initial: T): WritableAtom<T> {
  const storage = localStore();
  const store = atom<T>(parse(storage?.getItem(key), initial));
  const set = store.set.bind(store);
  store.set = (value: T) => {
    set(value);
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or refused: the page keeps the value; the next page starts from what was stored.
    }
  };
  if (storage && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key) set(parse(event.newValue, initial));
    });
  }
  return store;
}

function localStore(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
