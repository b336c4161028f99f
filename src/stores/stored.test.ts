import { afterEach, describe, expect, it } from 'vitest';
import { setPersistentEngine, type PersistentListener } from '@nanostores/persistent';
import { storedAtom } from './stored.ts';

// A storage and its events, as a browser's local storage would give them (@nanostores/persistent's engine hook).
const storage: Record<string, string> = {};
const listeners: PersistentListener[] = [];
setPersistentEngine(storage, { addEventListener: (_key, listener) => listeners.push(listener), removeEventListener: () => undefined });

afterEach(() => {
  for (const key of Object.keys(storage)) delete storage[key];
});

describe('storedAtom', () => {
  it('keeps its value in local storage as JSON and reads it back', () => {
    const first = storedAtom('test-a', { step: 1 });
    first.set({ step: 2 });
    expect(storage['test-a']).toBe('{"step":2}');
    expect(storedAtom('test-a', { step: 1 }).get()).toEqual({ step: 2 });
  });

  it('starts from its initial value when what is stored cannot be read', () => {
    storage['test-b'] = '{not json';
    expect(storedAtom('test-b', { step: 1 }).get()).toEqual({ step: 1 });
    storage['test-c'] = '';
    expect(storedAtom('test-c', { step: 1 }).get()).toEqual({ step: 1 });
  });

  it('follows a change made in another tab while something listens', () => {
    const store = storedAtom('test-d', { step: 1 });
    const seen: number[] = [];
    const stop = store.subscribe((value) => seen.push(value.step));
    for (const listener of listeners) listener({ key: 'test-d', newValue: '{"step":3}' });
    expect(store.get()).toEqual({ step: 3 });
    stop();
    expect(seen).toContain(3);
  });
});
